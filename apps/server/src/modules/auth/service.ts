import type { Logger } from 'pino';
import {
  Code,
  PHONE_PATTERN,
  maskPhone,
  passwordMd5Schema,
  phoneSchema,
  smsCodeSchema,
  type TokenRequest,
  type TokenSuccess,
} from '@bid/shared';
import type { Config } from '../../config/config.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { AttemptThrottle, PASSWORD_ATTEMPTS } from '../../http/attempts.ts';
import type { SessionService } from '../session/service.ts';
import type { CaptchaService } from '../captcha/service.ts';
import type { SmsService } from '../sms/service.ts';
import type { WechatService } from '../wechat/service.ts';
import { UserRepo, type UserRow } from '../user/repo.ts';
import { InviteRepo } from '../invite/repo.ts';
import { verifyPassword } from './password.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { formatWait } from './util.ts';
import { inTx, type Db } from '../../db/db.ts';

export interface LoginMeta {
  ip: string;
  userAgent?: string;
  captchaKey?: string;
  captchaCode?: string;
}

interface Signup {
  source?: string;
  registSource?: string;
  invitationCode?: string;
  extensionCode?: string;
}

function parseField<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
  },
  value: unknown,
): T {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? '请求参数不正确');
  return r.data;
}

/** The three grant types of POST /api/blade-auth/oauth/token, and sign-up on first login. */
export class AuthService {
  readonly users: UserRepo;
  private readonly attempts: AttemptThrottle;
  private readonly invites: InviteRepo;

  constructor(
    private readonly o: {
      db: Db;
      config: Config;
      log: Logger;
      sessions: SessionService;
      sms: SmsService;
      captcha: CaptchaService;
      wechat: WechatService;
      limiter: RateLimiter;
    },
  ) {
    this.users = new UserRepo(o.db);
    this.attempts = new AttemptThrottle(o.limiter);
    this.invites = new InviteRepo(o.db);
  }

  async token(p: TokenRequest, meta: LoginMeta): Promise<TokenSuccess> {
    const signup: Signup = {
      source: p.source,
      registSource: p.regist_source,
      invitationCode: p.invitation_code,
      extensionCode: p.extension_code,
    };
    let result: { user: UserRow; created: boolean };
    switch (p.grant_type) {
      case 'sms_code':
        result = await this.smsLogin(p, signup);
        break;
      case 'client_password':
        result = { user: await this.passwordLogin(p, meta), created: false };
        break;
      case 'social':
        result = await this.socialLogin(p, signup);
        break;
    }
    const { user, created } = result;
    if (user.status !== 'active') throw new AppError(Code.FORBIDDEN, '账号已被停用，请联系客服');
    const session = await this.o.sessions.create(user.id, user.tenant_id, {
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await this.users.touchLogin(user.id);
    return {
      success: true,
      access_token: session.token,
      token_type: 'bearer',
      expires_in: session.expiresIn,
      user_id: user.id,
      account: maskPhone(user.phone) || user.account,
      new_user: created,
    };
  }

  private async smsLogin(p: TokenRequest, signup: Signup) {
    const phone = parseField(phoneSchema, p.username ?? '');
    const code = parseField(smsCodeSchema, p.code ?? '');
    await this.o.sms.verify(phone, 'login', code);
    const existing = await this.users.findByPhone(phone);
    if (existing) return { user: existing, created: false };
    return this.register({ phone }, { ...signup, source: signup.source || 'sms' });
  }

  private async socialLogin(p: TokenRequest, signup: Signup) {
    if (!p.code) throw badRequest('请先使用微信扫码登录');
    const { openid, nickname } = await this.o.wechat.consume(p.code);
    const existing = await this.users.findByOpenid(openid);
    if (existing) return { user: existing, created: false };
    return this.register(
      { openid, nickname: nickname || '微信用户' },
      { ...signup, source: signup.source || 'wechat' },
    );
  }

  private async passwordLogin(p: TokenRequest, meta: LoginMeta): Promise<UserRow> {
    if (this.o.config.CAPTCHA === 'on') {
      if (!meta.captchaKey || !meta.captchaCode) throw badRequest('请输入图形验证码');
      if (!(await this.o.captcha.verify(meta.captchaKey, meta.captchaCode)))
        throw badRequest('图形验证码错误或已过期，请刷新后重试');
    }
    const username = (p.username ?? '').trim();
    if (!username) throw badRequest('请输入手机号或账号');
    const md5 = parseField(passwordMd5Schema, p.password ?? '');

    // The name as typed, whether an account has it or not: the answer must not tell.
    const name = username.toLowerCase();
    const pair = `pwd:pair:${name}|${meta.ip}`;
    const account = `pwd:acct:${name}`;
    const keys = [
      [pair, PASSWORD_ATTEMPTS.pair],
      [account, PASSWORD_ATTEMPTS.account],
      [`pwd:ip:${meta.ip}`, PASSWORD_ATTEMPTS.address],
    ] as const;
    await this.attempts.check(keys, (s) => `密码错误次数过多，请 ${formatWait(s)}后再试`);

    const user =
      (PHONE_PATTERN.test(username) ? await this.users.findByPhone(username) : undefined) ??
      (await this.users.findByAccount(username));
    const okPassword = await verifyPassword(user?.password_hash, md5);
    if (!user || !okPassword) {
      const wait = await this.attempts.failed(keys);
      // One answer whether the account is missing, has no password or the password is wrong:
      // a login form must not tell a stranger which phone numbers have accounts.
      throw badRequest(wait > 0 ? `账号或密码错误，请 ${formatWait(wait)}后再试` : '账号或密码错误');
    }
    await this.attempts.succeeded([pair, account]);
    return user;
  }

  /**
   * A new personal account with SIGNUP_TRIAL_BIDS temporary units. A valid invite code records the
   * inviter and grants them INVITE_REWARD_BIDS unit(s) in the grant bucket they draw on (the
   * company's for company users). Two first logins racing for one phone/openid end with one account.
   */
  private async register(
    who: { phone?: string; openid?: string; nickname?: string },
    s: Signup,
  ): Promise<{ user: UserRow; created: boolean }> {
    const inviteCode = s.invitationCode?.trim().toUpperCase() || null;
    try {
      const user = await inTx(this.o.db, async (trx) => {
        const inviter = inviteCode ? await this.users.findByInviteCode(inviteCode, trx) : undefined;
        const user = await this.users.createUser(trx, {
          phone: who.phone ?? null,
          wechatOpenid: who.openid ?? null,
          name: who.nickname ?? '',
          source: s.source,
          registSource: s.registSource ?? null,
          invitationCode: s.invitationCode?.trim() || null,
          extensionCode: s.extensionCode?.trim() || null,
          invitedBy: inviter && inviter.status === 'active' ? inviter.id : null,
          temporaryBids: this.o.config.SIGNUP_TRIAL_BIDS,
        });
        if (inviter && inviter.status === 'active' && inviteCode)
          await this.invites.recordInvite(trx, {
            inviter,
            inviteeId: user.id,
            code: inviteCode,
            units: this.o.config.INVITE_REWARD_BIDS,
            at: user.created_at,
          });
        return user;
      });
      this.o.log.info(
        { userId: user.id, source: user.source, invited: Boolean(user.invited_by) },
        'account registered',
      );
      return { user, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const existing = who.phone
        ? await this.users.findByPhone(who.phone)
        : await this.users.findByOpenid(who.openid as string);
      if (!existing) throw err;
      return { user: existing, created: false };
    }
  }
}
