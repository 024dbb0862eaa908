import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_LIMITS,
  maskPhone,
  type BidQuota,
  type HeadMenuItem,
  type MarkStalog,
  type StandardSettings,
  type UserInfo,
} from '@bid/shared';
import { badRequest, conflict, notFound, tooMany, unauthorized } from '../../http/errors.ts';
import type { Actor, SessionActor } from '../../policy/actor.ts';
import type { OperatorDirectory } from '../../policy/operator.ts';
import { SqlOperatorDirectory } from '../../policy/operator-repo.ts';
import { isTierDisabled } from '../bid/policy.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountsInfra } from '../auth/accounts.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enforceLimit, formatWait, iso } from '../auth/util.ts';
import { UserRepo, type TenantRow, type UserRow } from './repo.ts';
import { AccountRepo } from './account-repo.ts';
import { inTx, type Db } from '../../db/db.ts';

type OwnPurpose = 'change-phone' | 'change-password' | 'verify';

/** Phone-change calls an account, and an address, may make per hour. */
const PHONE_CHANGE_LIMITS = {
  send: { perUser: 10, perIp: 30 },
  update: { perUser: 10, perIp: 30 },
} as const;

const BASE_MENU: HeadMenuItem[] = [
  { path: '/home', name: '首页' },
  { path: '/home/crtBidBook', name: '新建标书' },
  { path: '/home/historyBook', name: '我的标书' },
  { path: '/home/bidingParse', name: '文件解读' },
  { path: '/home/knowledgeBase', name: '知识库' },
  { path: '/home/account', name: '个人中心' },
];

/** Rights a role carries; the web app shows entries by these. */
export function rightsOf(role: string): string[] {
  return role === 'company_admin' ? ['employee:manage'] : [];
}

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/** The logged-in user's own account: session state, profile, phone, password, preferences. */
export class UserService {
  readonly repo: UserRepo;
  private readonly accounts: AccountRepo;
  private readonly operators: OperatorDirectory;

  constructor(
    private readonly db: Db,
    private readonly infra: AccountsInfra,
    /** Refills a monthly package's bucket when its month has turned, before the buckets are shown. */
    private readonly buckets?: { rollover(auth: Actor): Promise<void> },
  ) {
    this.repo = new UserRepo(db);
    this.accounts = new AccountRepo(db);
    this.operators = new SqlOperatorDirectory(db);
  }

  private now(): number {
    return this.infra.clock.now();
  }

  /** The caller's own row; a session whose user vanished is a logged-out session. */
  async me(auth: Actor): Promise<{ user: UserRow; tenant: TenantRow | undefined }> {
    const user = await this.repo.findById(auth.userId);
    if (!user || user.status !== 'active') throw unauthorized();
    const tenant = await this.repo.tenant(user.tenant_id);
    return { user, tenant };
  }

  async userInfo(auth: Actor): Promise<UserInfo> {
    await this.buckets?.rollover(auth);
    const { user, tenant } = await this.me(auth);
    const company = user.is_employee === 1;
    const q = company && tenant ? tenant : user;
    const menu = [...BASE_MENU];
    if (user.role === 'company_admin')
      menu.splice(menu.length - 1, 0, { path: '/home/employees', name: '员工管理' });
    return {
      id: user.id,
      account: maskPhone(user.phone) || user.account,
      source: user.source,
      tenantId: user.tenant_id,
      expireDate: company ? null : user.expire_date,
      packageUnit: q.package_unit,
      packageUnlimitedTimes: q.package_unlimited_until,
      bidNumber: q.bid_number,
      monthBidNumber: q.month_bid_number,
      temporaryBidNumber: q.temporary_bid_number,
      grantBidNumber: q.grant_bid_number,
      isEmployee: company ? 1 : 0,
      name: company ? (tenant?.name ?? '') : user.name,
      bidFileShowFlag: user.bid_file_show_flag,
      projectListShowFlag: user.project_list_show_flag,
      isBuy: user.is_buy,
      headMenu: menu,
      // 'operator': the web app shows the 运营后台 entry (the server checks every admin call itself).
      rights: [...rightsOf(user.role), ...((await this.operators.isOperator(user.id)) ? ['operator'] : [])],
      needUserInfo: user.need_user_info,
      modelData: { premium_status: user.premium_disabled, standard_status: user.standard_disabled },
      userName: user.name,
      role: user.role,
      phone: maskPhone(user.phone),
      inviteCode: user.own_invite_code,
      hasPassword: Boolean(user.password_hash),
      hasWechat: Boolean(user.wechat_openid),
      preferredModel:
        user.preferred_model === 'standard' || user.preferred_model === 'premium'
          ? user.preferred_model
          : null,
    };
  }

