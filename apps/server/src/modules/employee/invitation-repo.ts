import type { Db } from '../../db/db.ts';
import type { EmployeeInvitationTable } from './tables.ts';

type Settled = Exclude<EmployeeInvitationTable['status'], 'pending'>;

/** employee_invitations: a company's invitations of phone numbers, and the person's answer. */
export class InvitationRepo {
  constructor(private readonly db: Db) {}

  /** The pending invitation of this company for this phone, if any. */
  pendingFor(tenantId: string, phone: string) {
    return this.db
      .selectFrom('employee_invitations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  async rename(id: string, name: string, at: string): Promise<void> {
    await this.db
      .updateTable('employee_invitations')
      .set({ name, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async countPending(tenantId: string): Promise<number> {
    const r = await this.db
      .selectFrom('employee_invitations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async insert(row: EmployeeInvitationTable): Promise<void> {
    await this.db.insertInto('employee_invitations').values(row).execute();
  }

  /** The company's pending invitations, newest first. */
  pendingOfCompany(tenantId: string, limit: number) {
    return this.db
      .selectFrom('employee_invitations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Pending invitations addressed to a phone, with the inviting company's and person's names. */
  addressedTo(phone: string, limit: number) {
    return this.db
      .selectFrom('employee_invitations as i')
      .innerJoin('tenants as t', 't.id', 'i.tenant_id')
      .leftJoin('users as u', 'u.id', 'i.invited_by')
      .select(['i.id', 'i.created_at', 't.name as companyName', 'u.name as inviterName'])
      .where('i.phone', '=', phone)
      .where('i.status', '=', 'pending')
      .orderBy('i.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** A pending invitation by id, only when it is addressed to this phone. */
  pendingById(db: Db, id: string, phone: string) {
    return db
      .selectFrom('employee_invitations')
      .selectAll()
      .where('id', '=', id)
      .where('phone', '=', phone)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  /**
   * Ends a pending invitation (accepted, declined, revoked); false when it was no longer pending
   * (or, with `tenantId`, not this company's).
   */
  async settle(db: Db, id: string, status: Settled, at: string, tenantId?: string): Promise<boolean> {
    let q = db
      .updateTable('employee_invitations')
      .set({ status, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    if (tenantId) q = q.where('tenant_id', '=', tenantId);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
