import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

let operator: TestUser;
const s = useTestServer({
  TRANSFER_BANK_NAME: '招商银行北京分行',
  TRANSFER_ACCOUNT_NAME: '标书科技有限公司',
  TRANSFER_ACCOUNT_NO: '1109 0000 0000 0001',
});
beforeAll(async () => {
  operator = await createUserWithSession(s);
  await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
});

const O = '/order/client';
const ZERO = { bid_number: 0, month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0 };

async function buy(u: TestUser, packageId: string) {
  const r = await s.api.post(`${O}/create`, { packageId, payMethod: 'transfer' }, { token: u.token });
  expect(r.body.code).toBe(200);
  return r.body.data as {
    orderId: string;
    amount: string;
    status: string;
    transfer: Record<string, unknown>;
  };
}
const confirm = (id: string, token = operator.token) => s.api.post('/admin/order/confirm', { id }, { token });
const quotaOf = async (u: TestUser) =>
  (await s.api.get(`${O}/oneselfList`, undefined, { token: u.token })).body.data.quota;
const orderLogs = (orderId: string) =>
  s.built.ctx.db.selectFrom('user_bid_logs').selectAll().where('order_id', '=', orderId).execute();

describe(`commerce: packages, transfer orders, confirmation (${TEST_DB})`, () => {
  it('indexShow answers the seeded packages without a token, money as "199.00"', async () => {
    const r = await s.api.get(`${O}/indexShow`);
    expect(r.status).toBe(200);
    const list = r.body.data as Array<Record<string, unknown>>;
    expect(list.map((p) => p.kind)).toEqual(['count', 'count', 'monthly', 'yearly']);
    expect(list[0]).toEqual({
      id: 'pkg-count-1',
      name: '单份标书',
      kind: 'count',
      bids: 1,
      months: 0,
      price: '199.00',
      originalPrice: null,
      description: expect.any(String),
    });
    expect(list[1]).toMatchObject({
      id: 'pkg-count-10',
      bids: 10,
      price: '1690.00',
      originalPrice: '1990.00',
    });
  });

  it('a transfer order starts created with the configured bank account; it is listed for its buyer only', async () => {
    const u = await createUserWithSession(s);
    const other = await createUserWithSession(s);
    const o = await buy(u, 'pkg-count-10');
    expect(o).toMatchObject({ amount: '1690.00', status: 'created' });
    expect(o.transfer).toEqual({
      configured: true,
      bankName: '招商银行北京分行',
      accountName: '标书科技有限公司',
      accountNo: '1109 0000 0000 0001',
      remark: `订单${o.orderId}`,
    });
    const mine = (await s.api.get(`${O}/oneselfOrderList`, { current: 1, size: 10 }, { token: u.token })).body
      .data;
    expect(mine.total).toBe(1);
    expect(mine.records[0]).toMatchObject({
      id: o.orderId,
      packageName: '10 份标书包',
      amount: '1690.00',
      status: 'created',
      payTime: null,
    });
    expect(
      (await s.api.get(`${O}/oneselfOrderList`, undefined, { token: other.token })).body.data.total,
    ).toBe(0);
  });

  it('bad input is refused in Chinese and creates nothing', async () => {
    const u = await createUserWithSession(s);
    const cases: Array<[unknown, number, string]> = [
      [{ packageId: 'pkg-count-1', payMethod: 'cash' }, 400, '支付方式只能是 wechat 或 transfer'],
      [{ packageId: 'pkg-count-1', payMethod: 'wechat' }, 400, '微信支付未开通，请选择银行转账'],
      [{ packageId: 'pkg-count-1', payMethod: 'transfer', couponCode: 'X1' }, 404, '优惠码不存在'],
      [{ packageId: 'nope', payMethod: 'transfer' }, 404, '套餐不存在或已下架'],
    ];
    for (const [body, status, msg] of cases) {
      const r = await s.api.post(`${O}/create`, body, { token: u.token });
      expect([r.status, r.body.msg]).toEqual([status, msg]);
    }
    expect((await s.api.get(`${O}/oneselfOrderList`, undefined, { token: u.token })).body.data.total).toBe(0);
    expect(
      (await s.api.post(`${O}/create`, { packageId: 'pkg-count-1', payMethod: 'transfer' })).status,
    ).toBe(401);
    expect((await s.api.get(`${O}/payMethods`, undefined, { token: u.token })).body.data).toEqual({
      methods: ['transfer'],
    });
  });

  it('a transfer order confirmed twice (and five times at once) credits once, logged against the order', async () => {
    const u = await createUserWithSession(s, { quota: ZERO });
    const o = await buy(u, 'pkg-count-10');
    const first = await confirm(o.orderId);
    expect(first.body.data).toEqual({ id: o.orderId, status: 'paid', credited: true });
    const again = await confirm(o.orderId);
    expect(again.body.data).toEqual({ id: o.orderId, status: 'paid', credited: false });
    expect((await quotaOf(u)).purchased).toBe(10);

    const o2 = await buy(u, 'pkg-count-1');
    const burst = await Promise.all(Array.from({ length: 5 }, () => confirm(o2.orderId)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(burst.filter((r) => r.body.data.credited)).toHaveLength(1);
    expect((await quotaOf(u)).purchased).toBe(11);
    expect(await orderLogs(o.orderId)).toHaveLength(1);
    expect(await orderLogs(o2.orderId)).toHaveLength(1);

    const order = (
      await s.api.get(`${O}/oneselfOrderList`, undefined, { token: u.token })
    ).body.data.records.find((r: { id: string }) => r.id === o.orderId);
    expect(order).toMatchObject({ status: 'paid', payTime: expect.any(String) });
    expect(order.transfer).toBeUndefined();
    const log = (
      await s.api.get('/order/userBidLog/client/list', { current: 1, size: 10 }, { token: u.token })
    ).body.data;
    expect(
      log.records.map((r: { delta: number; bucket: string; reason: string; orderId: string }) => [
        r.delta,
        r.bucket,
        r.reason,
        r.orderId,
      ]),
    ).toEqual([
      [1, 'purchased', 'order', o2.orderId],
      [10, 'purchased', 'order', o.orderId],
    ]);
    const packages = (await s.api.get(`${O}/oneselfList`, undefined, { token: u.token })).body.data.packages;
    expect(packages.map((p: { orderId: string }) => p.orderId).sort()).toEqual(
      [o.orderId, o2.orderId].sort(),
    );
  });

  it('a bid taking a unit is a movement with its bid id', async () => {
    const u = await createUserWithSession(s, { quota: { ...ZERO, temporary_bid_number: 1 } });
    const bid = await s.api.post(
      '/bid/client/saveBid',
      { name: '某项目投标文件', modelType: 'standard' },
      { token: u.token },
    );
    expect(bid.body.code).toBe(200);
    const log = (await s.api.get('/order/userBidLog/client/list', undefined, { token: u.token })).body.data;
    expect(log.records).toEqual([
      expect.objectContaining({
        delta: -1,
        bucket: 'temporary',
        reason: 'bid',
        bidId: bid.body.data.id,
        orderId: null,
      }),
    ]);
  });

  it('a company order credits the quota its employees share', async () => {
    const admin = await createUserWithSession(s, { role: 'company_admin', isEmployee: 1, quota: ZERO });
    await s.built.ctx.db.updateTable('tenants').set(ZERO).where('id', '=', admin.tenantId).execute();
    const employee = await createUserWithSession(s, {
      role: 'employee',
      isEmployee: 1,
      tenantId: admin.tenantId,
      quota: ZERO,
    });
    const o = await buy(admin, 'pkg-count-10');
    await confirm(o.orderId);
    expect(await quotaOf(employee)).toMatchObject({ holder: 'tenant', purchased: 10, total: 10 });
    const tenant = await s.built.ctx.db
      .selectFrom('tenants')
      .select('bid_number')
      .where('id', '=', admin.tenantId)
      .executeTakeFirstOrThrow();
    expect(tenant.bid_number).toBe(10);
    const adminRow = await s.built.ctx.db
      .selectFrom('users')
      .select(['bid_number', 'is_buy'])
      .where('id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    expect(adminRow).toEqual({ bid_number: 0, is_buy: 1 });
    // The employee sees the company's movements too.
    const log = (await s.api.get('/order/userBidLog/client/list', undefined, { token: employee.token })).body
      .data;
    expect(log.records[0]).toMatchObject({ delta: 10, orderId: o.orderId });
  });

  it('monthly credits the month bucket; yearly makes bids unlimited for 12 months', async () => {
    const u = await createUserWithSession(s, { quota: ZERO });
    await confirm((await buy(u, 'pkg-monthly')).orderId);
    expect(await quotaOf(u)).toMatchObject({ month: 30, unlimited: false });
    const before = Date.now();
    await confirm((await buy(u, 'pkg-yearly')).orderId);
    const q = await quotaOf(u);
    expect(q.unlimited).toBe(true);
    const until = Date.parse(q.unlimitedUntil);
    expect(until - before).toBeGreaterThan(360 * 86_400_000);
    expect(until - before).toBeLessThan(367 * 86_400_000);
  });

  it('confirming an unknown order is 404; the console lists orders with the buyer; dashboard counts', async () => {
    expect((await confirm('123456789')).status).toBe(404);
    const u = await createUserWithSession(s);
    const o = await buy(u, 'pkg-count-1');
    const list = (
      await s.api.get('/admin/order/list', { status: 'created', size: 100 }, { token: operator.token })
    ).body.data;
    expect(list.records.find((r: { id: string }) => r.id === o.orderId)).toMatchObject({
      buyerAccount: u.phone,
      holder: 'user',
      status: 'created',
      amount: '199.00',
    });
    expect((await s.api.get('/admin/order/list', { status: 'lost' }, { token: operator.token })).status).toBe(
      400,
    );
    const dash = (await s.api.get('/admin/dashboard', undefined, { token: operator.token })).body.data;
    expect(dash.ordersCreated).toBeGreaterThanOrEqual(1);
    expect(dash.ordersPaid).toBeGreaterThanOrEqual(1);
    expect(dash.revenue).toMatch(/^\d+\.\d{2}$/);
  });
});

describe(`commerce without bank configuration (${TEST_DB})`, () => {
  it('a transfer order says the account is not configured', async () => {
    const bare = await startTestServer();
    try {
      const u = await createUserWithSession(bare);
      const r = await bare.api.post(
        `${O}/create`,
        { packageId: 'pkg-count-1', payMethod: 'transfer' },
        { token: u.token },
      );
      expect(r.body.data.transfer).toMatchObject({ configured: false, bankName: '', accountNo: '' });
    } finally {
      await bare.close();
    }
  });
});
