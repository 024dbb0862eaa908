import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

/**
 * Generated from the route table: every /api/admin/** route, present and future, refuses a normal
 * user with 403 (before it validates anything) and a visitor with 401, and changes nothing.
 */
describe(`operators' console access (${TEST_DB})`, () => {
  let user: TestUser;
  let operator: TestUser;
  const s = useTestServer();
  beforeAll(async () => {
    user = await createUserWithSession(s);
    operator = await createUserWithSession(s);
    await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
  });

  const adminRoutes = () =>
    s.built.routes.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');
  const call = (method: string, url: string, token?: string) =>
    s.api.call(url.replace(/^\/api/, '').replace(/:(\w+)/g, '1'), method === 'GET' ? undefined : {}, {
      method,
      token,
    });

  it('a normal user gets 403 on every admin route and nothing changes', async () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(3);
    const orderId = (
      await s.api.post(
        '/order/client/create',
        { packageId: 'pkg-count-1', payMethod: 'transfer' },
        { token: user.token },
      )
    ).body.data.orderId;
    for (const r of adminRoutes()) {
      const res = await call(r.method, r.url, user.token);
      expect([`${r.method} ${r.url}`, res.status, res.body.code, res.body.msg]).toEqual([
        `${r.method} ${r.url}`,
        403,
        403,
        '仅运营人员可以访问',
      ]);
      const anonymous = await call(r.method, r.url);
      expect([`${r.method} ${r.url}`, anonymous.status]).toEqual([`${r.method} ${r.url}`, 401]);
    }
    const forged = await s.api.post('/admin/order/confirm', { id: orderId }, { token: user.token });
    expect(forged.status).toBe(403);
    const order = await s.built.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('created');
  });

  it('an operator passes the check on every admin route', async () => {
    for (const r of adminRoutes()) {
      const res = await call(r.method, r.url, operator.token);
      expect([`${r.method} ${r.url}`, res.status === 403 || res.status === 401]).toEqual([
        `${r.method} ${r.url}`,
        false,
      ]);
    }
  });

  it('get-userInfo marks operators in rights', async () => {
    const info = async (t: TestUser) =>
      (await s.api.post('/blade-system/client/get-userInfo', {}, { token: t.token })).body.data.rights;
    expect(await info(operator)).toContain('operator');
    expect(await info(user)).not.toContain('operator');
  });
});
