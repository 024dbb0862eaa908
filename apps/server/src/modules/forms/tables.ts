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
