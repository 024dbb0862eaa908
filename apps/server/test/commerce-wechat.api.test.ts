import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { encryptResource, signMessage, verifyMessage } from '../src/modules/commerce/wechat-pay.ts';

/**
 * WeChat Pay v3 Native against a stand-in of its API that checks our request signatures with the
 * merchant's public key and signs its answers with a platform key; all keys are made here.
 */
const keys = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const merchant = keys();
const platform = keys();
const stranger = keys();
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const MCH = '1900000001';
const APP = 'wx0123456789abcdef';

let wechat: http.Server;
const received: Array<{ verified: boolean; body: Record<string, unknown> }> = [];

function signedHeaders(body: string, key = platform.privateKey, timestamp = Math.floor(Date.now() / 1000)) {
  const nonce = randomBytes(8).toString('hex');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signMessage(key, `${timestamp}\n${nonce}\n${body}\n`),
    'wechatpay-serial': 'PLATFORM1',
  };
}

let s: TestServer;
let buyer: TestUser;
beforeAll(async () => {
  wechat = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const verified =
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') && f.mchid === MCH && verifyMessage(merchant.publicKey, `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`, f.signature ?? '');
      received.push({ verified, body: JSON.parse(body || '{}') });
      if (!verified) {
        res.writeHead(401).end('{"code":"SIGN_ERROR"}');
        return;
      }
      const answer = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=Test123' });
      res.writeHead(200, { 'content-type': 'application/json', ...signedHeaders(answer) }).end(answer);
    });
  });
  await new Promise<void>((r) => wechat.listen(0, '127.0.0.1', r));
  const port = (wechat.address() as AddressInfo).port;
  s = await startTestServer({
    WECHAT_PAY_APP_ID: APP,
    WECHAT_PAY_MCH_ID: MCH,
    WECHAT_PAY_SERIAL_NO: 'MERCHANT1',
    WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
    WECHAT_PAY_API_V3_KEY: API_V3_KEY,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHAT_PAY_NOTIFY_URL: 'https://example.com/api/order/wechat/notify',
    WECHAT_PAY_API_BASE: `http://127.0.0.1:${port}`,
  });
  buyer = await createUserWithSession(s, { quota: { bid_number: 0, month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0 } });
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => wechat?.close(r));
});

function notification(orderId: string, total: number, opts: { event?: string; mchid?: string } = {}) {
  const plain = JSON.stringify({ mchid: opts.mchid ?? MCH, appid: APP, out_trade_no: orderId, transaction_id: `4200${orderId}`, trade_state: 'SUCCESS', amount: { total, payer_total: total, currency: 'CNY' } });
  const nonce = randomBytes(6).toString('hex');
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: new Date().toISOString(),
    event_type: opts.event ?? 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: encryptResource(API_V3_KEY, plain, nonce, 'transaction'), nonce, associated_data: 'transaction', original_type: 'transaction' },
  });
}
const notify = (body: string, headers: Record<string, string> = signedHeaders(body)) =>
  // WeChat sends neither our Basic header nor the marker: the route must not need them.
  fetch(`${s.baseUrl}/api/order/wechat/notify`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
const purchased = async () => (await s.built.ctx.db.selectFrom('users').select('bid_number').where('id', '=', buyer.userId).executeTakeFirstOrThrow()).bid_number;
const statusOf = async (id: string) => (await s.built.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

async function wechatOrder(): Promise<string> {
  const r = await s.api.post('/order/client/create', { packageId: 'pkg-count-10', payMethod: 'wechat' }, { token: buyer.token });
  expect(r.body.data).toMatchObject({ status: 'created', amount: '1690.00', codeUrl: 'weixin://wxpay/bizpayurl?pr=Test123' });
  return r.body.data.orderId;
}

describe(`WeChat Pay v3 Native (${TEST_DB})`, () => {
  it('places the order with a signed request and answers the QR code URL', async () => {
    const id = await wechatOrder();
    const last = received.at(-1)!;
    expect(last.verified).toBe(true);
    expect(last.body).toMatchObject({ appid: APP, mchid: MCH, out_trade_no: id, amount: { total: 169000, currency: 'CNY' } });
  });

  it('a notification replayed credits once', async () => {
    const id = await wechatOrder();
    const before = await purchased();
    const body = notification(id, 169000);
    const first = await notify(body);
    expect(first).toEqual({ status: 200, body: { code: 'SUCCESS', message: '成功' } });
    const again = await notify(body);
    expect(again.status).toBe(200);
    expect(await purchased()).toBe(before + 10);
    expect(await statusOf(id)).toBe('paid');
    const logs = await s.built.ctx.db.selectFrom('user_bid_logs').selectAll().where('order_id', '=', id).execute();
    expect(logs).toHaveLength(1);
  });

  it('a forged signature, a stale timestamp, a wrong amount or a foreign merchant is refused and changes nothing', async () => {
    const id = await wechatOrder();
    const before = await purchased();
    const good = notification(id, 169000);
    const forged = await notify(good, signedHeaders(good, stranger.privateKey));
    expect([forged.status, forged.body.code]).toEqual([401, 'FAIL']);
    const stale = await notify(good, signedHeaders(good, platform.privateKey, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(401);
    const tampered = await notify(good.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '), signedHeaders(good));
    expect(tampered.status).toBe(401);
    const cheap = await notify(notification(id, 1));
    expect([cheap.status, cheap.body]).toEqual([400, { code: 'FAIL', message: '支付金额与订单金额不一致' }]);
    const foreign = await notify(notification(id, 169000, { mchid: '1999999999' }));
    expect(foreign.status).toBe(400);
    expect(await statusOf(id)).toBe('created');
    expect(await purchased()).toBe(before);
    // A transfer order cannot be paid by a WeChat notification.
    const transfer = (await s.api.post('/order/client/create', { packageId: 'pkg-count-1', payMethod: 'transfer' }, { token: buyer.token })).body.data.orderId;
    expect((await notify(notification(transfer, 19900))).status).toBe(400);
    expect(await statusOf(transfer)).toBe('created');
  });

  it('an event other than success is acknowledged and credits nothing', async () => {
    const id = await wechatOrder();
    const r = await notify(notification(id, 169000, { event: 'TRANSACTION.CLOSED' }));
    expect(r.status).toBe(200);
    expect(await statusOf(id)).toBe('created');
  });
});
