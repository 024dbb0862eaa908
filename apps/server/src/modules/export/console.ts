import type { Kysely } from 'kysely';
import {
  TEMPLATE_CONSOLE_MSG as MSG,
  type AdminTemplateItem,
  type AdminTemplateUpdateInput,
} from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { inTx } from '../../db/db.ts';

/**
 * The console's view of the Word templates: every template (disabled too), which one is the default,
 * and the operators' display name and order. Users' findAllTemplate lists only enabled ones.
 */
export class TemplateConsole {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<AdminTemplateItem[]> {
    const rows = await this.db
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
    return rows.map((r) => ({
      id: r.id,
      name: r.display_name || r.name,
      originalName: r.name,
      description: r.description,
      sort: r.display_sort ?? r.sort,
      enabled: r.enabled === 1,
      isDefault: r.is_default === 1,
      builtin: r.builtin === 1,
    }));
  }

  async update(input: AdminTemplateUpdateInput): Promise<AdminTemplateItem[]> {
    const row = await this.db
      .selectFrom('export_templates')
      .select(['id', 'is_default'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw notFound(MSG.notFound);
    if (input.enabled === false && row.is_default === 1) throw badRequest(MSG.defaultCannotDisable);
    const patch: {
      updated_at: string;
      display_name?: string | null;
      display_sort?: number;
      enabled?: number;
    } = { updated_at: nowIso() };
    if (input.name !== undefined) patch.display_name = input.name || null;
    if (input.sort !== undefined) patch.display_sort = input.sort;
    if (input.enabled !== undefined) patch.enabled = input.enabled ? 1 : 0;
    await this.db.updateTable('export_templates').set(patch).where('id', '=', input.id).execute();
    return this.list();
  }

  /** Exactly one default, always an enabled template: the switch happens in one transaction. */
  async setDefault(id: string): Promise<AdminTemplateItem[]> {
    await inTx(this.db, async (trx) => {
      const row = await trx
        .selectFrom('export_templates')
        .select(['id', 'enabled'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(MSG.notFound);
      if (row.enabled !== 1) throw badRequest(MSG.disabledCannotDefault);
      const now = nowIso();
      await trx
        .updateTable('export_templates')
        .set({ is_default: 0, updated_at: now })
        .where('is_default', '=', 1)
        .where('id', '!=', id)
        .execute();
      await trx
        .updateTable('export_templates')
        .set({ is_default: 1, updated_at: now })
        .where('id', '=', id)
        .execute();
    });
    return this.list();
  }
}
