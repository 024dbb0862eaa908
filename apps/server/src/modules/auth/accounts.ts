import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import { SqlRateLimiter, systemClock, type Clock, type RateLimiter } from '../../http/rate-limit.ts';
import { CaptchaService, fixedCaptchaGenerator, randomCaptchaGenerator } from '../captcha/service.ts';
import type { SessionService } from '../session/service.ts';
import { createSmsProvider } from '../sms/provider.ts';
import { SmsService } from '../sms/service.ts';
import { createWechatProvider } from '../wechat/provider.ts';
import { WechatService } from '../wechat/service.ts';
import { AuthService } from './service.ts';
import type { SmsMeter } from '../../ops/metrics.ts';
import type { Db } from '../../db/db.ts';

/** What the accounts modules (auth, captcha, WeChat, user, employee, common) share. */
export interface AccountsInfra {
  /** One clock for codes, captchas, scenes and rate limits (tests move it). */
  clock: Clock;
  limiter: RateLimiter;
  sms: SmsService;
  captcha: CaptchaService;
  wechat: WechatService;
  auth: AuthService;
}

export function buildAccounts(deps: {
  config: Config;
  db: Db;
  log: Logger;
  sessions: SessionService;
  smsMeter?: SmsMeter;
}): AccountsInfra {
  const { config, db, log, sessions } = deps;
  const clock = systemClock();
  const limiter: RateLimiter = new SqlRateLimiter(db, clock);
  // Keyed hashes of codes and captchas: a copy of the database alone cannot test guesses offline.
  const pepper = createHash('sha256')
    .update(`bid-accounts-pepper\n${config.AUTH_CLIENT_SECRET}`)
    .digest('hex');
  const sms = new SmsService({
    db,
    provider: createSmsProvider(config, clock),
    limiter,
    clock,
    log,
    pepper,
    meter: deps.smsMeter,
  });
  const captchaText = config.NODE_ENV === 'test' ? config.CAPTCHA_TEST_TEXT : undefined;
  const captcha = new CaptchaService(
    db,
    clock,
    pepper,
    captchaText ? fixedCaptchaGenerator(captchaText) : randomCaptchaGenerator,
  );
  const wechat = new WechatService(db, createWechatProvider(config), clock, log);
  const auth = new AuthService({ db, config, log, sessions, sms, captcha, wechat, limiter });
  return { clock, limiter, sms, captcha, wechat, auth };
}
