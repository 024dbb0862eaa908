import type { Db } from '../../db/db.ts';

export interface BidOffer {
  lot: number | null;
  amount: number;
}

/** The bid_offers table: one 报价 per bid. */
export class OfferRepo {
  constructor(private readonly db: Db) {}

  async find(bidId: string, db: Db = this.db): Promise<BidOffer | null> {
    const row = await db
      .selectFrom('bid_offers')
      .select(['lot', 'amount'])
      .where('bid_id', '=', bidId)
      .executeTakeFirst();
    return row ? { lot: row.lot, amount: Number(row.amount) } : null;
  }

  async save(db: Db, bidId: string, offer: BidOffer | null, now: string): Promise<void> {
    await db.deleteFrom('bid_offers').where('bid_id', '=', bidId).execute();
    if (!offer) return;
    await db
      .insertInto('bid_offers')
      .values({ bid_id: bidId, lot: offer.lot, amount: offer.amount.toFixed(2), updated_at: now })
      .execute();
  }
}
