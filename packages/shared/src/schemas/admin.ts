import { z } from 'zod';
import { longText, plainText } from './text.ts';

/**
 * The operators' console (issue 17): the audit log, users and companies, packages and coupons,
 * refunds and revenue. Money is fen in the database and "199.00" here, as in commerce.ts.
 */
const pageFields = {
  current: z.coerce.number().int().min(1, '页码必须从 1 开始').default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, '每页条数须在 1 到 100 之间')
    .max(100, '每页条数须在 1 到 100 之间')
    .default(20),
};

/** GET admin/audit/list: newest first; operator matches the operator's account or name, action a part of the path. */
export const auditLogQuerySchema = z.object({
  ...pageFields,
  operator: plainText().trim().max(50, '操作人不能超过 50 个字符').optional(),
  action: plainText().trim().max(100, '操作不能超过 100 个字符').optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogItemSchema = z.object({
  id: z.string(),
  operatorId: z.string(),
  operatorAccount: z.string(),
  operatorName: z.string(),
  /** The console call's path, e.g. /api/admin/order/confirm. */
  action: z.string(),
  method: z.string(),
  targetId: z.string().nullable(),
  /** The request body, secrets masked and long values cut. */
  summary: z.string(),
  ip: z.string().nullable(),
  createTime: z.string(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

const moneySchema = z.string().regex(/^\d+\.\d{2}$/);
/** Money typed by an operator: yuan with at most two decimals ("199", "199.9", "199.90"). */
const yuanInput = (label: string) =>
  plainText()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `${label}请填写金额，如 199 或 199.90`);

/** "199.90" -> 19990 (whole fen; the input schema allows at most two decimals). */
export function yuanToFen(yuan: string): number {
  const [whole, frac = ''] = yuan.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const USER_STATUSES = ['active', 'disabled', 'removed'] as const;
export const USER_STATUS_LABELS: Record<(typeof USER_STATUSES)[number], string> = {
  active: '正常',
  disabled: '已停用',
  removed: '已移出企业',
};
export const USER_ROLE_LABELS: Record<string, string> = {
  personal: '个人',
  company_admin: '企业管理员',
  employee: '企业员工',
};

/** GET admin/user/list: keyword matches phone, account, name or company name. */
export const adminUserListQuerySchema = z.object({
  ...pageFields,
  keyword: plainText().trim().max(50, '关键词不能超过 50 个字符').optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserItemSchema = z.object({
  id: z.string(),
  account: z.string(),
  phone: z.string().nullable(),
  name: z.string(),
  role: z.string(),
  status: z.enum(USER_STATUSES),
  tenantId: z.string(),
  companyName: z.string().nullable(),
  createTime: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type AdminUserItem = z.infer<typeof adminUserItemSchema>;

const bidLogRowSchema = z.object({
  id: z.string(),
  delta: z.number(),
  bucket: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  orderId: z.string().nullable(),
  createTime: z.string(),
});

/** GET admin/user/detail: the user, the quota they draw on (the company's for company users), orders, movements, company. */
export const adminUserDetailSchema = z.object({
  user: adminUserItemSchema,
  quota: z.object({
    month: z.number(),
    temporary: z.number(),
    grant: z.number(),
    purchased: z.number(),
    total: z.number(),
    unlimited: z.boolean(),
    unlimitedUntil: z.string().nullable(),
    holder: z.enum(['user', 'tenant']),
  }),
  orders: z.array(
    z.object({
      id: z.string(),
      packageName: z.string(),
      amount: moneySchema,
      status: z.string(),
      createTime: z.string(),
    }),
  ),
  bidLogs: z.array(bidLogRowSchema),
  company: z
    .object({
      id: z.string(),
      name: z.string(),
      members: z.array(
        z.object({
          id: z.string(),
          account: z.string(),
          name: z.string(),
          role: z.string(),
          status: z.enum(USER_STATUSES),
        }),
      ),
    })
    .nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const GRANT_BUCKETS = ['grant', 'temporary'] as const;
/** POST admin/user/grant: adds units to the bucket of whoever the user draws on. */
export const grantQuotaSchema = z.object({
  userId: plainText().min(1, '请选择用户'),
  bucket: z.enum(GRANT_BUCKETS, { message: '额度类型只能是赠送额度或体验额度' }),
  amount: z
    .number({ message: '请填写份数' })
    .int('份数必须是整数')
    .min(1, '份数须在 1 到 1000 之间')
    .max(1000, '份数须在 1 到 1000 之间'),
  reason: longText().trim().min(1, '请填写赠送原因').max(200, '原因不能超过 200 个字符'),
});
export type GrantQuotaInput = z.infer<typeof grantQuotaSchema>;

/** POST admin/user/status: disabling revokes every session at once; data is kept. */
export const setUserStatusSchema = z.object({
  userId: plainText().min(1, '请选择用户'),
  disabled: z.boolean({ message: '请说明停用还是启用' }),
});
export type SetUserStatusInput = z.infer<typeof setUserStatusSchema>;
export const userStatusResultSchema = z.object({
  id: z.string(),
  status: z.enum(USER_STATUSES),
  revokedSessions: z.number(),
});

/** Packages as the console sees them: disabled ones too, with sort and state. */
export const adminPackageItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['count', 'monthly', 'yearly']),
  bids: z.number(),
  months: z.number(),
  price: moneySchema,
  originalPrice: moneySchema.nullable(),
  description: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
});
export type AdminPackageItem = z.infer<typeof adminPackageItemSchema>;

/** POST admin/package/save: without id a new package; with id an edit (orders keep what they bought). */
export const savePackageSchema = z
  .object({
    id: plainText().optional(),
    name: plainText().trim().min(1, '请填写套餐名称').max(40, '套餐名称不能超过 40 个字符'),
    kind: z.enum(['count', 'monthly', 'yearly'], { message: '套餐类型只能是按份、包月或包年' }),
    bids: z.number().int('份数必须是整数').min(0, '份数不能小于 0').max(100000, '份数过大'),
    months: z.number().int('月数必须是整数').min(0, '月数不能小于 0').max(120, '月数不能超过 120'),
    price: yuanInput('价格'),
    originalPrice: yuanInput('原价').nullable().optional(),
    description: longText().trim().max(200, '说明不能超过 200 个字符').default(''),
    sort: z.number().int('排序必须是整数').min(0, '排序不能小于 0').max(100000, '排序过大').default(100),
    enabled: z.boolean().default(true),
  })
  .refine((p) => p.kind === 'yearly' || p.bids >= 1, {
    message: '按份和包月套餐的份数至少为 1',
    path: ['bids'],
  })
  .refine((p) => p.kind === 'count' || p.months >= 1, {
    message: '包月和包年套餐的月数至少为 1',
    path: ['months'],
  })
  .refine((p) => yuanToFen(p.price) >= 1, { message: '价格至少 0.01 元', path: ['price'] });
export type SavePackageInput = z.infer<typeof savePackageSchema>;

export const setEnabledSchema = z.object({
  id: plainText().min(1, '缺少 id'),
  enabled: z.boolean({ message: '请说明启用还是停用' }),
});
export type SetEnabledInput = z.infer<typeof setEnabledSchema>;

export const COUPON_KINDS = ['amount', 'percent'] as const;
export const adminCouponItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** amount: yuan off ("20.00"); percent: percent off ("15"). */
  value: z.string(),
  minAmount: moneySchema,
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().nullable(),
  usedCount: z.number(),
  enabled: z.boolean(),
  createTime: z.string(),
});
export type AdminCouponItem = z.infer<typeof adminCouponItemSchema>;

/** POST admin/coupon/save. */
export const saveCouponSchema = z
  .object({
    id: plainText().optional(),
    code: plainText()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, '优惠码为 3 到 40 位字母、数字、下划线或连字符'),
    name: plainText().trim().min(1, '请填写名称').max(40, '名称不能超过 40 个字符'),
    kind: z.enum(COUPON_KINDS, { message: '优惠方式只能是立减或折扣' }),
    /** amount: yuan off; percent: whole percent off (1..99). */
    value: plainText().trim().min(1, '请填写优惠额度'),
    minAmount: yuanInput('最低金额').default('0'),
    validFrom: plainText().datetime({ offset: true, message: '生效时间格式不正确' }).nullable().optional(),
    validUntil: plainText().datetime({ offset: true, message: '截止时间格式不正确' }).nullable().optional(),
    maxUses: z
      .number()
      .int('次数必须是整数')
      .min(1, '可用次数至少 1 次')
      .max(1_000_000, '可用次数过大')
      .nullable()
      .optional(),
    enabled: z.boolean().default(true),
  })
  .refine(
    (c) =>
      c.kind === 'percent'
        ? /^\d{1,2}$/.test(c.value) && Number(c.value) >= 1
        : /^\d{1,7}(\.\d{1,2})?$/.test(c.value) && yuanToFen(c.value) >= 1,
    {
      message: '立减请填写金额（如 20），折扣请填写 1 到 99 的百分比',
      path: ['value'],
    },
  )
  .refine((c) => !c.validFrom || !c.validUntil || Date.parse(c.validFrom) < Date.parse(c.validUntil), {
    message: '截止时间须晚于生效时间',
    path: ['validUntil'],
  });
export type SaveCouponInput = z.infer<typeof saveCouponSchema>;

/** POST admin/order/refund: the money goes back offline; the quota the order credited is taken back. */
export const refundOrderSchema = z.object({
  id: plainText().min(1, '缺少订单号'),
  note: longText().trim().min(1, '请填写退款说明').max(200, '退款说明不能超过 200 个字符'),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;
export const refundOrderResultSchema = z.object({
  id: z.string(),
  status: z.literal('refunded'),
  /** Units taken back (0 for a yearly package, whose end moves back instead). */
  takenBack: z.number(),
  /** What had already been used and could not be taken back. */
  alreadyUsed: z.number(),
});
export type RefundOrderResult = z.infer<typeof refundOrderResultSchema>;

/** GET admin/revenue: per day (Beijing time), last 30 days, paid minus refunded. */
export const adminRevenueSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      newUsers: z.number(),
      newBids: z.number(),
      orders: z.number(),
      paid: moneySchema,
      refunded: moneySchema,
      /** Paid minus refunded that day, may be negative ("-199.00"). */
      revenue: z.string(),
    }),
  ),
});
export type AdminRevenue = z.infer<typeof adminRevenueSchema>;
