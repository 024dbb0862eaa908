import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import {
  newRsaKeys,
  startWechatPayStandin,
  WX,
  type WechatPayStandin,
} from './helpers/wechat-pay-standin.ts';

/** WeChat Pay v3 Native against a stand-in of its API (helpers/wechat-pay-standin.ts); all keys are made here. */
const stranger = newRsaKeys();
const APP = WX.appId;
const MCH = WX.mchId;

let wx: WechatPayStandin;
let s: TestServer;
let buyer: TestUser;
beforeAll(async () => {
  wx = await startWechatPayStandin();
  s = await startTestServer(wx.env);
  buyer = await createUserWithSession(s, {
    quota: { bid_number: 0, month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0 },
  });
});
afterAll(async () => {
  await s?.close();
  await wx?.close();
});

const received = () => wx.received;
const platformKey = () => wx.platform.privateKey;
const signedHeaders = (body: string, key?: string, ts?: number) => wx.signedHeaders(body, key, ts);
const notification = (orderId: string, total: number, opts?: { event?: string; mchid?: string }) =>
  wx.notification(orderId, total, opts);
const notify = (body: string, headers?: Record<string, string>) => wx.notify(s.baseUrl, body, headers);
const purchased = async () =>
  (
    await s.built.ctx.db
      .selectFrom('users')
      .select('bid_number')
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow()
  ).bid_number;
const statusOf = async (id: string) =>
  (await s.built.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

async function wechatOrder(): Promise<string> {
  const r = await s.api.post(
    '/order/client/create',
    { packageId: 'pkg-count-10', payMethod: 'wechat' },
    { token: buyer.token },
  );
  expect(r.body.data).toMatchObject({
    status: 'created',
    amount: '1690.00',
    codeUrl: 'weixin://wxpay/bizpayurl?pr=Test123',
  });
  return r.body.data.orderId;
}

describe(`WeChat Pay v3 Native (${TEST_DB})`, () => {
  it('places the order with a signed request and answers the QR code URL', async () => {
    const id = await wechatOrder();
    const last = received().at(-1)!;
    expect(last.verified).toBe(true);
    expect(last.body).toMatchObject({
      appid: APP,
      mchid: MCH,
      out_trade_no: id,
      amount: { total: 169000, currency: 'CNY' },
    });
  });

  it('a notification replayed credits once', async () => {
    expect(
      (await s.api.get('/order/client/payMethods', undefined, { token: buyer.token })).body.data,
    ).toEqual({ methods: ['transfer', 'wechat'] });
    const id = await wechatOrder();
    const detail = async () =>
      (await s.api.get('/order/client/orderDetail', { id }, { token: buyer.token })).body;
    const before = await purchased();
    const body = notification(id, 169000);
    const first = await notify(body);
    expect(first).toEqual({ status: 200, body: { code: 'SUCCESS', message: '成功' } });
    const again = await notify(body);
    expect(again.status).toBe(200);
    expect(await purchased()).toBe(before + 10);
    expect(await statusOf(id)).toBe('paid');
    expect((await detail()).data).toMatchObject({
      id,
      status: 'paid',
      payMethod: 'wechat',
      amount: '1690.00',
    });
    const other = await createUserWithSession(s);
    expect((await s.api.get('/order/client/orderDetail', { id }, { token: other.token })).status).toBe(404);
    const logs = await s.built.ctx.db
      .selectFrom('user_bid_logs')
      .selectAll()
      .where('order_id', '=', id)
      .execute();
    expect(logs).toHaveLength(1);
  });

  it('a forged signature, a stale timestamp, a wrong amount or a foreign merchant is refused and changes nothing', async () => {
    const id = await wechatOrder();
    const before = await purchased();
    const good = notification(id, 169000);
    const forged = await notify(good, signedHeaders(good, stranger.privateKey));
    expect([forged.status, forged.body.code]).toEqual([401, 'FAIL']);
    const stale = await notify(
      good,
      signedHeaders(good, platformKey(), Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.status).toBe(401);
    const tampered = await notify(
      good.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
      signedHeaders(good),
    );
    expect(tampered.status).toBe(401);
    const cheap = await notify(notification(id, 1));
    expect([cheap.status, cheap.body]).toEqual([400, { code: 'FAIL', message: '支付金额与订单金额不一致' }]);
    const foreign = await notify(notification(id, 169000, { mchid: '1999999999' }));
    expect(foreign.status).toBe(400);
    expect(await statusOf(id)).toBe('created');
    expect(await purchased()).toBe(before);
    // A transfer order cannot be paid by a WeChat notification.
    const transfer = (
      await s.api.post(
        '/order/client/create',
        { packageId: 'pkg-count-1', payMethod: 'transfer' },
        { token: buyer.token },
      )
    ).body.data.orderId;
    expect((await notify(notification(transfer, 19900))).status).toBe(400);
    expect(await statusOf(transfer)).toBe('created');
  });

  it('an event other than success is acknowledged and credits nothing', async () => {
    const id = await wechatOrder();
    const r = await notify(notification(id, 169000, { event: 'TRANSACTION.CLOSED' }));
    expect(r.status).toBe(200);
    expect(await statusOf(id)).toBe('created');
  });

  // The probe's other variants (issue 30): each answered in WeChat's shape, none credits twice or wrongly.
  it('the same notification replayed byte for byte, and a second distinct success for a paid order, credit once', async () => {
    const id = await wechatOrder();
    const before = await purchased();
    const body = notification(id, 169000);
    const headers = signedHeaders(body);
    expect((await notify(body, headers)).status).toBe(200);
    // The identical request again (same nonce, timestamp and signature): acknowledged, nothing more.
    expect(await notify(body, headers)).toEqual({ status: 200, body: { code: 'SUCCESS', message: '成功' } });
    // WeChat may send a new notification (new id, nonce, signature) for the same payment.
    expect((await notify(notification(id, 169000))).status).toBe(200);
    expect(await purchased()).toBe(before + 10);
    expect(
      await s.built.ctx.db.selectFrom('user_bid_logs').select('id').where('order_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('an unknown order, a missing signature and an undecryptable resource are refused and change nothing', async () => {
    const before = await purchased();
    const unknown = await notify(notification('no-such-order-1', 169000));
    expect([unknown.status, unknown.body]).toEqual([400, { code: 'FAIL', message: '订单不存在' }]);

    const id = await wechatOrder();
    const good = notification(id, 169000);
    const unsigned = await notify(good, {});
    expect([unsigned.status, unsigned.body.code]).toEqual([401, 'FAIL']);
    // Signed by the platform key but the ciphertext was altered: decryption (AES-GCM) fails.
    const parsed = JSON.parse(good) as { resource: { ciphertext: string } };
    const c = Buffer.from(parsed.resource.ciphertext, 'base64');
    c[0] ^= 0xff;
    parsed.resource.ciphertext = c.toString('base64');
    const altered = JSON.stringify(parsed);
    const broken = await notify(altered, signedHeaders(altered));
    expect([broken.status, broken.body]).toEqual([400, { code: 'FAIL', message: '通知解密失败' }]);
    expect(await statusOf(id)).toBe('created');
    expect(await purchased()).toBe(before);
  });
});
