import {
  makePage,
  maskPhone,
  type Employee,
  type EmployeeInvitation,
  type EmployeeListQuery,
  type MyEmployeeInvitation,
  type Page,
} from '@bid/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { SessionService } from '../session/service.ts';
import type { Actor, SessionActor } from '../../policy/actor.ts';
import { authorizeEmployeeAdmin } from './policy.ts';
import { UserRepo, type UserRow } from '../user/repo.ts';
import { EmployeeInvitations } from './invitations.ts';
import { inTx, type Db } from '../../db/db.ts';

function view(u: UserRow): Employee {
  return {
    id: u.id,
    name: u.name,
    phone: maskPhone(u.phone),
    role: u.role,
    createTime: u.created_at,
    lastLoginTime: u.last_login_at,
  };
}

export interface NewCompany {
  name: string;
  phone: string;
  registrationNo?: string | null;
  adminName?: string;
  /** Purchased bid units the company starts with. */
  bids?: number;
}

/**
 * Creates a company (tenant) with its administrator: a new user for an unknown phone, or an existing
 * personal user moved into the company (their personal tenant is kept and restored if they leave).
 * Used by the admin CLI and by tests.
 */
export async function createCompany(db: Db, c: NewCompany): Promise<{ tenantId: string; userId: string }> {
  const repo = new UserRepo(db);
  const name = c.name.trim();
  if (!name || name.length > 100) throw badRequest('企业名称须为 1 到 100 个字符');
  return inTx(db, async (trx) => {
    const existing = await repo.findByPhone(c.phone, trx);
    if (existing && existing.is_employee === 1) throw conflict('该手机号已属于一个企业');
    const tenantId = await repo.createTenant(trx, {
      name,
      registrationNo: c.registrationNo ?? null,
      adminUserId: null,
    });
    if (c.bids) await repo.updateTenant(trx, tenantId, { bid_number: c.bids });
    let userId: string;
    if (existing) {
      userId = existing.id;
      await repo.updateUser(trx, existing.id, {
        tenant_id: tenantId,
        home_tenant_id: existing.tenant_id,
        role: 'company_admin',
        is_employee: 1,
        ...(c.adminName ? { name: c.adminName } : {}),
        updated_at: new Date().toISOString(),
      });
    } else {
      const user = await repo.createUser(trx, {
        phone: c.phone,
        name: c.adminName ?? '',
        source: 'admin',
        registSource: 'company',
        temporaryBids: 0,
        company: { tenantId, role: 'company_admin' },
      });
      userId = user.id;
    }
    await repo.updateTenant(trx, tenantId, { admin_user_id: userId });
    return { tenantId, userId };
  });
}

/** Employees of the caller's company; every call is for the company administrator only. */
export class EmployeeService {
  private readonly repo: UserRepo;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly invitations: EmployeeInvitations = new EmployeeInvitations(db),
  ) {
    this.repo = new UserRepo(db);
  }

  /**
   * By phone: an invitation the person accepts after logging in with that number (nobody's account
   * moves without consent). The answer is the same whoever owns the number.
   */
  add(auth: SessionActor, phone: string, name: string | undefined): Promise<EmployeeInvitation> {
    return this.invitations.invite(authorizeEmployeeAdmin(auth), auth.userId, phone, name);
  }

  pendingInvitations(auth: SessionActor): Promise<EmployeeInvitation[]> {
    return this.invitations.pendingOfCompany(authorizeEmployeeAdmin(auth));
  }

  revokeInvitation(auth: SessionActor, id: string): Promise<void> {
    return this.invitations.revoke(authorizeEmployeeAdmin(auth), id);
  }

  /** Invitations addressed to the caller (any logged-in user). */
  myInvitations(auth: Actor): Promise<MyEmployeeInvitation[]> {
    return this.invitations.mine(auth.userId);
  }

  answerInvitation(auth: Actor, id: string, accept: boolean): Promise<void> {
    return this.invitations.answer(auth.userId, id, accept);
  }

  async list(
    auth: SessionActor,
    q: EmployeeListQuery & { current: number; size: number },
  ): Promise<Page<Employee>> {
    const tenantId = authorizeEmployeeAdmin(auth);
    const { total, rows } = await this.repo.employeesPage(tenantId, q.keyword?.trim(), q.current, q.size);
    return makePage(rows.map(view), total, { current: q.current, size: q.size });
  }

  /**
   * Takes the person out of the company: back to their personal tenant (a fresh one if they had
   * none), every session ended at once. Bids they wrote keep the company's tenant id, so they stay.
   */
  async remove(auth: SessionActor, id: string): Promise<void> {
    const tenantId = authorizeEmployeeAdmin(auth);
    if (id === auth.userId) throw badRequest('不能移除企业管理员自己');
    const target = await this.repo.employee(tenantId, id);
    if (!target) throw notFound('员工不存在');
    if (target.role !== 'employee') throw badRequest('不能移除企业管理员');
    await inTx(this.db, async (trx) => {
      const home =
        target.home_tenant_id ?? (await this.repo.createTenant(trx, { name: '', adminUserId: target.id }));
      const left = await this.repo.leaveCompany(trx, target.id, tenantId, home, new Date().toISOString());
      if (!left) throw notFound('员工不存在');
    });
    await this.sessions.revokeAllOfUser(target.id);
  }
}
