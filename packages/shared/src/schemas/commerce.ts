import { z } from 'zod';
import { plainText } from './text.ts';
import { idSchema } from './common.ts';
import { QUOTA_BUCKETS, quotaSchema } from './bid.ts';
import { PACKAGE_KINDS } from './packageKinds.ts';

/**
 * Commerce (API.md "Commerce", SPEC section 7 Order): packages, orders, quota movements, and the
 * operators' console calls under /api/admin. Money is fen in the database and "199.00" here.
 */
export { PACKAGE_KIND_LABELS, PACKAGE_KINDS, type PackageKind } from './packageKinds.ts';

export const ORDER_STATUSES = ['created', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAY_METHODS = ['wechat', 'transfer'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Why a quota movement happened (user_bid_logs.reason). */
export const QUOTA_REASONS = ['bid', 'order', 'grant', 'signup', 'invite'] as const;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: '待付款',
  paid: '已付款',
  cancelled: '已取消',
  refunded: '已退款',
};

export const QUOTA_BUCKET_LABELS: Record<(typeof QUOTA_BUCKETS)[number], string> = {
  month: '月度额度',
  temporary: '体验额度',
  grant: '赠送额度',
  purchased: '购买额度',
  unlimited: '包年不限份数',
};

export const COMMERCE_MSG = {
  packageNotFound: '套餐不存在或已下架',
  orderNotFound: '订单不存在',
  payMethodUnavailable: '微信支付未开通，请选择银行转账',
  couponUnknown: '优惠码不存在',
  couponDisabled: '优惠码已停用',
  couponNotYet: '优惠码尚未生效',
  couponExpired: '优惠码已过期',
  couponUsedUp: '优惠码已被用完',
  couponMinAmount: (yuan: string) => `该优惠码需订单金额满 ¥${yuan}`,
  couponCodeTaken: '该优惠码已存在',
  orderNotCancellable: '只有待付款的订单可以取消',
  orderNotRefundable: '只有已付款的订单可以退款',
  orderInvoicePending: '该订单有待开具的发票申请，请先在发票管理中驳回该申请，再办理退款',
  orderNotConfirmable: '该订单已取消或已退款，不能确认收款',
  amountMismatch: '支付金额与订单金额不一致',
  payStartFailed: '微信支付下单失败，请稍后重试或选择银行转账',
  notOperator: '仅运营人员可以访问',
} as const;

const moneySchema = z.string().regex(/^\d+\.\d{2}$/);

/** GET order/client/indexShow (public). */
export const packageItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  /** Bid units credited (count and monthly); 0 for yearly (unlimited). */
  bids: z.number(),
  /** Months of validity (monthly, yearly); 0 for count packs. */
  months: z.number(),
  price: moneySchema,
  originalPrice: moneySchema.nullable(),
  description: z.string(),
});
export type PackageItem = z.infer<typeof packageItemSchema>;

/** POST order/client/create. */
export const createOrderSchema = z.object({
  packageId: idSchema,
  couponCode: plainText().trim().max(40, '优惠码不能超过 40 个字符').optional(),
  payMethod: z.enum(PAY_METHODS, { message: '支付方式只能是 wechat 或 transfer' }),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

/** POST order/client/enjoy-discounts: what a package costs with a coupon. */
export const enjoyDiscountsSchema = z.object({
  packageId: idSchema,
  couponCode: plainText().trim().min(1, '请输入优惠码').max(40, '优惠码不能超过 40 个字符'),
});
export type EnjoyDiscountsInput = z.infer<typeof enjoyDiscountsSchema>;
export const enjoyDiscountsResultSchema = z.object({
  amount: moneySchema,
  discount: moneySchema,
  price: moneySchema,
});
export type EnjoyDiscountsResult = z.infer<typeof enjoyDiscountsResultSchema>;

/** Where to send a bank transfer (configuration); `configured` false: contact customer service. */
export const transferInfoSchema = z.object({
  configured: z.boolean(),
  bankName: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  /** Put in the transfer's remark so the operator can match it. */
  remark: z.string(),
});
export type TransferInfo = z.infer<typeof transferInfoSchema>;

export const createOrderResultSchema = z.object({
  orderId: z.string(),
  amount: moneySchema,
  status: z.enum(ORDER_STATUSES),
  codeUrl: z.string().optional(),
  transfer: transferInfoSchema.optional(),
  /** What the coupon took off, when one was used. */
  discount: moneySchema.optional(),
});
export type CreateOrderResult = z.infer<typeof createOrderResultSchema>;

/** GET order/client/payMethods: how orders can be paid here (wechat only when configured). */
export const payMethodsSchema = z.object({ methods: z.array(z.enum(PAY_METHODS)) });
export type PayMethods = z.infer<typeof payMethodsSchema>;

/** One order of oneselfOrderList (and of the console's list, with the buyer). */
export const orderItemSchema = z.object({
  id: z.string(),
  packageName: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  amount: moneySchema,
  payMethod: z.enum(PAY_METHODS),
  status: z.enum(ORDER_STATUSES),
  createTime: z.string(),
  payTime: z.string().nullable(),
  transfer: transferInfoSchema.optional(),
  /** The coupon used and what it took off ("0.00" without one). */
  couponCode: z.string().nullable().optional(),
  discount: moneySchema.optional(),
  refundTime: z.string().nullable().optional(),
  refundNote: z.string().nullable().optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const adminOrderItemSchema = orderItemSchema.extend({
  buyerAccount: z.string(),
  /** 'user' or 'tenant' (a company's order credits the shared quota). */
  holder: z.enum(['user', 'tenant']),
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

/** GET order/client/oneselfList: quota buckets and the packages bought. */
export const oneselfListSchema = z.object({
  quota: quotaSchema,
  packages: z.array(
    z.object({
      orderId: z.string(),
      packageName: z.string(),
      kind: z.enum(PACKAGE_KINDS),
      payTime: z.string(),
    }),
  ),
});
export type OneselfList = z.infer<typeof oneselfListSchema>;

/** GET order/userBidLog/client/list. */
export const bidLogItemSchema = z.object({
  id: z.string(),
  delta: z.number(),
  bucket: z.enum(QUOTA_BUCKETS),
  reason: z.string(),
  bidId: z.string().nullable(),
  orderId: z.string().nullable(),
  createTime: z.string(),
});
export type BidLogItem = z.infer<typeof bidLogItemSchema>;

export const adminOrderListQuerySchema = z.object({
  current: z.coerce.number().int().min(1, '页码必须从 1 开始').default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, '每页条数须在 1 到 100 之间')
    .max(100, '每页条数须在 1 到 100 之间')
    .default(10),
  status: z.enum(ORDER_STATUSES, { message: '订单状态不正确' }).optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** POST admin/order/confirm: `credited` false when the order was already paid (idempotent). */
export const confirmOrderResultSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  credited: z.boolean(),
});
export type ConfirmOrderResult = z.infer<typeof confirmOrderResultSchema>;

/** GET admin/dashboard. */
export const adminDashboardSchema = z.object({
  users: z.number(),
  bids: z.number(),
  ordersCreated: z.number(),
  ordersPaid: z.number(),
  /** Paid orders' total, "199.00". */
  revenue: moneySchema,
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
