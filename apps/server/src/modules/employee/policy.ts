import { forbidden } from '../../http/errors.ts';
import type { SessionActor } from '../../policy/actor.ts';

/**
 * The company's rules: only the administrator of a company account manages its employees and
 * invitations; any signed-in user answers invitations addressed to them.
 * Returns the company (tenant) the administrator manages.
 */
export function authorizeEmployeeAdmin(actor: SessionActor): string {
  if (actor.role !== 'company_admin' || !actor.isEmployee) throw forbidden('仅企业管理员可以管理员工');
  return actor.tenantId;
}
