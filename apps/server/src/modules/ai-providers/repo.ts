import type { AiProviderTable } from './tables.ts';
import { inTx, type Db } from '../../db/db.ts';

export type AiProviderRow = AiProviderTable;

export class AiProviderRepo {
  constructor(private readonly db: Db) {}

  list() {
    return this.db
      .selectFrom('ai_providers')
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  find(id: string) {
    return this.db.selectFrom('ai_providers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  active() {
    return this.db.selectFrom('ai_providers').selectAll().where('active', '=', 1).executeTakeFirst();
  }

  insert(row: AiProviderRow) {
    return this.db.insertInto('ai_providers').values(row).execute();
  }

  async update(
    id: string,
    patch: Partial<Omit<AiProviderRow, 'id' | 'created_at' | 'created_by'>>,
  ): Promise<boolean> {
    const r = await this.db.updateTable('ai_providers').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** One active provider at most: the switch happens in one transaction. */
  activate(id: string | null, at: string) {
    return inTx(this.db, async (trx) => {
      await trx
        .updateTable('ai_providers')
        .set({ active: 0, updated_at: at })
        .where('active', '=', 1)
        .execute();
      if (!id) return true;
      const r = await trx
        .updateTable('ai_providers')
        .set({ active: 1, updated_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    });
  }

  async remove(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('ai_providers').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
