/**
 * A bid's 报价 (migration 0210): entered once, read by every price blank of the tender's forms.
 * `amount` is the 小写 in yuan as decimal text (exact to the fen on both dialects); `lot` is the
 * 采购包 the bid answered when it was entered.
 */
export interface BidOfferTable {
  bid_id: string;
  lot: number | null;
  amount: string;
  updated_at: string;
}

/** The 工期, 质保期 and 投标有效期 a bid states (migration 1510); a null column states the tender's own. */
export interface BidTermsTable {
  bid_id: string;
  period: string | null;
  warranty: string | null;
  validity: string | null;
  updated_at: string;
}

/** A bid's 分项报价 lines in order (migration 1520); their 合计 is the amount in bid_offers. */
export interface BidOfferLineTable {
  bid_id: string;
  position: number;
  name: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
}
