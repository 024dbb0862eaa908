import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { PayableOrder, PaymentProvider, PaymentStart } from './payment.ts';

/**
 * WeChat Pay API v3, Native (QR) payments, written to its published rules:
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid,nonce_str,signature,timestamp,serial_no`,
 *   the signature being SHA256-RSA over "METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n" with the merchant key;
 * - answers and notifications are signed by the platform over "TIMESTAMP\nNONCE\nBODY\n"
 *   (headers Wechatpay-Timestamp/Nonce/Signature/Serial) and verified with the platform certificate's key;
 * - a notification's `resource` is AEAD_AES_256_GCM with the APIv3 key (ciphertext = data || 16-byte tag).
 */
export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKeyPem: string;
  /** 32-byte APIv3 key. */
  apiV3Key: string;
  /** Public key (or certificate) of the platform, to verify answers and notifications. */
  platformPublicKeyPem: string;
  notifyUrl: string;
  apiBase: string;
}

const pem = (v: string) => v.replace(/\\n/g, '\n');

/** The provider's settings from configuration; null (WeChat Pay off) unless every one is set. */
export function wechatPayConfigOf(c: {
  WECHAT_PAY_APP_ID: string;
  WECHAT_PAY_MCH_ID: string;
  WECHAT_PAY_SERIAL_NO: string;
  WECHAT_PAY_PRIVATE_KEY: string;
  WECHAT_PAY_API_V3_KEY: string;
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: string;
  WECHAT_PAY_NOTIFY_URL: string;
  WECHAT_PAY_API_BASE: string;
}): WechatPayConfig | null {
  const cfg: WechatPayConfig = {
    appId: c.WECHAT_PAY_APP_ID,
    mchId: c.WECHAT_PAY_MCH_ID,
    serialNo: c.WECHAT_PAY_SERIAL_NO,
    privateKeyPem: pem(c.WECHAT_PAY_PRIVATE_KEY),
    apiV3Key: c.WECHAT_PAY_API_V3_KEY,
    platformPublicKeyPem: pem(c.WECHAT_PAY_PLATFORM_PUBLIC_KEY),
    notifyUrl: c.WECHAT_PAY_NOTIFY_URL,
    apiBase: c.WECHAT_PAY_API_BASE,
  };
  return Object.values(cfg).every(Boolean) ? cfg : null;
}

/** A notification older or newer than this is refused (replays of captured requests). */
const MAX_SKEW_SECONDS = 300;

export interface PaidNotification {
  orderId: string;
  transactionId: string;
  /** Fen actually paid for the order. */
  total: number;
}

export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function signMessage(privateKeyPem: string, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64');
}

export function verifyMessage(publicKeyPem: string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  nonce: string,
  associatedData: string,
): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([data, cipher.getAuthTag()]).toString('base64');
}

export function decryptResource(
  apiV3Key: string,
  ciphertext: string,
  nonce: string,
  associatedData: string,
): string {
  const buf = Buffer.from(ciphertext, 'base64');
  if (buf.length < 17) throw new WechatPayError(400, 'ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(buf.subarray(buf.length - 16));
  return Buffer.concat([decipher.update(buf.subarray(0, buf.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

type Headers = Record<string, string | string[] | undefined>;
const header = (h: Headers, name: string): string => {
  const v = h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

export class WechatPayProvider implements PaymentProvider {
  readonly method = 'wechat' as const;

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  authorization(method: string, urlPath: string, body: string): string {
    const timestamp = String(this.nowSeconds());
    const nonce = randomBytes(16).toString('hex');
    const signature = signMessage(
      this.cfg.privateKeyPem,
      `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`,
    );
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.cfg.serialNo}"`;
  }

  /** True when the platform signed `body` with these headers recently. */
  verifySigned(headers: Headers, body: string): boolean {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return false;
    if (Math.abs(this.nowSeconds() - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
    return verifyMessage(this.cfg.platformPublicKeyPem, `${timestamp}\n${nonce}\n${body}\n`, signature);
  }

  async start(order: PayableOrder): Promise<PaymentStart> {
    const urlPath = '/v3/pay/transactions/native';
    const body = JSON.stringify({
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: order.packageName,
      out_trade_no: order.id,
      notify_url: this.cfg.notifyUrl,
      amount: { total: order.amount, currency: 'CNY' },
    });
    const res = await this.fetchImpl(new URL(urlPath, this.cfg.apiBase), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: this.authorization('POST', urlPath, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new WechatPayError(502, `wechat pay answered ${res.status}`);
    if (!this.verifySigned(Object.fromEntries(res.headers.entries()), text))
      throw new WechatPayError(502, 'wechat pay answer not signed by the platform');
    const codeUrl = (JSON.parse(text) as { code_url?: unknown }).code_url;
    if (typeof codeUrl !== 'string' || !codeUrl)
      throw new WechatPayError(502, 'wechat pay answer without code_url');
    return { codeUrl };
  }

  /** Verifies and decrypts a payment notification; throws WechatPayError (401 forged, 400 malformed). */
  parseNotification(headers: Headers, rawBody: string): PaidNotification | null {
    if (!this.verifySigned(headers, rawBody)) throw new WechatPayError(401, '签名验证失败');
    let resource: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
    let eventType: string;
    try {
      const parsed = JSON.parse(rawBody) as { event_type?: string; resource?: typeof resource };
      resource = parsed.resource ?? {};
      eventType = parsed.event_type ?? '';
    } catch {
      throw new WechatPayError(400, '通知格式不正确');
    }
    if (resource.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce)
      throw new WechatPayError(400, '通知格式不正确');
    let plain: {
      mchid?: string;
      appid?: string;
      out_trade_no?: string;
      transaction_id?: string;
      trade_state?: string;
      amount?: { total?: number };
    };
    try {
      plain = JSON.parse(
        decryptResource(
          this.cfg.apiV3Key,
          resource.ciphertext,
          resource.nonce,
          resource.associated_data ?? '',
        ),
      );
    } catch {
      throw new WechatPayError(400, '通知解密失败');
    }
    if (plain.mchid !== this.cfg.mchId || plain.appid !== this.cfg.appId)
      throw new WechatPayError(400, '商户号不匹配');
    // Only a successful payment credits; other events are acknowledged and ignored.
    if (eventType !== 'TRANSACTION.SUCCESS' || plain.trade_state !== 'SUCCESS') return null;
    if (!plain.out_trade_no || typeof plain.amount?.total !== 'number')
      throw new WechatPayError(400, '通知格式不正确');
    return {
      orderId: plain.out_trade_no,
      transactionId: plain.transaction_id ?? '',
      total: plain.amount.total,
    };
  }
}
