import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { encryptResource, signMessage, verifyMessage } from '../../src/modules/commerce/wechat-pay.ts';

/**
 * A stand-in of the WeChat Pay v3 API for tests: it checks our request signatures with the merchant's
 * public key and signs its answers with a platform key; it also writes notifications as WeChat would
 * (encrypted with the APIv3 key, signed by the platform). Every key is generated here.
 */
export const newRsaKeys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export const WX = {
  apiV3Key: 'a'.repeat(16) + 'B'.repeat(16),
  mchId: '1900000001',
  appId: 'wx0123456789abcdef',
  codeUrl: 'weixin://wxpay/bizpayurl?pr=Test123',
};

export interface WechatPayStandin {
  merchant: { publicKey: string; privateKey: string };
  platform: { publicKey: string; privateKey: string };
  received: Array<{ verified: boolean; body: Record<string, unknown> }>;
  /** The WECHAT_PAY_* settings for a server that talks to this stand-in. */
  env: Record<string, string>;
  signedHeaders(body: string, key?: string, timestamp?: number): Record<string, string>;
  notification(orderId: string, total: number, opts?: { event?: string; mchid?: string }): string;
  /** Delivers a notification to a server the way WeChat does (no client headers). */
  notify(
    baseUrl: string,
    body: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: { code: string; message: string } }>;
  close(): Promise<void>;
}

export async function startWechatPayStandin(): Promise<WechatPayStandin> {
  const merchant = newRsaKeys();
  const platform = newRsaKeys();
  const received: WechatPayStandin['received'] = [];
  const signedHeaders = (
    body: string,
    key = platform.privateKey,
    timestamp = Math.floor(Date.now() / 1000),
  ) => {
    const nonce = randomBytes(8).toString('hex');
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signMessage(key, `${timestamp}\n${nonce}\n${body}\n`),
      'wechatpay-serial': 'PLATFORM1',
    };
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const verified =
        auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        f.mchid === WX.mchId &&
        verifyMessage(
          merchant.publicKey,
          `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`,
          f.signature ?? '',
        );
      received.push({ verified, body: JSON.parse(body || '{}') });
      if (!verified) {
        res.writeHead(401).end('{"code":"SIGN_ERROR"}');
        return;
      }
      const answer = JSON.stringify({ code_url: WX.codeUrl });
      res.writeHead(200, { 'content-type': 'application/json', ...signedHeaders(answer) }).end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    merchant,
    platform,
    received,
    env: {
      WECHAT_PAY_APP_ID: WX.appId,
      WECHAT_PAY_MCH_ID: WX.mchId,
      WECHAT_PAY_SERIAL_NO: 'MERCHANT1',
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
      WECHAT_PAY_API_V3_KEY: WX.apiV3Key,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHAT_PAY_NOTIFY_URL: 'https://example.com/api/order/wechat/notify',
      WECHAT_PAY_API_BASE: `http://127.0.0.1:${port}`,
    },
    signedHeaders,
    notification(orderId, total, opts = {}) {
      const plain = JSON.stringify({
        mchid: opts.mchid ?? WX.mchId,
        appid: WX.appId,
        out_trade_no: orderId,
        transaction_id: `4200${orderId}`,
        trade_state: 'SUCCESS',
        amount: { total, payer_total: total, currency: 'CNY' },
      });
      const nonce = randomBytes(6).toString('hex');
      return JSON.stringify({
        id: randomBytes(8).toString('hex'),
        create_time: new Date().toISOString(),
        event_type: opts.event ?? 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource: {
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: encryptResource(WX.apiV3Key, plain, nonce, 'transaction'),
          nonce,
          associated_data: 'transaction',
          original_type: 'transaction',
        },
      });
    },
    async notify(baseUrl, body, headers = signedHeaders(body)) {
      const r = await fetch(`${baseUrl}/api/order/wechat/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      return { status: r.status, body: (await r.json()) as { code: string; message: string } };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
