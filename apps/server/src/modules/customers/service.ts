import {
  fenToYuan,
  makePage,
  USER_STATUSES,
  type AdminUserDetail,
  type AdminUserItem,
  type AdminUserListQuery,
  type GrantQuotaInput,
  type Page,
  type SetUserStatusInput,
} from '@bid/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { quotaHolder, type QuotaService } from '../quota/service.ts';
import { CustomerRepo, type CustomerRow } from './repo.ts';
import type { Db } from '../../db/db.ts';

/** What disabling a user needs of the sessions: revoke them all at once. */
export interface SessionRevoker {
  revokeAllOfUser(userId: string): Promise<ReadonlyArray<{ numUpdatedRows: bigint }>>;
}

type UserRow = CustomerRow;

const GRANT_COLUMNS = { grant: 'grant_bid_number', temporary: 'temporary_bid_number' } as const;
const COMPANY_ROLES = new Set(['company_admin', 'employee']);

function statusOf(s: string): AdminUserItem['status'] {
  return USER_STATUSES.find((x) => x === s) ?? 'active';
}

function present(u: UserRow): AdminUserItem {
  const companyName = COMPANY_ROLES.has(u.role) ? u.company_name || null : null;
  return {
    id: u.id,
    account: u.account,
    phone: u.phone,
    name: u.name,
    role: u.role,
    status: statusOf(u.status),
    tenantId: u.tenant_id,
    companyName,
    createTime: u.created_at,
    lastLoginTime: u.last_login_at,
  };
}

/**
 * Users and companies as the operators see them: search, the quota a user draws on, grants and
 * disabling. A grant goes to whoever the user draws on (the company's shared quota for its members)
 * and is logged in user_bid_logs with reason 'grant', the operator and the reason given.
 */
export class CustomerService {
  private readonly repo: CustomerRepo;

  constructor(
    db: Db,
    private readonly quota: QuotaService,
    private readonly sessions: SessionRevoker,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new CustomerRepo(db);
  }

  async list(q: AdminUserListQuery): Promise<Page<AdminUserItem>> {
    const { rows, total } = await this.repo.page(q);
    return makePage(rows.map(present), total, q);
  }

  private async row(userId: string): Promise<UserRow> {
    const u = await this.repo.row(userId);
    if (!u) throw notFound('用户不存在');
    return u;
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const u = await this.row(userId);
    const quota = await this.quota.remaining({ userId: u.id, tenantId: u.tenant_id, role: u.role });
    const holder = quotaHolder(u);
    const orders = await this.repo.recentOrders(u.id);
    const bidLogs = await this.repo.recentQuotaLogs(u.tenant_id, holder === 'user' ? u.id : null);
    let company: AdminUserDetail['company'] = null;
    if (holder === 'tenant') {
      const members = await this.repo.members(u.tenant_id);
      company = {
        id: u.tenant_id,
        name: u.company_name ?? '',
        members: members.map((m) => ({
          id: m.id,
          account: m.account,
          name: m.name,
          role: m.role,
          status: statusOf(m.status),
        })),
      };
    }
    return {
      user: present(u),
      quota,
      orders: orders.map((o) => ({
        id: o.id,
        packageName: o.package_name,
        amount: fenToYuan(o.amount),
        status: o.status,
        createTime: o.created_at,
      })),
      bidLogs: bidLogs.map((r) => ({
        id: r.id,
        delta: r.delta,
        bucket: r.bucket,
        reason: r.reason,
        note: r.note,
        orderId: r.order_id,
        createTime: r.created_at,
      })),
      company,
    };
  }

  async grant(operator: Actor, input: GrantQuotaInput): Promise<AdminUserDetail> {
    const u = await this.row(input.userId);
    if (u.status !== 'active') throw badRequest('该用户已停用，请先启用再赠送额度');
    const column = GRANT_COLUMNS[input.bucket];
    const holder = quotaHolder(u);
    await this.repo.grant(
      holder === 'tenant' ? { table: 'tenants', id: u.tenant_id } : { table: 'users', id: u.id },
      column,
      input.amount,
      {
        id: newId(),
        user_id: u.id,
        tenant_id: u.tenant_id,
        bucket: input.bucket,
        delta: input.amount,
        reason: 'grant',
        bid_id: null,
        order_id: null,
        operator_id: operator.userId,
        note: input.reason,
        created_at: this.now().toISOString(),
      },
    );
    return this.detail(u.id);
  }

  /** Disabling keeps every bid and file; it revokes the sessions, and login answers 账号已被停用. */
  async setStatus(
    operator: Actor,
    input: SetUserStatusInput,
  ): Promise<{ id: string; status: AdminUserItem['status']; revokedSessions: number }> {
    const u = await this.row(input.userId);
    if (input.disabled && u.id === operator.userId) throw badRequest('不能停用自己的账号');
    if (u.status === 'removed') throw badRequest('该账号已被移出企业，不能更改状态');
    const status = input.disabled ? 'disabled' : 'active';
    await this.repo.setStatus(u.id, status, this.now().toISOString());
    let revokedSessions = 0;
    if (input.disabled) {
      const r = await this.sessions.revokeAllOfUser(u.id);
      revokedSessions = r.reduce((n, x) => n + Number(x.numUpdatedRows), 0);
    }
    return { id: u.id, status, revokedSessions };
  }
}
