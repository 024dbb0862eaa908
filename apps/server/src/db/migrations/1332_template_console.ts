import type { Kysely } from 'kysely';

/**
 * Word templates in the console: operators choose the default and may give a template another
 * display name and order. Kept apart from name/sort so that the built-in definitions still follow
 * the code (ExportService.syncBuiltins) whatever operators call them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('export_templates')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('export_templates').addColumn('display_name', 'text').execute();
  await db.schema.alterTable('export_templates').addColumn('display_sort', 'integer').execute();
  // The default until now (DEFAULT_TEMPLATE_ID); a fresh database gets it when the built-ins are synced.
  await db.updateTable('export_templates').set({ is_default: 1 }).where('id', '=', 'gov-standard').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_templates').dropColumn('display_sort').execute();
  await db.schema.alterTable('export_templates').dropColumn('display_name').execute();
  await db.schema.alterTable('export_templates').dropColumn('is_default').execute();
}
