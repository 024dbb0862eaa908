import type { Kysely } from 'kysely';

/**
 * Word export: templates (operators can add more; the built-in ones are written and kept in step
 * with the code by the export module at start, ExportService.syncBuiltins, unless an operator
 * customised them: a migration stays as it was written) and background export jobs with their progress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('export_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bid_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text')
    .addColumn('size', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('export_jobs_owner_idx')
    .on('export_jobs')
    .columns(['user_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('export_jobs_expiry_idx').on('export_jobs').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('export_jobs').ifExists().execute();
  await db.schema.dropTable('export_templates').ifExists().execute();
}
