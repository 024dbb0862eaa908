import type { Kysely } from 'kysely';

/** 查重: one row per comparison, its inputs, progress and (when done) the whole result as JSON. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('diffs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text')
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('diffs_owner_idx')
    .on('diffs')
    .columns(['user_id', 'tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('diffs').ifExists().execute();
}
