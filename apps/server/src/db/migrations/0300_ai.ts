import type { Kysely } from 'kysely';

/** AI and tender files: uploads, file interpretations, full-text job chapters, usage. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_path', 'text', (c) => c.notNull())
    .addColumn('pages', 'integer')
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addColumn('headings', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_owner_idx').on('files').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('interpretations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('text_hash', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('analysis', 'text')
    .execute();
  await db.schema
    .createIndex('interpretations_owner_idx')
    .on('interpretations')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('interpretations_hash_idx')
    .on('interpretations')
    .columns(['user_id', 'text_hash'])
    .execute();

  await db.schema
    .createTable('ai_job_chapters')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('catalog_id', 'text', (c) => c.notNull())
    .addColumn('bid_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('engine', 'text')
    .addColumn('version_id', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_job_chapters_pk', ['job_id', 'catalog_id'])
    .execute();

  await db.schema
    .createTable('ai_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bid_id', 'text')
    .addColumn('catalog_id', 'text')
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
    .addColumn('completion_tokens', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_usage_owner_idx')
    .on('ai_usage')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['ai_usage', 'ai_job_chapters', 'interpretations', 'files'])
    await db.schema.dropTable(t).ifExists().execute();
}
