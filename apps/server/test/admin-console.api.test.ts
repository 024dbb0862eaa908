import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { lastCode, sendLoginCode, startAccountsServer, tokenCall } from './accounts-helpers.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';
import { CouponService } from '../src/modules/commerce/coupons.ts';

let operator: TestUser;
const s = useTestServer(() => startAccountsServer());
beforeAll(async () => {
  operator = await createUserWithSession(s);
  await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
});

const O = '/order/client';
const op = (path: string, body: unknown) => s.api.post(`/admin${path}`, body, { token: operator.token });
const opGet = (path: string, query?: Record<string, string | number | boolean | undefined>) =>
  s.api.get(`/admin${path}`, query, { token: operator.token });
const quotaOf = async (u: TestUser) =>
  (await s.api.get(`${O}/oneselfList`, undefined, { token: u.token })).body.data.quota;
const buy = (u: TestUser, packageId: string, couponCode?: string) =>
  s.api.post(
    `${O}/create`,
    { packageId, payMethod: 'transfer', ...(couponCode ? { couponCode } : {}) },
    { token: u.token },
  );
let seq = 0;
const code = (p: string) => `${p}${process.pid % 1000}X${++seq}`;

describe(`console: users and companies (${TEST_DB})`, () => {
  it('finds a user by phone, grants quota to them (logged with operator and reason), and the user sees it', async () => {
    const u = await createUserWithSession(s);
    const found = (await opGet('/user/list', { keyword: u.phone })).body.data;
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([u.userId]);
    const detail = (
      await op('/user/grant', { userId: u.userId, bucket: 'grant', amount: 3, reason: '活动赠送' })
    ).body;
    expect(detail.code).toBe(200);
    expect(detail.data.quota).toMatchObject({ grant: 3, holder: 'user' });
    expect(await quotaOf(u)).toMatchObject({ grant: 3 });
    const log = await s.built.ctx.db
      .selectFrom('user_bid_logs')
      .selectAll()
      .where('user_id', '=', u.userId)
      .where('reason', '=', 'grant')
      .execute();
    expect(log.map((l) => [l.bucket, l.delta, l.operator_id, l.note])).toEqual([
      ['grant', 3, operator.userId, '活动赠送'],
    ]);
    expect(
      (await op('/user/grant', { userId: u.userId, bucket: 'grant', amount: 0, reason: 'x' })).body.msg,
    ).toBe('份数须在 1 到 1000 之间');
    expect(
      (await op('/user/grant', { userId: u.userId, bucket: 'purchased', amount: 1, reason: 'x' })).body.msg,
    ).toBe('额度类型只能是赠送额度或体验额度');
    expect(
      (await op('/user/grant', { userId: 'nobody', bucket: 'grant', amount: 1, reason: 'x' })).status,
    ).toBe(404);
  });

  it("a company member's grant goes to the company's shared quota; the detail lists the members", async () => {
    const admin = await createUserWithSession(s, { role: 'company_admin' });
    await s.built.ctx.db
      .updateTable('tenants')
      .set({ name: '星河建设有限公司' })
      .where('id', '=', admin.tenantId)
      .execute();
    const member = await createUserWithSession(s, {
      role: 'employee',
      tenantId: admin.tenantId,
      isEmployee: 1,
    });
    const found = (await opGet('/user/list', { keyword: '星河建设' })).body.data;
    expect(found.records.map((r: { id: string }) => r.id).sort()).toEqual(
      [admin.userId, member.userId].sort(),
    );
    const d = (
      await op('/user/grant', { userId: member.userId, bucket: 'temporary', amount: 2, reason: '试用' })
    ).body.data;
    expect(d.quota).toMatchObject({ temporary: 2, holder: 'tenant' });
    expect(d.company.name).toBe('星河建设有限公司');
    expect(d.company.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [admin.userId, member.userId].sort(),
    );
    expect(await quotaOf(admin)).toMatchObject({ temporary: 2 });
  });

  it('disabling revokes the sessions at once, refuses login in Chinese, keeps the data; enabling lets them back', async () => {
    const u = await createUserWithSession(s);
    const r = (await op('/user/status', { userId: u.userId, disabled: true })).body.data;
    expect(r).toMatchObject({ status: 'disabled', revokedSessions: 1 });
    expect((await s.api.get(`${O}/oneselfList`, undefined, { token: u.token })).status).toBe(401);
    expect((await opGet('/user/detail', { id: u.userId })).body.data.user.status).toBe('disabled');
    await sendLoginCode(s, u.phone);
    const login = await tokenCall(s, {
      grant_type: 'sms_code',
      username: u.phone,
      code: lastCode(s, u.phone),
    });
    expect(login.status).toBe(403);
    expect(JSON.stringify(login.body)).toContain('账号已被停用，请联系客服');
    // Nothing of theirs is deleted.
    expect(
      await s.built.ctx.db.selectFrom('users').select('id').where('id', '=', u.userId).executeTakeFirst(),
    ).toBeTruthy();
    expect((await op('/user/status', { userId: operator.userId, disabled: true })).body.msg).toBe(
      '不能停用自己的账号',
    );
    expect((await op('/user/status', { userId: u.userId, disabled: false })).body.data.status).toBe('active');
  });
});

