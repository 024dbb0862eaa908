import type { Kysely } from 'kysely';
import {
  EMPLOYEE_INVITATION_LIMITS,
  maskPhone,
  type EmployeeInvitation,
  type MyEmployeeInvitation,
} from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { businessWarning, conflict, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { EmployeeInvitationTable } from './tables.ts';
import { inTx } from '../../db/db.ts';

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
  constructor(private readonly db: Kysely<Database>) {}

  /** A pending invitation of the company for this phone (an earlier one is renewed, not repeated). */
  async invite(
    tenantId: string,
    invitedBy: string,
    phone: string,
    name: string | undefined,
  ): Promise<EmployeeInvitation> {
    const member = await this.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('tenant_id', '=', tenantId)
      .where('is_employee', '=', 1)
      .executeTakeFirst();
    if (member) throw conflict('该手机号已是本企业员工');
    const now = nowIso();
    const pending = await this.db
      .selectFrom('employee_invitations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) {
      const renewed = { ...pending, name: name ?? pending.name, updated_at: now };
      await this.db
        .updateTable('employee_invitations')
        .set({ name: renewed.name, updated_at: now })
        .where('id', '=', pending.id)
        .execute();
      return adminView(renewed);
    }
    const count = await this.db
      .selectFrom('employee_invitations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= EMPLOYEE_INVITATION_LIMITS.maxPending)
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
    await this.db.insertInto('employee_invitations').values(row).execute();
    return adminView(row);
  }

  async pendingOfCompany(tenantId: string): Promise<EmployeeInvitation[]> {
    const rows = await this.db
      .selectFrom('employee_invitations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(EMPLOYEE_INVITATION_LIMITS.maxPending)
      .execute();
    return rows.map(adminView);
  }

  async revoke(tenantId: string, id: string): Promise<void> {
    const r = await this.db
      .updateTable('employee_invitations')
      .set({ status: 'revoked', updated_at: nowIso() })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw notFound(NOT_FOUND);
  }

  /** Pending invitations addressed to the caller's phone. */
  async mine(userId: string): Promise<MyEmployeeInvitation[]> {
    const user = await this.db
      .selectFrom('users')
      .select(['phone'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.phone) return [];
    const rows = await this.db
      .selectFrom('employee_invitations as i')
      .innerJoin('tenants as t', 't.id', 'i.tenant_id')
      .leftJoin('users as u', 'u.id', 'i.invited_by')
      .select(['i.id', 'i.created_at', 't.name as companyName', 'u.name as inviterName'])
      .where('i.phone', '=', user.phone)
      .where('i.status', '=', 'pending')
      .orderBy('i.created_at', 'desc')
      .limit(20)
      .execute();
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
      const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      const inv = user?.phone
        ? await trx
            .selectFrom('employee_invitations')
            .selectAll()
            .where('id', '=', id)
            .where('phone', '=', user.phone)
            .where('status', '=', 'pending')
            .executeTakeFirst()
        : undefined;
      if (!user || !inv) throw notFound(NOT_FOUND);
      const now = nowIso();
      if (accept) {
        if (user.is_employee === 1)
          throw conflict(
            user.tenant_id === inv.tenant_id
              ? '您已是该企业的员工'
              : '您已是其他企业的员工，需先由该企业移除后才能接受新的邀请',
          );
        const tenant = await trx
          .selectFrom('tenants')
          .select('id')
          .where('id', '=', inv.tenant_id)
          .executeTakeFirst();
        if (!tenant) throw notFound(NOT_FOUND);
        const moved = await trx
          .updateTable('users')
          .set({
            tenant_id: inv.tenant_id,
            home_tenant_id: user.tenant_id,
            role: 'employee',
            is_employee: 1,
            ...(!user.name && inv.name ? { name: inv.name } : {}),
            updated_at: now,
          })
          .where('id', '=', user.id)
          .where('is_employee', '=', 0)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1)
          throw conflict('您已是其他企业的员工，需先由该企业移除后才能接受新的邀请');
      }
      const done = await trx
        .updateTable('employee_invitations')
        .set({ status: accept ? 'accepted' : 'declined', updated_at: now })
        .where('id', '=', inv.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw notFound(NOT_FOUND);
    });
  }
}
