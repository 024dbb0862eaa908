import { sql, type Kysely } from 'kysely';
import { makePage, maskPhone, type Employee, type EmployeeListQuery, type Page } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { AuthContext, SessionService } from '../session/service.ts';
import { isUniqueViolation } from '../auth/util.ts';
import { UserRepo, type UserRow } from '../user/repo.ts';

function view(u: UserRow): Employee {
  return { id: u.id, name: u.name, phone: maskPhone(u.phone), role: u.role, createTime: u.created_at, lastLoginTime: u.last_login_at };
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
export async function createCompany(db: Kysely<Database>, c: NewCompany): Promise<{ tenantId: string; userId: string }> {
  const repo = new UserRepo(db);
  const name = c.name.trim();
  if (!name || name.length > 100) throw badRequest('企业名称须为 1 到 100 个字符');
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findByPhone(c.phone, trx);
    if (existing && existing.is_employee === 1) throw conflict('该手机号已属于一个企业');
    const tenantId = await repo.createTenant(trx, { name, registrationNo: c.registrationNo ?? null, adminUserId: null });
    if (c.bids) await trx.updateTable('tenants').set({ bid_number: c.bids }).where('id', '=', tenantId).execute();
    let userId: string;
    if (existing) {
      userId = existing.id;
      await trx
        .updateTable('users')
        .set({
          tenant_id: tenantId, home_tenant_id: existing.tenant_id, role: 'company_admin', is_employee: 1,
          ...(c.adminName ? { name: c.adminName } : {}), updated_at: new Date().toISOString(),
        })
        .where('id', '=', existing.id)
        .execute();
    } else {
      const user = await repo.createUser(trx, {
        phone: c.phone, name: c.adminName ?? '', source: 'admin', registSource: 'company', temporaryBids: 0,
        company: { tenantId, role: 'company_admin' },
      });
      userId = user.id;
    }
    await trx.updateTable('tenants').set({ admin_user_id: userId }).where('id', '=', tenantId).execute();
    return { tenantId, userId };
  });
}

/** Employees of the caller's company; every call is for the company administrator only. */
export class EmployeeService {
  private readonly repo: UserRepo;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionService,
  ) {
    this.repo = new UserRepo(db);
  }

  private requireAdmin(auth: AuthContext): string {
    if (auth.role !== 'company_admin' || !auth.isEmployee) throw forbidden('仅企业管理员可以管理员工');
    return auth.tenantId;
  }

  /** By phone: a new account, or an existing personal account moved into the company. They log in by SMS. */
  async add(auth: AuthContext, phone: string, name: string | undefined): Promise<Employee> {
    const tenantId = this.requireAdmin(auth);
    const existing = await this.repo.findByPhone(phone);
    if (existing) {
      if (existing.tenant_id === tenantId) throw conflict('该手机号已是本企业员工');
      if (existing.is_employee === 1) throw conflict('该手机号已加入其他企业，需先由对方企业移除');
      if (existing.status !== 'active') throw conflict('该账号已停用，无法添加');
      const moved = await this.db
        .updateTable('users')
        .set({
          tenant_id: tenantId, home_tenant_id: existing.tenant_id, role: 'employee', is_employee: 1,
          ...(name ? { name } : {}), updated_at: new Date().toISOString(),
        })
        .where('id', '=', existing.id)
        .where('is_employee', '=', 0)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw conflict('该手机号已加入其他企业，需先由对方企业移除');
      // Sessions opened as a personal user start over inside the company.
      await this.sessions.revokeAllOfUser(existing.id);
      const after = await this.repo.findById(existing.id);
      return view(after as UserRow);
    }
    try {
      const user = await this.db.transaction().execute((trx) =>
        this.repo.createUser(trx, {
          phone, name: name ?? '', source: 'employee', registSource: 'company', temporaryBids: 0,
          company: { tenantId, role: 'employee' },
        }),
      );
      return view(user);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('该手机号刚刚被注册，请重试');
      throw err;
    }
  }

  async list(auth: AuthContext, q: EmployeeListQuery & { current: number; size: number }): Promise<Page<Employee>> {
    const tenantId = this.requireAdmin(auth);
    let base = this.db
      .selectFrom('users')
      .where('tenant_id', '=', tenantId)
      .where('is_employee', '=', 1)
      .where('status', '=', 'active');
    const kw = q.keyword?.trim();
    if (kw) {
      const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) => eb.or([sql<boolean>`${eb.ref('name')} like ${like} escape '\\'`, sql<boolean>`${eb.ref('phone')} like ${like} escape '\\'`]));
    }
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .selectAll()
      // The administrator first, then by joining order.
      .orderBy(sql`case when role = 'company_admin' then 0 else 1 end`)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return makePage(rows.map(view), total, { current: q.current, size: q.size });
  }

  /**
   * Takes the person out of the company: back to their personal tenant (a fresh one if they had
   * none), every session ended at once. Bids they wrote keep the company's tenant id, so they stay.
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const tenantId = this.requireAdmin(auth);
    if (id === auth.userId) throw badRequest('不能移除企业管理员自己');
    const target = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('is_employee', '=', 1)
      .executeTakeFirst();
    if (!target) throw notFound('员工不存在');
    if (target.role !== 'employee') throw badRequest('不能移除企业管理员');
    await this.db.transaction().execute(async (trx) => {
      const home = target.home_tenant_id ?? (await this.repo.createTenant(trx, { name: '', adminUserId: target.id }));
      const r = await trx
        .updateTable('users')
        .set({ tenant_id: home, home_tenant_id: null, role: 'personal', is_employee: 0, updated_at: new Date().toISOString() })
        .where('id', '=', target.id)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw notFound('员工不存在');
    });
    await this.sessions.revokeAllOfUser(target.id);
  }
}