describe(`console: packages and coupons (${TEST_DB})`, () => {
  it('a new package is sold; disabling it removes it from indexShow, its orders keep name and amount', async () => {
    const p = (
      await op('/package/save', {
        name: '5 份标书包',
        kind: 'count',
        bids: 5,
        months: 0,
        price: '880',
        description: '五份',
        sort: 15,
      })
    ).body.data;
    expect(p).toMatchObject({ name: '5 份标书包', price: '880.00', enabled: true, sort: 15 });
    const shown = (await s.api.get(`${O}/indexShow`)).body.data.map((x: { id: string }) => x.id);
    expect(shown.indexOf(p.id)).toBe(1);
    const u = await createUserWithSession(s);
    const order = (await buy(u, p.id)).body.data;
    await op('/package/save', { ...p, name: '改名了', price: '1.00', originalPrice: null });
    expect((await op('/package/enable', { id: p.id, enabled: false })).body.data.enabled).toBe(false);
    expect((await s.api.get(`${O}/indexShow`)).body.data.map((x: { id: string }) => x.id)).not.toContain(
      p.id,
    );
    expect((await buy(u, p.id)).body.msg).toBe('套餐不存在或已下架');
    const mine = (await s.api.get(`${O}/oneselfOrderList`, undefined, { token: u.token })).body.data
      .records[0];
    expect(mine).toMatchObject({ id: order.orderId, packageName: '5 份标书包', amount: '880.00' });
    expect(
      (await op('/package/save', { name: '', kind: 'count', bids: 1, months: 0, price: '1' })).body.msg,
    ).toBe('请填写套餐名称');
    expect(
      (await op('/package/save', { name: 'x', kind: 'count', bids: 1, months: 0, price: '1.999' })).body.msg,
    ).toBe('价格请填写金额，如 199 或 199.90');
  });

  it('enjoy-discounts prices a coupon; ordering with it records the discount and counts a use; cancelling gives it back', async () => {
    const c = (
      await op('/coupon/save', {
        code: code('save'),
        name: '立减 20',
        kind: 'amount',
        value: '20',
        minAmount: '100',
        maxUses: 1,
      })
    ).body.data;
    expect(c).toMatchObject({
      kind: 'amount',
      value: '20.00',
      minAmount: '100.00',
      usedCount: 0,
      maxUses: 1,
    });
    const u = await createUserWithSession(s);
    const priced = (
      await s.api.post(
        `${O}/enjoy-discounts`,
        { packageId: 'pkg-count-1', couponCode: c.code.toLowerCase() },
        { token: u.token },
      )
    ).body.data;
    expect(priced).toEqual({ price: '199.00', discount: '20.00', amount: '179.00' });
    const o = (await buy(u, 'pkg-count-1', c.code)).body.data;
    expect(o).toMatchObject({ amount: '179.00', discount: '20.00' });
    expect((await opGet('/coupon/list')).body.data.find((x: { id: string }) => x.id === c.id).usedCount).toBe(
      1,
    );
    // The only use is taken: another buyer is refused in Chinese and no order is made.
    const other = await createUserWithSession(s);
    const refused = await buy(other, 'pkg-count-1', c.code);
    expect([refused.status, refused.body.msg]).toEqual([400, '优惠码已被用完']);
    expect(
      (await s.api.get(`${O}/oneselfOrderList`, undefined, { token: other.token })).body.data.total,
    ).toBe(0);
    // The buyer cancels: the use comes back; cancelling twice is refused.
    expect((await s.api.post(`${O}/cancel`, { id: o.orderId }, { token: u.token })).body.data.status).toBe(
      'cancelled',
    );
    expect((await s.api.post(`${O}/cancel`, { id: o.orderId }, { token: u.token })).body.msg).toBe(
      '只有待付款的订单可以取消',
    );
    expect((await s.api.post(`${O}/cancel`, { id: o.orderId }, { token: other.token })).status).toBe(404);
    expect((await opGet('/coupon/list')).body.data.find((x: { id: string }) => x.id === c.id).usedCount).toBe(
      0,
    );
    expect((await buy(other, 'pkg-count-1', c.code)).body.data.amount).toBe('179.00');
  });

  it('unknown, disabled, too-small and percent coupons; a duplicate code is refused', async () => {
    const u = await createUserWithSession(s);
    const price = (couponCode: string, packageId = 'pkg-count-1') =>
      s.api.post(`${O}/enjoy-discounts`, { packageId, couponCode }, { token: u.token });
    expect([(await price('NOPE-NOPE')).status, (await price('NOPE-NOPE')).body.msg]).toEqual([
      404,
      '优惠码不存在',
    ]);
    const pct = (
      await op('/coupon/save', {
        code: code('pct'),
        name: '八五折',
        kind: 'percent',
        value: '15',
        minAmount: '1000',
      })
    ).body.data;
    expect((await price(pct.code)).body.msg).toBe('该优惠码需订单金额满 ¥1000.00');
    expect((await price(pct.code, 'pkg-count-10')).body.data).toEqual({
      price: '1690.00',
      discount: '253.50',
      amount: '1436.50',
    });
    await op('/coupon/enable', { id: pct.id, enabled: false });
    expect((await price(pct.code, 'pkg-count-10')).body.msg).toBe('优惠码已停用');
    expect(
      (await op('/coupon/save', { code: pct.code, name: '重复', kind: 'amount', value: '1' })).body.msg,
    ).toBe('该优惠码已存在');
    expect(
      (await op('/coupon/save', { code: code('bad'), name: 'x', kind: 'percent', value: '100' })).body.msg,
    ).toBe('立减请填写金额（如 20），折扣请填写 1 到 99 的百分比');
    // A discount larger than the price still leaves 0.01 to pay.
    const huge = (
      await op('/coupon/save', { code: code('huge'), name: '大额', kind: 'amount', value: '5000' })
    ).body.data;
    expect((await price(huge.code)).body.data).toEqual({
      price: '199.00',
      discount: '198.99',
      amount: '0.01',
    });
  });

  it('validity window by an injected clock: not yet, valid, expired', async () => {
    const c = (
      await op('/coupon/save', {
        code: code('win'),
        name: '双十一',
        kind: 'amount',
        value: '10',
        validFrom: '2026-11-11T00:00:00+08:00',
        validUntil: '2026-11-12T00:00:00+08:00',
      })
    ).body.data;
    let clock = new Date('2026-11-10T15:59:59Z');
    const coupons = new CouponService(s.built.ctx.db, () => clock);
    await expect(coupons.price(c.code, 19900)).rejects.toThrow('优惠码尚未生效');
    clock = new Date('2026-11-10T16:00:00Z');
    expect((await coupons.price(c.code, 19900)).amount).toBe(18900);
    clock = new Date('2026-11-11T16:00:00Z');
    await expect(coupons.price(c.code, 19900)).rejects.toThrow('优惠码已过期');
  });

  it('parallel orders race for the last uses of a coupon: exactly max_uses succeed', async () => {
    const c = (
      await op('/coupon/save', { code: code('race'), name: '限量', kind: 'amount', value: '1', maxUses: 3 })
    ).body.data;
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createUserWithSession(s)));
    const results = await Promise.all(buyers.map((b) => buy(b, 'pkg-count-1', c.code)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.msg === '优惠码已被用完')).toHaveLength(5);
    const row = await s.built.ctx.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(3);
  });
});