  /** Remaining quota per bucket, read from the bucket owner (the company for company users). */
  async quota(auth: Actor): Promise<BidQuota> {
    await this.buckets?.rollover(auth);
    const { user, tenant } = await this.me(auth);
    const company = user.is_employee === 1 && tenant;
    const q = company ? tenant : user;
    const until = q.package_unlimited_until;
    return {
      bidNumber: q.bid_number,
      monthBidNumber: q.month_bid_number,
      temporaryBidNumber: q.temporary_bid_number,
      grantBidNumber: q.grant_bid_number,
      total: q.bid_number + q.month_bid_number + q.temporary_bid_number + q.grant_bid_number,
      unlimited: Boolean(until && Date.parse(until) > Date.now()),
      unlimitedUntil: until,
      owner: company ? 'company' : 'personal',
    };
  }

  async sendOwnCode(auth: Actor, purpose: OwnPurpose, ip: string): Promise<void> {
    const { user } = await this.me(auth);
    if (!user.phone) throw badRequest('当前账号未绑定手机号，请先绑定手机号');
    await this.infra.sms.send(user.phone, purpose, ip);
  }

  /**
   * A code to the new phone, whether or not another account uses it: answering 409 here told a
   * signed-in caller which numbers are registered (issue 30). A taken number is refused by
   * update-phone, after its code proved the caller holds that phone.
   */
  async sendPhoneCode(auth: Actor, phone: string, ip: string): Promise<void> {
    const { user } = await this.me(auth);
    if (user.phone === phone) throw badRequest('新手机号不能与当前手机号相同');
    await this.limitPhoneChange(user.id, ip, 'send');
    await this.infra.sms.send(phone, 'bind-phone', ip);
  }

  /**
   * Phone-change calls per account and per address (sending codes to new numbers, trying codes):
   * the SMS caps are per phone, and a sweep uses a new phone per call.
   */
  private async limitPhoneChange(userId: string, ip: string, step: 'send' | 'update'): Promise<void> {
    const l = PHONE_CHANGE_LIMITS[step];
    await enforceLimit(this.infra.limiter, `phone-change:${step}:user:${userId}`, l.perUser, 3600, '操作');
    await enforceLimit(this.infra.limiter, `phone-change:${step}:ip:${ip}`, l.perIp, 3600, '操作');
  }

  /** Uses up a code sent to the own phone and hands out a single-use ticket for the next step. */
  async validateMessage(
    auth: Actor,
    code: string,
    purpose: OwnPurpose,
  ): Promise<{ ticket: string; expiresIn: number }> {
    const { user } = await this.me(auth);
    if (!user.phone) throw badRequest('当前账号未绑定手机号，请先绑定手机号');
    await this.infra.sms.verify(user.phone, purpose, code);
    const ticket = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.accounts.insertTicket({
      id: newId(),
      ticket_hash: hashTicket(ticket),
      user_id: user.id,
      phone: user.phone,
      purpose,
      created_at: iso(now),
      expires_at: iso(now + AUTH_LIMITS.ticketTtlSeconds * 1000),
      used_at: null,
    });
    return { ticket, expiresIn: AUTH_LIMITS.ticketTtlSeconds };
  }

  private async liveTicket(user: UserRow, ticket: string | undefined, purpose: OwnPurpose) {
    if (!ticket) return undefined;
    return this.accounts.liveTicket({
      ticketHash: hashTicket(ticket),
      userId: user.id,
      purpose,
      phone: user.phone ?? '',
      now: iso(this.now()),
    });
  }

