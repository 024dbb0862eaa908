import type { ColumnType, Selectable } from 'kysely';
import type { COUPON_KINDS, OrderStatus, PackageKind, PayMethod, QuotaBucket } from '@bid/shared';

/** Tables of migrations 1300 (commerce) and 1321 (coupons, refunds, operator movements). */

/** A column added later with a default or null: inserts may leave it out. */
type Added<T> = ColumnType<T, T | undefined, T>;
export interface PackageTable {
  id: string;
  name: string;
  kind: PackageKind;
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
  holder: 'user' | 'tenant';
  package_id: string;
  /** What was bought, copied at purchase so a later package edit changes no order. */
  package_name: string;
  kind: PackageKind;
  bids: number;
  months: number;
  /** Fen. */
  amount: number;
  pay_method: PayMethod;
  status: OrderStatus;
  paid_at: string | null;
  /** The operator who confirmed a transfer. */
  confirmed_by: string | null;
  created_at: string;
  updated_at: string;
  /** 1321: the coupon used (its code as typed, upper-cased) and what it took off, fen. */
  coupon_code: Added<string | null>;
  discount: Added<number>;
  /** 1321: an operator's refund (money goes back offline; see RefundService). */
  refunded_at: Added<string | null>;
  refunded_by: Added<string | null>;
  refund_note: Added<string | null>;
}

/** 1321: a discount code. */
export interface CouponTable {
  id: string;
  /** Upper case; what the buyer types (matched case-insensitively). */
  code: string;
  name: string;
  /** 'amount' (value: fen off) | 'percent' (value: percent off, 1..99) */
  kind: (typeof COUPON_KINDS)[number];
  value: number;
  /** Fen: the package price must be at least this. */
  min_amount: number;
  valid_from: string | null;
  valid_until: string | null;
  /** null: unlimited. */
  max_uses: number | null;
  /** Counted when an order is created with the code, given back when that order is cancelled. */
  used_count: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** Every quota movement: a bid taking a unit (reason 'bid'), an order crediting (reason 'order'). */
export interface UserBidLogTable {
  id: string;
  user_id: string;
  tenant_id: string;
  bucket: QuotaBucket;
  delta: number;
  reason: string;
  bid_id: string | null;
  order_id: string | null;
  created_at: string;
  /** 1321: the operator of a grant or refund, and the reason they gave. */
  operator_id: Added<string | null>;
  note: Added<string | null>;
}

/** An order as read. */
export type OrderRow = Selectable<OrderTable>;
