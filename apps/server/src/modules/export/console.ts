import {
  TEMPLATE_CONSOLE_MSG as MSG,
  type AdminTemplateItem,
  type AdminTemplateUpdateInput,
} from '@bid/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { inTx, type Db } from '../../db/db.ts';
import { TemplateRepo } from './template-repo.ts';

/**
 * The console's view of the Word templates: every template (disabled too), which one is the default,
 * and the operators' display name and order. Users' findAllTemplate lists only enabled ones.
 */
export class TemplateConsole {
  private readonly repo: TemplateRepo;

  constructor(private readonly db: Db) {
    this.repo = new TemplateRepo(db);
  }

  async list(): Promise<AdminTemplateItem[]> {
    const rows = await this.repo.all();
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
    const row = await this.repo.flags(input.id);
    if (!row) throw notFound(MSG.notFound);
    if (input.enabled === false && row.is_default === 1) throw badRequest(MSG.defaultCannotDisable);
    const patch: Parameters<TemplateRepo['update']>[1] = { updated_at: nowIso() };
    if (input.name !== undefined) patch.display_name = input.name || null;
    if (input.sort !== undefined) patch.display_sort = input.sort;
    if (input.enabled !== undefined) patch.enabled = input.enabled ? 1 : 0;
    await this.repo.update(input.id, patch);
    return this.list();
  }

  /** Exactly one default, always an enabled template: the switch happens in one transaction. */
  async setDefault(id: string): Promise<AdminTemplateItem[]> {
    await inTx(this.db, async (trx) => {
      const row = await this.repo.flags(id, trx);
      if (!row) throw notFound(MSG.notFound);
      if (row.enabled !== 1) throw badRequest(MSG.disabledCannotDefault);
      await this.repo.makeDefault(trx, id, nowIso());
    });
    return this.list();
  }
}
