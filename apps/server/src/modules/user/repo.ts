import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { TenantTable, UserTable } from './tables.ts';
import { newId } from '../../lib/ids.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { errorMessage } from '../../lib/unknown.ts';
import { newInviteCode } from '../auth/util.ts';
import { type Db } from '../../db/db.ts';

export type UserRow = Selectable<UserTable>;
export type TenantRow = Selectable<TenantTable>;

export interface NewUserFields {
  phone: string | null;
  wechatOpenid?: string | null;
  name?: string;
  source?: string | null;
  registSource?: string | null;
  invitationCode?: string | null;
  extensionCode?: string | null;
  invitedBy?: string | null;
  temporaryBids: number;
  /** Company membership; without it the user gets a personal tenant of their own. */
  company?: { tenantId: string; role: 'company_admin' | 'employee' };
  homeTenantId?: string | null;
}

/** Users and tenants. Reads here are by the caller's own id or by a login name. */
export class UserRepo {
  constructor(readonly db: Db) {}

  /** One user by a column that is unique among users. */
  private findOneBy(
    column: 'id' | 'phone' | 'account' | 'wechat_openid' | 'own_invite_code',
    value: string,
    db: Db,
  ) {
    return db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
  }

  findById = (id: string, db: Db = this.db) => this.findOneBy('id', id, db);
  findByPhone = (phone: string, db: Db = this.db) => this.findOneBy('phone', phone, db);
  findByAccount = (account: string, db: Db = this.db) => this.findOneBy('account', account, db);
  findByOpenid = (openid: string, db: Db = this.db) => this.findOneBy('wechat_openid', openid, db);
  findByInviteCode = (code: string, db: Db = this.db) => this.findOneBy('own_invite_code', code, db);

  tenant(id: string, db: Db = this.db) {
    return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async createTenant(
    db: Db,
    fields: { name: string; registrationNo?: string | null; adminUserId: string | null },
  ): Promise<string> {
    const id = newId();
    const now = new Date().toISOString();
    await db
      .insertInto('tenants')
      .values({
        id,
        name: fields.name,
        registration_no: fields.registrationNo ?? null,
        admin_user_id: fields.adminUserId,
        bid_number: 0,
        month_bid_number: 0,
        temporary_bid_number: 0,
        grant_bid_number: 0,
        package_unit: null,
        package_unlimited_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /** A login name nobody uses yet: the phone when free, else a generated one. */
  private async freeAccount(db: Db, preferred: string | null, prefix: string): Promise<string> {
    if (preferred && !(await this.findByAccount(preferred, db))) return preferred;
    for (;;) {
      const candidate = `${prefix}${randomBytes(5).toString('hex')}`;
      if (!(await this.findByAccount(candidate, db))) return candidate;
    }
  }

  /** Inserts a user (and a personal tenant unless a company is given) inside the caller's transaction. */
  async createUser(db: Db, f: NewUserFields): Promise<UserRow> {
    const id = newId();
    const now = new Date().toISOString();
    const tenantId = f.company
      ? f.company.tenantId
      : await this.createTenant(db, { name: '', adminUserId: id });
    const account = await this.freeAccount(db, f.phone, f.wechatOpenid ? 'wx_' : 'u_');
    for (let attempt = 0; ; attempt += 1) {
      const row: UserRow = {
        id,
        tenant_id: tenantId,
        phone: f.phone,
        account,
        name: f.name ?? '',
        password_hash: null,
        wechat_openid: f.wechatOpenid ?? null,
        source: f.source || 'pc',
        regist_source: f.registSource ?? null,
        invitation_code: f.invitationCode ?? null,
        extension_code: f.extensionCode ?? null,
        own_invite_code: newInviteCode(),
        invited_by: f.invitedBy ?? null,
        is_employee: f.company ? 1 : 0,
        role: f.company?.role ?? 'personal',
        bid_number: 0,
        month_bid_number: 0,
        temporary_bid_number: f.temporaryBids,
        grant_bid_number: 0,
        package_unit: null,
        package_unlimited_until: null,
        expire_date: null,
        bid_file_show_flag: 1,
        project_list_show_flag: 1,
        need_user_info: 1,
        is_buy: 0,
        premium_disabled: 0,
        standard_disabled: 0,
        status: 'active',
        created_at: now,
        updated_at: now,
        home_tenant_id: f.homeTenantId ?? null,
        preferred_model: null,
        last_login_at: null,
        monthly_allowance: 0,
        monthly_until: null,
        month_reset_at: null,
      };
      try {
        await db.insertInto('users').values(row).execute();
        return row;
      } catch (err) {
        // An invite-code collision (1 in 10^11 per pair) gets a new code; anything else is the caller's.
        if (attempt < 3 && isUniqueViolation(err) && /own_invite_code/.test(errorMessage(err))) continue;
        throw err;
      }
    }
  }

  touchLogin(userId: string) {
    return this.db
      .updateTable('users')
      .set({ last_login_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
  }

  async updateUser(db: Db, id: string, patch: Partial<UserRow>): Promise<void> {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  async updateTenant(db: Db, id: string, patch: Partial<TenantRow>): Promise<void> {
    await db.updateTable('tenants').set(patch).where('id', '=', id).execute();
  }

  /** A page of the company's active employees (name or phone containing `keyword`), the administrator first. */
  async employeesPage(tenantId: string, keyword: string | undefined, current: number, size: number) {
    let base = this.db
      .selectFrom('users')
      .where('tenant_id', '=', tenantId)
      .where('is_employee', '=', 1)
      .where('status', '=', 'active');
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('name')} like ${like} escape '\\'`,
          sql<boolean>`${eb.ref('phone')} like ${like} escape '\\'`,
        ]),
      );
    }
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .selectAll()
      .orderBy(sql`case when role = 'company_admin' then 0 else 1 end`)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    return { total, rows };
  }

  employee(tenantId: string, id: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .where('is_employee', '=', 1)
      .executeTakeFirst();
  }

  /** The employee of `tenantId` with this phone, if there is one. */
  memberByPhone(tenantId: string, phone: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('tenant_id', '=', tenantId)
      .where('is_employee', '=', 1)
      .executeTakeFirst();
  }

  /**
   * A personal user joins `tenantId` as an employee (their own tenant kept as home, given back on
   * removal); false when they had become an employee meanwhile.
   */
  async joinCompany(
    db: Db,
    user: UserRow,
    tenantId: string,
    name: string | null,
    at: string,
  ): Promise<boolean> {
    const r = await db
      .updateTable('users')
      .set({
        tenant_id: tenantId,
        home_tenant_id: user.tenant_id,
        role: 'employee',
        is_employee: 1,
        ...(name ? { name } : {}),
        updated_at: at,
      })
      .where('id', '=', user.id)
      .where('is_employee', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The employee leaves `tenantId` for `home` as a personal user; false when they were no longer in it. */
  async leaveCompany(db: Db, id: string, tenantId: string, home: string, at: string): Promise<boolean> {
    const r = await db
      .updateTable('users')
      .set({ tenant_id: home, home_tenant_id: null, role: 'personal', is_employee: 0, updated_at: at })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
