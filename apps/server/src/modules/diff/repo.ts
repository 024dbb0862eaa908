import type { Db } from '../../db/db.ts';
import type { DiffTable } from './tables.ts';
import type { ActorScope } from '../../policy/actor.ts';

/** Comparisons; every read and write of a user's row is scoped to its owner. */
export class DiffRepo {
  constructor(private readonly db: Db) {}

  async insert(row: DiffTable): Promise<void> {
    await this.db.insertInto('diffs').values(row).execute();
  }

  findOwned(owner: ActorScope, id: string): Promise<DiffTable | undefined> {
    return this.db
      .selectFrom('diffs')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirst();
  }

  /** For the job, which runs on behalf of the row's owner. */
  findById(id: string): Promise<DiffTable | undefined> {
    return this.db.selectFrom('diffs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, patch: Partial<Omit<DiffTable, 'id' | 'user_id' | 'tenant_id'>>): Promise<void> {
    await this.db.updateTable('diffs').set(patch).where('id', '=', id).execute();
  }

  async page(
    owner: ActorScope,
    offset: number,
    limit: number,
  ): Promise<{ rows: Array<Omit<DiffTable, 'result'>>; total: number }> {
    const base = this.db
      .selectFrom('diffs')
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId);
    const rows = await base
      .select([
        'id',
        'user_id',
        'tenant_id',
        'name',
        'status',
        'progress',
        'stage',
        'error',
        'score',
        'inputs',
        'created_at',
        'updated_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { rows, total: Number(count?.n ?? 0) };
  }

  async countLive(owner: ActorScope): Promise<number> {
    const r = await this.db
      .selectFrom('diffs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', owner.userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** True when a row was removed. */
  async remove(owner: ActorScope, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('diffs')
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
