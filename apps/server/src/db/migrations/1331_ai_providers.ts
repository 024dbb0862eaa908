import type { Kysely } from 'kysely';

/**
 * OpenAI-compatible providers added by operators: the API key only sealed (AES-256-GCM, see
 * lib/secret-box.ts) plus its last 4 characters for the console; at most one is active.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text', (c) => c.notNull())
    .addColumn('api_key_last4', 'text', (c) => c.notNull())
    .addColumn('standard_model', 'text', (c) => c.notNull())
    .addColumn('premium_model', 'text', (c) => c.notNull())
    .addColumn('concurrency', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_providers').execute();
}
