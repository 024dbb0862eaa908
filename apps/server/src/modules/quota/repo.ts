import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/db.ts';
import { newestPage } from '../../db/paging.ts';

/** Whose quota: a company's (tenants row) or a person's (users row); both have the same columns. */
export interface QuotaHolderRef {
  table: 'tenants' | 'users';
  id: string;
}

/** The package columns of a quota holder that orders and refunds change. */
export interface PackagePatch {
  package_unlimited_until?: string | null;
  package_unit?: string | null;
  monthly_until?: string | null;
  monthly_allowance?: number;
  month_reset_at?: string | null;
  month_bid_number?: number;
}

export type BucketColumn = 'month_bid_number' | 'temporary_bid_number' | 'grant_bid_number' | 'bid_number';

/** The quota columns of tenants and users, and the user_bid_logs that record every movement. */
export class QuotaRepo {
  monthState(db: Db, h: QuotaHolderRef) {
    return db
      .selectFrom(h.table)
      .select(['month_reset_at', 'monthly_until', 'monthly_allowance', 'month_bid_number'])
      .where('id', '=', h.id)
      .executeTakeFirst();
  }

  /** Writes the month's roll if nobody rolled since `readResetAt`; false when someone did. */
  async rollMonth(
    db: Db,
    h: QuotaHolderRef,
    readResetAt: string,
    patch:
      | { month_bid_number: number; month_reset_at: string }
      | { month_bid_number: 0; month_reset_at: null; monthly_allowance: 0 },
  ): Promise<boolean> {
    const res = await db
      .updateTable(h.table)
      .set(patch)
      .where('id', '=', h.id)
      .where('month_reset_at', '=', readResetAt)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  buckets(db: Db, h: QuotaHolderRef) {
    return db
      .selectFrom(h.table)
      .select([
        'month_bid_number',
        'temporary_bid_number',
        'grant_bid_number',
        'bid_number',
        'package_unlimited_until',
      ])
      .where('id', '=', h.id)
      .executeTakeFirst();
  }

  /** One unit off `column` if it has one: the check and the decrement are one statement. */
  async takeOne(db: Db, h: QuotaHolderRef, column: BucketColumn): Promise<boolean> {
    const res = await db
      .updateTable(h.table)
      .set((eb) => ({ [column]: eb(eb.ref(column), '-', 1) }))
      .where('id', '=', h.id)
      .where(column, '>', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The ends of the holder's yearly and monthly packages. */
  packageEnds(db: Db, h: QuotaHolderRef) {
    return db
      .selectFrom(h.table)
      .select(['package_unlimited_until', 'monthly_until', 'month_reset_at'])
      .where('id', '=', h.id)
      .executeTakeFirst();
  }

  /** Starts, moves or ends the holder's packages (a paid order, a refund). */
  async setPackage(db: Db, h: QuotaHolderRef, patch: PackagePatch): Promise<void> {
    await db.updateTable(h.table).set(patch).where('id', '=', h.id).execute();
  }

  /** The units left in one bucket (0 when the holder is gone). */
  async bucket(db: Db, h: QuotaHolderRef, column: BucketColumn): Promise<number> {
    const row = await this.buckets(db, h);
    return row ? Number(row[column]) : 0;
  }

  /** Sets a bucket to `value` if it still holds `have`; false when it changed in between. */
  async setBucketIf(
    db: Db,
    h: QuotaHolderRef,
    column: BucketColumn,
    have: number,
    value: number,
  ): Promise<boolean> {
    const res = await db
      .updateTable(h.table)
      .set({ [column]: value })
      .where('id', '=', h.id)
      .where(column, '=', have)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Adds bought units to the holder's purchased bucket. */
  async addPurchased(db: Db, h: QuotaHolderRef, units: number): Promise<void> {
    await db
      .updateTable(h.table)
      .set((eb) => ({ bid_number: eb(eb.ref('bid_number'), '+', units) }))
      .where('id', '=', h.id)
      .execute();
  }

  /** A page of the movements of a company's quota (userId null) or one person's, newest first, and their count. */
  async logPage(db: Db, tenantId: string, userId: string | null, q: { current: number; size: number }) {
    let base = db.selectFrom('user_bid_logs').where('tenant_id', '=', tenantId);
    if (userId) base = base.where('user_id', '=', userId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await newestPage(base.selectAll(), 'user_bid_logs', q).execute();
    return { total: Number(total?.n ?? 0), rows };
  }

  async log(db: Db, row: Insertable<Database['user_bid_logs']>): Promise<void> {
    await db.insertInto('user_bid_logs').values(row).execute();
  }
}