describe(`console: refunds and revenue (${TEST_DB})`, () => {
  it('refunding a paid count pack takes back what is left (down to zero), once; only paid orders can be refunded', async () => {
    const u = await createUserWithSession(s);
    const o = (await buy(u, 'pkg-count-10')).body.data;
    expect((await op('/order/refund', { id: o.orderId, note: '未付款' })).body.msg).toBe(
      '只有已付款的订单可以退款',
    );
    await op('/order/confirm', { id: o.orderId });
    // Four of the ten units are used.
    await s.built.ctx.db.updateTable('users').set({ bid_number: 6 }).where('id', '=', u.userId).execute();
    const r = (await op('/order/refund', { id: o.orderId, note: '客户申请退款' })).body.data;
    expect(r).toEqual({ id: o.orderId, status: 'refunded', takenBack: 6, alreadyUsed: 4 });
    expect(await quotaOf(u)).toMatchObject({ purchased: 0 });
    expect((await op('/order/refund', { id: o.orderId, note: '再来一次' })).body.msg).toBe(
      '只有已付款的订单可以退款',
    );
    const logs = await s.built.ctx.db
      .selectFrom('user_bid_logs')
      .selectAll()
      .where('order_id', '=', o.orderId)
      .orderBy('created_at')
      .execute();
    expect(logs.map((l) => [l.reason, l.delta, l.operator_id])).toEqual([
      ['order', 10, null],
      ['refund', -6, operator.userId],
    ]);
    const mine = (await s.api.get(`${O}/orderDetail`, { id: o.orderId }, { token: u.token })).body.data;
    expect(mine).toMatchObject({ status: 'refunded', refundNote: '客户申请退款' });
  });

  it('an order with an invoice waiting to be issued is not refunded until the operator rejects the invoice', async () => {
    const u = await createUserWithSession(s);
    const o = (await buy(u, 'pkg-count-1')).body.data;
    await op('/order/confirm', { id: o.orderId });
    const inv = await s.api.post(
      '/invoice/client/saveInvoice',
      { orderIds: [o.orderId], type: 'normal', title: '张三', email: 'a@example.com' },
      { token: u.token },
    );
    expect(inv.body.code).toBe(200);
    const refused = await op('/order/refund', { id: o.orderId, note: '客户申请退款' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('发票');
    expect(await quotaOf(u)).toMatchObject({ purchased: 1 });
    await op('/invoice/reject', { id: inv.body.data.id, reason: '订单将退款' });
    expect((await op('/order/refund', { id: o.orderId, note: '客户申请退款' })).body.data).toMatchObject({
      status: 'refunded',
      takenBack: 1,
    });
  });

  it('refunding a yearly package moves its end back; a monthly one ends it and empties the month bucket', async () => {
    const u = await createUserWithSession(s);
    const y = (await buy(u, 'pkg-yearly')).body.data;
    await op('/order/confirm', { id: y.orderId });
    expect((await quotaOf(u)).unlimited).toBe(true);
    await op('/order/refund', { id: y.orderId, note: '退包年' });
    expect((await quotaOf(u)).unlimited).toBe(false);
    const m = (await buy(u, 'pkg-monthly')).body.data;
    await op('/order/confirm', { id: m.orderId });
    expect((await quotaOf(u)).month).toBe(30);
    expect((await op('/order/refund', { id: m.orderId, note: '退包月' })).body.data).toMatchObject({
      takenBack: 30,
      alreadyUsed: 0,
    });
    expect((await quotaOf(u)).month).toBe(0);
    const row = await s.built.ctx.db
      .selectFrom('users')
      .select(['monthly_until', 'month_reset_at'])
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ monthly_until: null, month_reset_at: null });
  });

  it('revenue per day is paid minus refunded over 30 Beijing days', async () => {
    const before = (await opGet('/revenue')).body.data.days;
    expect(before).toHaveLength(30);
    const u = await createUserWithSession(s);
    const a = (await buy(u, 'pkg-count-1')).body.data;
    const b = (await buy(u, 'pkg-count-10')).body.data;
    await op('/order/confirm', { id: a.orderId });
    await op('/order/confirm', { id: b.orderId });
    await op('/order/refund', { id: a.orderId, note: '退' });
    const after = (await opGet('/revenue')).body.data.days;
    const today = (
      d: Array<{ paid: string; refunded: string; revenue: string; orders: number; newUsers: number }>,
    ) => d[d.length - 1];
    const fen = (x: string) => Math.round(Number(x) * 100);
    expect(fen(today(after).paid) - fen(today(before).paid)).toBe(19900 + 169000);
    expect(fen(today(after).refunded) - fen(today(before).refunded)).toBe(19900);
    expect(fen(today(after).revenue) - fen(today(before).revenue)).toBe(169000);
    expect(today(after).orders - today(before).orders).toBe(2);
    expect(today(after).newUsers - today(before).newUsers).toBe(1);
  });
});
