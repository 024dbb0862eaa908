/**
 * A signed-up user with a company and room for bids, written straight into a benchmark's
 * database (what the SMS sign-up would leave), so benchmarks need no login flow.
 */
import { newId, nowIso } from '../apps/server/src/lib/ids.ts';
import type { Db } from '../apps/server/src/db/db.ts';

export async function seedUser(db: Db, phone: string): Promise<{ userId: string; tenantId: string }> {
  const now = nowIso();
  const userId = newId();
  const tenantId = newId();
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
  await db
    .insertInto('users')
    .values({
      id: userId,
      tenant_id: tenantId,
      phone: phone,
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
      is_employee: 0,
      role: 'personal',
      bid_number: 10,
      month_bid_number: 0,
      temporary_bid_number: 0,
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
    } as never)
    .execute();
  return { userId, tenantId };
}
