import type { AuditLogQuery } from '@bid/shared';
import { newestPage } from '../../db/paging.ts';
import type { AuditLogTable } from './tables.ts';
import type { Db } from '../../db/db.ts';

/** Queries of audit_logs. */
export class AuditRepo {
  constructor(private readonly db: Db) {}

  insert(row: AuditLogTable) {
    return this.db.insertInto('audit_logs').values(row).execute();
  }

  /** One page of entries, newest first, with the operator's account and name. */
  async page(q: AuditLogQuery) {
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
    return { rows, total: Number(total?.n ?? 0) };
  }
}
