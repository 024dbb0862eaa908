/** Table of migration 1320 (the operators' audit log). */
export interface AuditLogTable {
  id: string;
  /** users.id of the operator. */
  operator_id: string;
  /** The route path, e.g. /api/admin/order/confirm. */
  action: string;
  method: string;
  /** The id the body named (id, userId, orderId, ...), when it named one. */
  target_id: string | null;
  /** The request body as JSON with secrets masked and long values cut (see redact.ts). */
  summary: string;
  ip: string | null;
  created_at: string;
}
