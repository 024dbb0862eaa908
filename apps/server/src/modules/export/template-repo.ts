import type { Db } from '../../db/db.ts';

type TemplatePatch = {
  updated_at: string;
  display_name?: string | null;
  display_sort?: number;
  enabled?: number;
};

/** The export_templates rows as the console sees them: every template, disabled too. */
export class TemplateRepo {
  constructor(private readonly db: Db) {}

  /** Every template in the order users see them (the operators' order over the built-in one). */
  all() {
    return this.db
      .selectFrom('export_templates')
      .select([
        'id',
        'name',
        'display_name',
        'description',
        'sort',
        'display_sort',
        'enabled',
        'is_default',
        'builtin',
      ])
      .orderBy((eb) => eb.fn.coalesce('display_sort', 'sort'))
      .orderBy('id')
      .execute();
  }

  flags(id: string, db: Db = this.db) {
    return db
      .selectFrom('export_templates')
      .select(['id', 'enabled', 'is_default'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async update(id: string, patch: TemplatePatch): Promise<void> {
    await this.db.updateTable('export_templates').set(patch).where('id', '=', id).execute();
  }

  /** `id` becomes the one default (run it in the transaction that checked it). */
  async makeDefault(db: Db, id: string, now: string): Promise<void> {
    await db
      .updateTable('export_templates')
      .set({ is_default: 0, updated_at: now })
      .where('is_default', '=', 1)
      .where('id', '!=', id)
      .execute();
    await db
      .updateTable('export_templates')
      .set({ is_default: 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}
