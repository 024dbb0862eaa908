import { makePage, type AuditLogItem, type AuditLogQuery, type Page } from '@bid/shared';
import { newId } from '../../lib/ids.ts';
import { auditSummary, auditTarget } from './redact.ts';
import { AuditRepo } from './repo.ts';
import type { Db } from '../../db/db.ts';

export interface AuditEntry {
  operatorId: string;
  action: string;
  method: string;
  body: unknown;
  ip: string | null;
}

/** The operators' audit log: written by the admin scope's hook, read by /admin/audit. */
export class AuditService {
  private readonly repo: AuditRepo;

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new AuditRepo(db);
  }

  async record(e: AuditEntry): Promise<void> {
    await this.repo.insert({
      id: newId(),
      operator_id: e.operatorId,
      action: e.action,
      method: e.method,
      target_id: auditTarget(e.body),
      summary: auditSummary(e.body),
      ip: e.ip,
      created_at: this.now().toISOString(),
    });
  }

  async list(q: AuditLogQuery): Promise<Page<AuditLogItem>> {
    const { rows, total } = await this.repo.page(q);
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
      total,
      q,
    );
  }
}
