/** Tables of migration 1300 (commerce). */
export interface PackageTable {
  id: string;
  name: string;
  /** 'count' | 'monthly' | 'yearly' */
  kind: string;
  bids: number;
  months: number;
  /** Fen. */
  price: number;
  original_price: number | null;
  description: string;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface OrderTable {
  id: string;
  user_id: string;
  tenant_id: string;
  /** Whose quota the order credits: 'user' or 'tenant' (a company's shared quota). */
  holder: string;
  package_id: string;
  /** What was bought, copied at purchase so a later package edit changes no order. */
  package_name: string;
  kind: string;
  bids: number;
  months: number;
  /** Fen. */
  amount: number;
  /** 'transfer' | 'wechat' */
  pay_method: string;
  /** 'created' | 'paid' | 'cancelled' | 'refunded' */
  status: string;
  paid_at: string | null;
  /** The operator who confirmed a transfer. */
  confirmed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Every quota movement: a bid taking a unit (reason 'bid'), an order crediting (reason 'order'). */
export interface UserBidLogTable {
  id: string;
  user_id: string;
  tenant_id: string;
  /** 'month' | 'temporary' | 'grant' | 'purchased' | 'unlimited' */
  bucket: string;
  delta: number;
  reason: string;
  bid_id: string | null;
  order_id: string | null;
  created_at: string;
}
