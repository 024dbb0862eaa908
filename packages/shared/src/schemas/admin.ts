import { z } from 'zod';

/**
 * The operators' console (issue 17): the audit log, users and companies, packages and coupons,
 * refunds and revenue. Money is fen in the database and "199.00" here, as in commerce.ts.
 */
const pageFields = {
  current: z.coerce.number().int().min(1, '页码必须从 1 开始').default(1),
  size: z.coerce.number().int().min(1, '每页条数须在 1 到 100 之间').max(100, '每页条数须在 1 到 100 之间').default(20),
};

/** GET admin/audit/list: newest first; operator matches the operator's account or name, action a part of the path. */
export const auditLogQuerySchema = z.object({
  ...pageFields,
  operator: z.string().trim().max(50, '操作人不能超过 50 个字符').optional(),
  action: z.string().trim().max(100, '操作不能超过 100 个字符').optional(),
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
