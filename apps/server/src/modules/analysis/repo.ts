import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InterpretationTable } from '../../ai/tables.ts';

export interface Owner {
  userId: string;
  tenantId: string;
}

/** File interpretations, scoped to their owner. */
export class InterpretationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: InterpretationTable) {
    return this.db.insertInto('interpretations').values(row).execute();
  }

  update(id: string, patch: Partial<InterpretationTable>) {
    return this.db.updateTable('interpretations').set(patch).where('id', '=', id).execute();
  }

  findOwned(owner: Owner, id: string) {
    return this.db.selectFrom('interpretations').selectAll().where('id', '=', id).where('user_id', '=', owner.userId).where('tenant_id', '=', owner.tenantId).executeTakeFirst();
  }

  /** A finished analysis of the same text and tier by the same user (reused instead of paying twice). */
  findDone(owner: Owner, textHash: string) {
    return this.db
      .selectFrom('interpretations')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .where('text_hash', '=', textHash)
      .where('status', '=', 'done')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async list(owner: Owner, offset: number, limit: number) {
    const base = this.db.selectFrom('interpretations').where('user_id', '=', owner.userId).where('tenant_id', '=', owner.tenantId);
    const [rows, total] = await Promise.all([
      base.select(['id', 'name', 'file_id', 'status', 'error', 'created_at', 'updated_at']).orderBy('created_at', 'desc').offset(offset).limit(limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Analyses interrupted by a restart will not finish: say so instead of spinning forever. */
  failStale(before: string) {
    return this.db.updateTable('interpretations').set({ status: 'error', error: '解析被中断（服务重启），请重新解析', updated_at: new Date().toISOString() }).where('status', '=', 'running').where('updated_at', '<', before).execute();
  }
}
