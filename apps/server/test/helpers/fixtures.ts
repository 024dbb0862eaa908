import { newId, nowIso } from '../../src/lib/ids.ts';
import type { TestServer } from './test-server.ts';
import type { UserTable } from '../../src/modules/user/tables.ts';
import type { SessionService } from '../../src/modules/session/service.ts';
import type { Db } from '../../src/db/db.ts';

export interface TestUser {
  userId: string;
  tenantId: string;
  phone: string;
  token: string;
}

let phoneSeq = 0;
/** A unique valid phone number per call within a run. */
export function nextPhone(): string {
  phoneSeq += 1;
  return `139${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(5, '0')}`;
}

export type UserOverrides = Partial<{
  phone: string;
  role: UserTable['role'];
  tenantId: string;
  isEmployee: number;
  quota: Partial<
    Record<'bid_number' | 'month_bid_number' | 'temporary_bid_number' | 'grant_bid_number', number>
  >;
}>;

/**
 * Creates a personal user (own tenant) directly in the database and a session for it, so that
 * suites can test their own domain without going through a login flow.
 */
export function createUserWithSession(s: TestServer, overrides: UserOverrides = {}): Promise<TestUser> {
  return insertUserWithSession(s.built.ctx.db, s.built.ctx.sessions, overrides);
}

/** The same on a database and session service of one's own (servers in child processes). */
export async function insertUserWithSession(
  db: Db,
  sessions: Pick<SessionService, 'create'>,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  const now = nowIso();
  const userId = newId();
  const phone = overrides.phone ?? nextPhone();
  let tenantId = overrides.tenantId;
  if (!tenantId) {
    tenantId = newId();
    await db
      .insertInto('tenants')
      .values({
        id: tenantId,
        name: '',
        registration_no: null,
        admin_user_id: userId,
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
  }
  await db
    .insertInto('users')
    .values({
      id: userId,
      tenant_id: tenantId,
      phone,
      account: phone,
      name: '',
      password_hash: null,
      wechat_openid: null,
      source: 'pc',
      regist_source: null,
      invitation_code: null,
      extension_code: null,
      own_invite_code: newId(),
      invited_by: null,
      is_employee: overrides.isEmployee ?? 0,
      role: overrides.role ?? 'personal',
      bid_number: overrides.quota?.bid_number ?? 0,
      month_bid_number: overrides.quota?.month_bid_number ?? 0,
      temporary_bid_number: overrides.quota?.temporary_bid_number ?? 1,
      grant_bid_number: overrides.quota?.grant_bid_number ?? 0,
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
    })
    .execute();
  const { token } = await sessions.create(userId, tenantId);
  return { userId, tenantId, phone, token };
}
