import type { Db } from '../../db/db.ts';
import type { BidAmendmentTable } from './tables.ts';

export type BidAmendmentRow = Pick<BidAmendmentTable, 'id' | 'name' | 'changes' | 'created_at'>;

/** The bid_amendments table, in the order they were added (ids are time-ordered). */
export class AmendmentRepo {
  constructor(private readonly db: Db) {}

  async list(bidId: string, db: Db = this.db): Promise<BidAmendmentRow[]> {
    return db
      .selectFrom('bid_amendments')
      .select(['id', 'name', 'changes', 'created_at'])
      .where('bid_id', '=', bidId)
      .orderBy('id')
      .execute();
  }

  async insert(db: Db, row: BidAmendmentTable): Promise<void> {
    await db.insertInto('bid_amendments').values(row).execute();
  }
}