  /**
   * New phone proven by its own code; an account that already has a phone must also show a ticket
   * for the old one (validate-message, purpose change-phone), so a stolen session alone cannot move it.
   */
  async updatePhone(
    auth: Actor,
    phone: string,
    code: string,
    ticket: string | undefined,
    ip: string,
  ): Promise<void> {
    const { user } = await this.me(auth);
    if (user.phone === phone) throw badRequest('新手机号不能与当前手机号相同');
    await this.limitPhoneChange(user.id, ip, 'update');
    // The ticket concerns the caller's own phone and says nothing about the number asked for.
    let ticketRow: { id: string } | undefined;
    if (user.phone) {
      ticketRow = await this.liveTicket(user, ticket, 'change-phone');
      if (!ticketRow) throw badRequest('请先验证原手机号');
    }
    // The code first: only someone holding the new phone learns whether another account uses it.
    await this.infra.sms.verify(phone, 'bind-phone', code);
    if (await this.repo.findByPhone(phone)) throw conflict('该手机号已被其他账号使用，请更换手机号');
    const now = iso(this.now());
    try {
      await inTx(this.db, async (trx) => {
        if (ticketRow) {
          if (!(await this.accounts.useTicket(trx, ticketRow.id, now))) throw badRequest('请先验证原手机号');
        }
        // The login name follows the phone when it was the phone (and the new one is free as a name).
        const accountFollows = user.account === user.phone && !(await this.repo.findByAccount(phone, trx));
        await this.repo.updateUser(trx, user.id, {
          phone,
          ...(accountFollows ? { account: phone } : {}),
          updated_at: now,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('该手机号已被其他账号使用，请更换手机号');
      throw err;
    }
  }

  /** Sets or changes the password; other sessions of the user end (this one stays). */
  async updatePassword(
    auth: SessionActor,
    input: { newPassword: string; oldPassword?: string; code?: string },
  ): Promise<void> {
    const { user } = await this.me(auth);
    if (input.oldPassword) {
      if (!user.password_hash) throw badRequest('当前账号尚未设置密码，请使用短信验证码设置');
      const key = `pwd:change:${user.id}`;
      const lock = await this.infra.limiter.check(key, AUTH_LIMITS.passwordMaxWrong);
      if (!lock.allowed)
        throw tooMany(
          `原密码错误次数过多，请 ${formatWait(lock.retryAfterSeconds)}后再试`,
          lock.retryAfterSeconds,
        );
      if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
        const r = await this.infra.limiter.hit(
          key,
          AUTH_LIMITS.passwordMaxWrong,
          AUTH_LIMITS.passwordLockSeconds,
        );
        const left = AUTH_LIMITS.passwordMaxWrong - r.count;
        if (left <= 0)
          throw tooMany(
            `原密码错误次数过多，请 ${formatWait(r.retryAfterSeconds)}后再试`,
            r.retryAfterSeconds,
          );
        throw badRequest(`原密码错误，还可尝试 ${left} 次`);
      }
      await this.infra.limiter.reset(key);
    } else if (input.code) {
      if (!user.phone) throw badRequest('当前账号未绑定手机号，请先绑定手机号');
      await this.infra.sms.verify(user.phone, 'change-password', input.code);
    } else {
      throw badRequest('请输入原密码或短信验证码');
    }
    const hash = await hashPassword(input.newPassword);
    const now = iso(this.now());
    await inTx(this.db, async (trx) => {
      await this.repo.updateUser(trx, user.id, { password_hash: hash, updated_at: now });
      await this.accounts.revokeOtherSessions(trx, user.id, auth.sessionId, now);
    });
  }

  async updateUser(auth: Actor, name: string): Promise<void> {
    const { user } = await this.me(auth);
    await this.repo.updateUser(this.db, user.id, { name, need_user_info: 0, updated_at: iso(this.now()) });
  }

  async standardUpdate(
    auth: Actor,
    input: { bidFileShowFlag?: 0 | 1; projectListShowFlag?: 0 | 1; preferredModel?: 'standard' | 'premium' },
  ): Promise<StandardSettings> {
    const { user } = await this.me(auth);
    if (input.preferredModel && isTierDisabled(user, input.preferredModel)) {
      throw badRequest(
        input.preferredModel === 'premium' ? '当前账号未开通高级模型' : '当前账号未开通标准模型',
      );
    }
    const set = {
      ...(input.bidFileShowFlag !== undefined ? { bid_file_show_flag: input.bidFileShowFlag } : {}),
      ...(input.projectListShowFlag !== undefined
        ? { project_list_show_flag: input.projectListShowFlag }
        : {}),
      ...(input.preferredModel ? { preferred_model: input.preferredModel } : {}),
      updated_at: iso(this.now()),
    };
    await this.repo.updateUser(this.db, user.id, set);
    const after = await this.repo.findById(user.id);
    if (!after) throw unauthorized();
    return {
      bidFileShowFlag: after.bid_file_show_flag,
      projectListShowFlag: after.project_list_show_flag,
      preferredModel:
        after.preferred_model === 'standard' || after.preferred_model === 'premium'
          ? after.preferred_model
          : null,
    };
  }

  /** One statistics mark; anonymous marks are counted per IP, a user's per user. */
  async markStalog(auth: Actor | null, input: MarkStalog, ip: string): Promise<void> {
    const key = auth ? `stalog:user:${auth.userId}` : `stalog:ip:${ip}`;
    await enforceLimit(this.infra.limiter, key, 600, 3600, '操作');
    await this.accounts.insertUsageMark({
      id: newId(),
      user_id: auth?.userId ?? null,
      tenant_id: auth?.tenantId ?? null,
      mark: input.mark,
      path: input.path ?? null,
      detail: input.detail ? JSON.stringify(input.detail) : null,
      ip: ip.slice(0, 64),
      created_at: iso(this.now()),
    });
  }

  async closeNotice(auth: Actor, noticeId: string): Promise<void> {
    if (!(await this.accounts.noticeIsOn(noticeId))) throw notFound('公告不存在或已下线');
    await this.accounts.closeNotice(auth.userId, noticeId, iso(this.now()));
  }
}
