import type { Insertable, Selectable } from 'kysely';
import type { ExportJobTable, ExportTemplateTable } from './tables.ts';
import type { Db } from '../../db/db.ts';

export type TemplateRow = Selectable<ExportTemplateTable>;
export type JobRow = ExportJobTable;

export class ExportRepo {
  constructor(private readonly db: Db) {}

  // ----------------------------------------------------------------------------- templates

  /** The enabled templates in the operators' order (their display order over the built-in one). */
  listTemplates() {
    return this.db
      .selectFrom('export_templates')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy((eb) => eb.fn.coalesce('display_sort', 'sort'))
      .orderBy('id')
      .execute();
  }

  /** A fresh database has no default until the built-ins exist: the code's default becomes it. */
  async ensureDefault(id: string): Promise<void> {
    const any = await this.db
      .selectFrom('export_templates')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirst();
    if (!any)
      await this.db.updateTable('export_templates').set({ is_default: 1 }).where('id', '=', id).execute();
  }

  /** The template set as default in the console (enabled), if any. */
  async defaultTemplateId(): Promise<string | undefined> {
    const r = await this.db
      .selectFrom('export_templates')
      .select('id')
      .where('is_default', '=', 1)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return r?.id;
  }

  findTemplate(id: string): Promise<TemplateRow | undefined> {
    return this.db
      .selectFrom('export_templates')
      .selectAll()
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
  }

  allBuiltins(): Promise<
    Array<Pick<TemplateRow, 'id' | 'customized' | 'definition' | 'name' | 'description' | 'sort'>>
  > {
    return this.db
      .selectFrom('export_templates')
      .select(['id', 'customized', 'definition', 'name', 'description', 'sort'])
      .where('builtin', '=', 1)
      .execute();
  }

  async insertTemplate(row: Insertable<ExportTemplateTable>): Promise<void> {
    await this.db.insertInto('export_templates').values(row).execute();
  }

  /** Brings a built-in template in step with the code, unless an operator customised it meanwhile. */
  async refreshBuiltin(
    id: string,
    patch: Pick<TemplateRow, 'name' | 'description' | 'definition' | 'sort' | 'updated_at'>,
  ): Promise<void> {
    await this.db
      .updateTable('export_templates')
      .set(patch)
      .where('id', '=', id)
      .where('builtin', '=', 1)
      .where('customized', '=', 0)
      .execute();
  }

  // ----------------------------------------------------------------------------- jobs

  async insertJob(row: JobRow): Promise<void> {
    await this.db.insertInto('export_jobs').values(row).execute();
  }

  /** A job of this user; undefined for a foreign or unknown id. */
  findJob(userId: string, id: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async updateJob(id: string, patch: Partial<JobRow>): Promise<void> {
    await this.db.updateTable('export_jobs').set(patch).where('id', '=', id).execute();
  }

  async countRunning(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('export_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  expiredJobs(now: string): Promise<Array<Pick<JobRow, 'id' | 'file_path'>>> {
    return this.db
      .selectFrom('export_jobs')
      .select(['id', 'file_path'])
      .where('expires_at', '<', now)
      .limit(500)
      .execute();
  }

  async deleteJobs(ids: string[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('export_jobs').where('id', 'in', ids).execute();
  }

  /**
   * Jobs left queued or running by a process that stopped (no progress written since `staleBefore`)
   * can never finish: they end as failed, so the page stops waiting and offers to export again.
   */
  async failStale(message: string, staleBefore: string, now: string): Promise<void> {
    await this.db
      .updateTable('export_jobs')
      .set({ status: 'error', message, updated_at: now })
      .where('status', 'in', ['queued', 'running'])
      .where('updated_at', '<', staleBefore)
      .execute();
  }
}
