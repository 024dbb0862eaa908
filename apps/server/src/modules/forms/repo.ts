import type { BidTermValues, PriceLineInput } from '@bid/shared';
import type { Db } from '../../db/db.ts';

export interface BidOffer {
  lot: number | null;
  amount: number;
}

/** The bid_offers table: one 报价 per bid; bid_offer_lines: its 分项 lines; bid_terms: the 工期, 质保期 and 投标有效期 it states. */
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

  async findTerms(bidId: string, db: Db = this.db): Promise<BidTermValues> {
    const row = await db
      .selectFrom('bid_terms')
      .select(['period', 'warranty', 'validity'])
      .where('bid_id', '=', bidId)
      .executeTakeFirst();
    return row ?? { period: null, warranty: null, validity: null };
  }

  async saveTerms(db: Db, bidId: string, terms: BidTermValues, now: string): Promise<void> {
    await db.deleteFrom('bid_terms').where('bid_id', '=', bidId).execute();
    if (!terms.period && !terms.warranty && !terms.validity) return;
    await db
      .insertInto('bid_terms')
      .values({ bid_id: bidId, ...terms, updated_at: now })
      .execute();
  }

  async findLines(bidId: string, db: Db = this.db): Promise<PriceLineInput[]> {
    const rows = await db
      .selectFrom('bid_offer_lines')
      .select(['name', 'quantity', 'unit_price', 'tax_rate'])
      .where('bid_id', '=', bidId)
      .orderBy('position')
      .execute();
    return rows.map((r) => ({
      name: r.name,
      quantity: Number(r.quantity),
      unitPrice: Number(r.unit_price),
      taxRate: Number(r.tax_rate),
    }));
  }

  async saveLines(db: Db, bidId: string, lines: PriceLineInput[]): Promise<void> {
    await db.deleteFrom('bid_offer_lines').where('bid_id', '=', bidId).execute();
    if (!lines.length) return;
    await db
      .insertInto('bid_offer_lines')
      .values(
        lines.map((l, i) => ({
          bid_id: bidId,
          position: i,
          name: l.name,
          quantity: String(l.quantity),
          unit_price: l.unitPrice.toFixed(2),
          tax_rate: String(l.taxRate),
        })),
      )
      .execute();
  }
}
