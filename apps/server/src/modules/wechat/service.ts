import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { AUTH_LIMITS, Code, type WechatState } from '@bid/shared';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Clock } from '../../http/rate-limit.ts';
import { iso, SweepEvery } from '../auth/util.ts';
import type { WechatProvider } from './provider.ts';
import { WechatSceneRepo } from './repo.ts';
import type { Db } from '../../db/db.ts';

/** How long a confirmed scene may still be exchanged for a token after the QR itself expired. */
const CONFIRMED_GRACE_MS = 5 * 60 * 1000;

/** QR login scenes: waiting -> (scanned) -> confirmed -> used once by grant_type=social. */
export class WechatService {
  private readonly scenes: WechatSceneRepo;

  constructor(
    db: Db,
    public readonly provider: WechatProvider,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.scenes = new WechatSceneRepo(db);
  }

  /** Expired scenes go now and then, with a new one. */
  private readonly housekeeping = new SweepEvery(200);

  async start(): Promise<{
    code: string;
    qrUrl: string;
    expiresIn: number;
    provider: 'official' | 'simulator';
  }> {
    // 128 random bits in hex: fits WeChat's scene_str (1-64 characters) and is unguessable.
    const code = randomBytes(16).toString('hex');
    const now = this.clock.now();
    const ttl = AUTH_LIMITS.wechatQrTtlSeconds;
    let qr;
    try {
      qr = await this.provider.createQr(code, ttl);
    } catch (err) {
      this.log.error({ err }, 'wechat qr create failed');
      throw new AppError(Code.SERVER_ERROR, '微信登录二维码获取失败，请稍后再试或使用短信登录');
    }
    await this.scenes.insert({
      code,
      state: 'waiting',
      openid: null,
      nickname: null,
      created_at: iso(now),
      expires_at: iso(now + qr.expiresIn * 1000),
      scanned_at: null,
      confirmed_at: null,
      consumed_at: null,
    });
    // Scenes are kept a day past their expiry (a confirmed one may still be exchanged for a while).
    await this.housekeeping.after(() => this.scenes.deleteExpiredBefore(iso(now - 86_400_000)));
    return { code, qrUrl: qr.qrUrl, expiresIn: qr.expiresIn, provider: this.provider.name };
  }

  /** An unknown code answers 'expired' like an old one: nothing to learn by guessing. */
  async state(code: string): Promise<WechatState> {
    const row = await this.scenes.find(code);
    if (!row || row.consumed_at) return 'expired';
    const now = this.clock.now();
    const expiresAt = Date.parse(row.expires_at);
    if (row.state === 'confirmed') return now < expiresAt + CONFIRMED_GRACE_MS ? 'confirmed' : 'expired';
    if (now >= expiresAt) return 'expired';
    return row.state === 'scanned' ? 'scanned' : 'waiting';
  }

  async markScanned(code: string): Promise<boolean> {
    return this.scenes.markScanned(code, iso(this.clock.now()));
  }

  /** The WeChat user `openid` confirmed the scene (event callback or simulator). */
  async confirm(code: string, openid: string, nickname: string | null): Promise<boolean> {
    return this.scenes.confirm(code, openid, nickname, iso(this.clock.now()));
  }

  /** Uses up a confirmed scene (single use) and says who confirmed it. */
  async consume(code: string): Promise<{ openid: string; nickname: string | null }> {
    const now = this.clock.now();
    if (!(await this.scenes.consume(code, iso(now), iso(now - CONFIRMED_GRACE_MS)))) {
      const state = await this.state(code);
      if (state === 'waiting' || state === 'scanned') throw badRequest('请先在微信中确认登录');
      throw badRequest('二维码已失效，请刷新后重新扫码');
    }
    const row = await this.scenes.find(code);
    if (!row?.openid) throw badRequest('二维码已失效，请刷新后重新扫码');
    return { openid: row.openid, nickname: row.nickname };
  }
}
