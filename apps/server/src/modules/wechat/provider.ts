import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/config.ts';
import { errorMessage } from '../../lib/unknown.ts';

export interface WechatQr {
  /** An image URL the browser can show. */
  qrUrl: string;
  expiresIn: number;
}

/**
 * The edge of the world for WeChat QR login. The official implementation asks WeChat for a
 * temporary QR code carrying the scene; WeChat then posts a SCAN/subscribe event with the scene to
 * our callback. The simulator draws a placeholder and lets a developer confirm the scene by hand.
 */
export interface WechatProvider {
  readonly name: 'official' | 'simulator';
  createQr(sceneCode: string, expireSeconds: number): Promise<WechatQr>;
}

export class WechatApiError extends Error {
  constructor(
    message: string,
    public readonly errcode?: number,
  ) {
    super(message);
  }
}

export interface OfficialOptions {
  appId: string;
  appSecret: string;
  /** Default https://api.weixin.qq.com */
  apiBase?: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/** A WeChat Official Account (服务号): stable access_token + qrcode/create (QR_STR_SCENE). */
export class OfficialWechatProvider implements WechatProvider {
  readonly name = 'official' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly o: OfficialOptions) {}

  private get base(): string {
    return (this.o.apiBase ?? 'https://api.weixin.qq.com').replace(/\/+$/, '');
  }

  private now(): number {
    return this.o.now ? this.o.now() : Date.now();
  }

  private async call<T>(url: string, body: unknown): Promise<T> {
    const doFetch = this.o.fetchImpl ?? fetch;
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new WechatApiError(`wechat request failed: ${errorMessage(err)}`);
    }
    const text = await res.text();
    let json: T & { errcode?: number; errmsg?: string };
    try {
      json = JSON.parse(text) as T & { errcode?: number; errmsg?: string };
    } catch {
      throw new WechatApiError(`wechat answered HTTP ${res.status} without JSON`);
    }
    if (json.errcode)
      throw new WechatApiError(`wechat error ${json.errcode}: ${json.errmsg ?? ''}`, json.errcode);
    if (!res.ok) throw new WechatApiError(`wechat answered HTTP ${res.status}`);
    return json;
  }

  /**
   * The stable_token endpoint hands every caller the same token until it expires, so several
   * instances of the server do not invalidate each other's token (the classic /token call does).
   */
  async accessToken(forceRefresh = false): Promise<string> {
    if (!forceRefresh && this.token && this.token.expiresAt > this.now()) return this.token.value;
    if (this.pending) return this.pending;
    this.pending = (async () => {
      try {
        const r = await this.call<{ access_token: string; expires_in: number }>(
          `${this.base}/cgi-bin/stable_token`,
          {
            grant_type: 'client_credential',
            appid: this.o.appId,
            secret: this.o.appSecret,
            force_refresh: forceRefresh,
          },
        );
        // Renew five minutes early.
        this.token = {
          value: r.access_token,
          expiresAt: this.now() + Math.max(60, r.expires_in - 300) * 1000,
        };
        return r.access_token;
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }

  async createQr(sceneCode: string, expireSeconds: number): Promise<WechatQr> {
    const body = {
      expire_seconds: expireSeconds,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: sceneCode } },
    };
    const attempt = async (force: boolean) => {
      const token = await this.accessToken(force);
      return this.call<{ ticket: string; expire_seconds: number; url: string }>(
        `${this.base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`,
        body,
      );
    };
    let r;
    try {
      r = await attempt(false);
    } catch (err) {
      // 40001 invalid credential, 42001 expired, 40014 invalid token: fetch a fresh token once.
      if (err instanceof WechatApiError && [40001, 40014, 42001].includes(err.errcode ?? 0))
        r = await attempt(true);
      else throw err;
    }
    return {
      qrUrl: `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(r.ticket)}`,
      expiresIn: r.expire_seconds ?? expireSeconds,
    };
  }
}

function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** Development only: a drawn placeholder that shows the scene code; confirm it with POST /api/dev/wechat/confirm. */
export class SimulatorWechatProvider implements WechatProvider {
  readonly name = 'simulator' as const;

  async createQr(sceneCode: string, expireSeconds: number): Promise<WechatQr> {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">` +
      `<rect width="200" height="200" fill="#fff" stroke="#1677ff" stroke-width="4" stroke-dasharray="8 6"/>` +
      `<text x="100" y="80" font-size="16" text-anchor="middle" fill="#1677ff">微信登录模拟器</text>` +
      `<text x="100" y="110" font-size="10" text-anchor="middle" fill="#333">scene</text>` +
      `<text x="100" y="130" font-size="9" text-anchor="middle" fill="#333">${escapeXml(sceneCode)}</text>` +
      `<text x="100" y="165" font-size="10" text-anchor="middle" fill="#888">开发环境，不可用微信扫描</text>` +
      `</svg>`;
    return {
      qrUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      expiresIn: expireSeconds,
    };
  }
}

export function createWechatProvider(config: Config): WechatProvider {
  if (config.WECHAT_PROVIDER === 'official') {
    return new OfficialWechatProvider({
      appId: config.WECHAT_APP_ID ?? '',
      appSecret: config.WECHAT_APP_SECRET ?? '',
      apiBase: config.WECHAT_API_BASE,
    });
  }
  return new SimulatorWechatProvider();
}

/** WeChat's server check: sha1 of token, timestamp and nonce sorted and joined. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function verifyWechatSignature(
  token: string,
  q: { signature?: string; timestamp?: string; nonce?: string },
): boolean {
  if (!q.signature || !q.timestamp || !q.nonce) return false;
  if (q.timestamp.length > 20 || q.nonce.length > 64 || q.signature.length !== 40) return false;
  const expected = Buffer.from(wechatSignature(token, q.timestamp, q.nonce));
  const given = Buffer.from(q.signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function decodeEntities(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'amp') return '&';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    const n = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
  });
}

/**
 * The flat `<xml><Tag>value</Tag>...</xml>` of a WeChat push (plaintext mode). Only leaf elements
 * directly inside <xml> are read; no DTDs, no entity expansion beyond the five predefined ones.
 */
export function parseWechatXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const m = /<xml>([\s\S]*)<\/xml>/.exec(xml);
  if (!m) return out;
  // No nested quantifiers over the same characters: linear on hostile input.
  const re = /<([A-Za-z]\w*)>(?:\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*|([^<]*))<\/\1>/g;
  let hit: RegExpExecArray | null;
  while ((hit = re.exec(m[1])) !== null) {
    if (!(hit[1] in out)) out[hit[1]] = hit[2] !== undefined ? hit[2] : decodeEntities((hit[3] ?? '').trim());
  }
  return out;
}

export interface WechatScanEvent {
  openid: string;
  scene: string;
  event: 'subscribe' | 'SCAN';
}

/** A subscribe (EventKey `qrscene_<scene>`) or SCAN (EventKey `<scene>`) event, else null. */
export function sceneEventOf(fields: Record<string, string>): WechatScanEvent | null {
  if (fields.MsgType !== 'event' || !fields.FromUserName) return null;
  const key = fields.EventKey ?? '';
  if (fields.Event === 'subscribe' && key.startsWith('qrscene_'))
    return { openid: fields.FromUserName, scene: key.slice('qrscene_'.length), event: 'subscribe' };
  if (fields.Event === 'SCAN' && key) return { openid: fields.FromUserName, scene: key, event: 'SCAN' };
  return null;
}
