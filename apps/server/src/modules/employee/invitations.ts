import {
  EMPLOYEE_INVITATION_LIMITS,
  maskPhone,
  type EmployeeInvitation,
  type MyEmployeeInvitation,
} from '@bid/shared';
import { businessWarning, conflict, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { EmployeeInvitationTable } from './tables.ts';
import { InvitationRepo } from './invitation-repo.ts';
import { UserRepo } from '../user/repo.ts';
import { inTx, type Db } from '../../db/db.ts';

const NOT_FOUND = '邀请不存在或已失效';

function adminView(r: EmployeeInvitationTable): EmployeeInvitation {
  return { id: r.id, name: r.name, phone: maskPhone(r.phone), status: r.status, createTime: r.created_at };
}

/**
 * Joining a company takes the person's consent: the administrator invites a phone number, the
 * person sees the invitation after logging in with it and accepts or declines. The administrator's
 * answer never depends on whom the number belongs to, so it reveals nothing about other companies.
 */
export class EmployeeInvitations {
  constructor(
    private readonly db: Db,
    private readonly repo = new InvitationRepo(db),
    private readonly users = new UserRepo(db),
  ) {}

  /** A pending invitation of the company for this phone (an earlier one is renewed, not repeated). */
  async invite(
    tenantId: string,
    invitedBy: string,
    phone: string,
    name: string | undefined,
  ): Promise<EmployeeInvitation> {
    if (await this.users.memberByPhone(tenantId, phone)) throw conflict('该手机号已是本企业员工');
    const now = nowIso();
    const pending = await this.repo.pendingFor(tenantId, phone);
    if (pending) {
      const renewed = { ...pending, name: name ?? pending.name, updated_at: now };
      await this.repo.rename(pending.id, renewed.name, now);
      return adminView(renewed);
    }
    if ((await this.repo.countPending(tenantId)) >= EMPLOYEE_INVITATION_LIMITS.maxPending)
      throw businessWarning(
        `待接受的邀请已有 ${EMPLOYEE_INVITATION_LIMITS.maxPending} 个，请先撤回不再需要的邀请`,
      );
    const row: EmployeeInvitationTable = {
      id: newId(),
      tenant_id: tenantId,
      phone,
      name: name ?? '',
      invited_by: invitedBy,
      status: 'pending',
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    return adminView(row);
  }

  async pendingOfCompany(tenantId: string): Promise<EmployeeInvitation[]> {
    return (await this.repo.pendingOfCompany(tenantId, EMPLOYEE_INVITATION_LIMITS.maxPending)).map(adminView);
  }

  async revoke(tenantId: string, id: string): Promise<void> {
    if (!(await this.repo.settle(this.db, id, 'revoked', nowIso(), tenantId))) throw notFound(NOT_FOUND);
  }

  /** Pending invitations addressed to the caller's phone. */
  async mine(userId: string): Promise<MyEmployeeInvitation[]> {
    const user = await this.users.findById(userId);
    if (!user?.phone) return [];
    const rows = await this.repo.addressedTo(user.phone, 20);
    return rows.map((r) => ({
      id: r.id,
      companyName: r.companyName,
      inviterName: r.inviterName ?? '',
      createTime: r.created_at,
    }));
  }

  /**
   * The person's answer. Accepting moves the account into the company (the personal tenant is kept
   * and given back on removal); the login stays valid (the tenant is read on every request).
   */
  async answer(userId: string, id: string, accept: boolean): Promise<void> {
    await inTx(this.db, async (trx) => {
      const user = await this.users.findById(userId, trx);
      const inv = user?.phone ? await this.repo.pendingById(trx, id, user.phone) : undefined;
      if (!user || !inv) throw notFound(NOT_FOUND);
      const now = nowIso();
      if (accept) {
        if (user.is_employee === 1)
          throw conflict(
            user.tenant_id === inv.tenant_id
              ? '您已是该企业的员工'
              : '您已是其他企业的员工，需先由该企业移除后才能接受新的邀请',
          );
        if (!(await this.users.tenant(inv.tenant_id, trx))) throw notFound(NOT_FOUND);
        const joined = await this.users.joinCompany(
          trx,
          user,
          inv.tenant_id,
          user.name ? null : inv.name || null,
          now,
        );
        if (!joined) throw conflict('您已是其他企业的员工，需先由该企业移除后才能接受新的邀请');
      }
      if (!(await this.repo.settle(trx, inv.id, accept ? 'accepted' : 'declined', now)))
        throw notFound(NOT_FOUND);
    });
  }
}
