import { pageSchema } from '../envelope.ts';
import { auditLogItemSchema, auditLogQuerySchema } from '../schemas/admin.ts';
import { get, type In, type Out } from './define.ts';

/** The operators' console beyond orders: audit log, users and companies, packages and coupons. */
export const adminEndpoints = {
  adminAuditList: get<Out<ReturnType<typeof pageSchema<typeof auditLogItemSchema>>>, In<typeof auditLogQuerySchema>>('/admin/audit/list', auditLogQuerySchema, pageSchema(auditLogItemSchema)),
} as const;
