import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { AUTH_LIMITS, Code, type SmsPurpose } from '@bid/shared';
import { AppError, badRequest, tooMany } from '../../http/errors.ts';
import type { Clock, RateLimiter } from '../../http/rate-limit.ts';
import { newId } from '../../lib/ids.ts';
import { formatWait, iso } from '../auth/util.ts';
import type { SmsProvider } from './provider.ts';
import { SmsCodeRepo } from './repo.ts';
import type { SmsMeter } from '../../ops/metrics.ts';
import type { Db } from '../../db/db.ts';

export interface SmsServiceOptions {
  db: Db;
  provider: SmsProvider;
  limiter: RateLimiter;
  clock: Clock;
  log: Logger;
  /** Server-side secret mixed into every code hash, so a copy of the database alone cannot test codes. */
  pepper: string;
  /** Counts sends and refusals (metrics). */
  meter?: SmsMeter;
}

/**
 * SMS verification codes (ASVS 6.5/6.6): 6 random digits, 5 minutes, single use, bound to phone and
 * purpose, 5 wrong tries per code, only an HMAC stored; sends limited per phone (1/60 s, 10/day)
 * and per IP (30/day).
 */
export class SmsService {
  private sends = 0;
  /** Replaceable (tests simulate a failing gateway). */
  provider: SmsProvider;

  private readonly codes: SmsCodeRepo;

  constructor(private readonly o: SmsServiceOptions) {
    this.codes = new SmsCodeRepo(o.db);
    this.provider = o.provider;
  }

  private hash(id: string, phone: string, purpose: string, code: string): string {
    return createHmac('sha256', this.o.pepper).update(`${id}\n${phone}\n${purpose}\n${code}`).digest('hex');
  }

  /** Sends a new code; older live codes of this phone and purpose stop working. */
  async send(phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
    const limits = [
      {
        rule: 'phone-60s',
        key: `sms:phone:60s:${phone}`,
        limit: 1,
        window: AUTH_LIMITS.smsResendSeconds,
        msg: (w: string) => `发送过于频繁，请 ${w}后再试`,
      },
      {
        rule: 'phone-day',
        key: `sms:phone:day:${phone}`,
        limit: AUTH_LIMITS.smsPerPhonePerDay,
        window: 86_400,
        msg: (w: string) => `该手机号今日获取验证码次数已达上限，请 ${w}后再试`,
      },
      {
        rule: 'ip-day',
        key: `sms:ip:day:${ip}`,
        limit: AUTH_LIMITS.smsPerIpPerDay,
        window: 86_400,
        msg: (w: string) => `获取验证码次数过多，请 ${w}后再试`,
      },
    ];
    // Look first so that a refused request does not use up another window; then count, which also
    // catches two requests racing past the look.
    const refuse = (l: (typeof limits)[number], retryAfterSeconds: number) => {
      this.o.meter?.limited(l.rule);
      return tooMany(l.msg(formatWait(retryAfterSeconds)), retryAfterSeconds);
    };
    for (const l of limits) {
      const r = await this.o.limiter.check(l.key, l.limit);
      if (!r.allowed) throw refuse(l, r.retryAfterSeconds);
    }
    for (const l of limits) {
      const r = await this.o.limiter.hit(l.key, l.limit, l.window);
      if (!r.allowed) throw refuse(l, r.retryAfterSeconds);
    }

    const now = this.o.clock.now();
    const code = String(randomInt(0, 10 ** AUTH_LIMITS.smsCodeLength)).padStart(
      AUTH_LIMITS.smsCodeLength,
      '0',
    );
    const id = newId();
    await this.codes.replace({
      id,
      phone,
      purpose,
      code_hash: this.hash(id, phone, purpose, code),
      attempts: 0,
      created_at: iso(now),
      expires_at: iso(now + AUTH_LIMITS.smsCodeTtlSeconds * 1000),
      consumed_at: null,
      ip: ip.slice(0, 64),
    });

    try {
      await this.provider.send({ phone, code, purpose });
    } catch (err) {
      this.o.log.error({ err, provider: this.provider.name }, 'sms send failed');
      await this.codes.consume(id, iso(now));
      // The user did not get a code: let them ask again at once.
      await this.o.limiter.reset(limits[0].key);
      throw new AppError(Code.SERVER_ERROR, '短信发送失败，请稍后再试');
    }

    this.o.meter?.sent();
    this.sends += 1;
    if (this.sends % 100 === 0) {
      await this.codes.deleteExpiredBefore(iso(now - 86_400_000));
    }
  }

  /** Checks and uses up the code; throws a 400 naming what is wrong. */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const now = this.o.clock.now();
    const row = await this.codes.latest(phone, purpose);
    if (!row) throw badRequest('请先获取短信验证码');
    if (row.consumed_at) throw badRequest('验证码已失效，请重新获取');
    if (Date.parse(row.expires_at) <= now) throw badRequest('验证码已过期，请重新获取');
    if (row.attempts >= AUTH_LIMITS.smsMaxWrongTries) throw badRequest('验证码错误次数过多，请重新获取');

    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(this.hash(row.id, phone, purpose, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      const counted = await this.codes.countWrongTry(row.id);
      const left = AUTH_LIMITS.smsMaxWrongTries - row.attempts - 1;
      if (!counted || left <= 0) throw badRequest('验证码错误次数过多，请重新获取');
      throw badRequest(`验证码错误，还可尝试 ${left} 次`);
    }

    // Single use even when two requests carry the same code at the same moment.
    if (!(await this.codes.useUp(row.id, iso(now)))) throw badRequest('验证码已失效，请重新获取');
  }
}
