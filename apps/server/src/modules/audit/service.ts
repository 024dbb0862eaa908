import type { Kysely } from 'kysely';
import { makePage, type AuditLogItem, type AuditLogQuery, type Page } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { newestPage } from '../../db/paging.ts';
import { auditSummary, auditTarget } from './redact.ts';

export interface AuditEntry {
  operatorId: string;
  action: string;
  method: string;
  body: unknown;
  ip: string | null;
}

/** The operators' audit log: written by the admin scope's hook, read by /admin/audit. */
export class AuditService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(e: AuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_logs')
      .values({
        id: newId(),
        operator_id: e.operatorId,
        action: e.action,
        method: e.method,
        target_id: auditTarget(e.body),
        summary: auditSummary(e.body),
        ip: e.ip,
        created_at: this.now().toISOString(),
      })
      .execute();
  }

  async list(q: AuditLogQuery): Promise<Page<AuditLogItem>> {
    let base = this.db.selectFrom('audit_logs').innerJoin('users', 'users.id', 'audit_logs.operator_id');
    if (q.operator) {
      const op = q.operator;
      base = base.where((eb) =>
        eb.or([
          eb('users.account', '=', op),
          eb('users.phone', '=', op),
          eb('users.name', '=', op),
          eb('audit_logs.operator_id', '=', op),
        ]),
      );
    }
    if (q.action) base = base.where('audit_logs.action', 'like', `%${q.action.replace(/[%_\\]/g, '')}%`);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await newestPage(
      base
        .selectAll('audit_logs')
        .select(['users.account as operator_account', 'users.name as operator_name']),
      'audit_logs',
      q,
    ).execute();
    return makePage(
      rows.map((r) => ({
        id: r.id,
        operatorId: r.operator_id,
        operatorAccount: r.operator_account,
        operatorName: r.operator_name,
        action: r.action,
        method: r.method,
        targetId: r.target_id,
        summary: r.summary,
        ip: r.ip,
        createTime: r.created_at,
      })),
      Number(total?.n ?? 0),
      q,
    );
  }
}
