import type { Kysely } from 'kysely';

/**
 * Knowledge base and company library: documents split into passages with their term vectors (the
 * BM25 index is built from them in memory and rebuilt when a scope's revision changes), company
 * fact cards, the operators who curate the public library, and the passages the last AI
 * write of a chapter used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('knowledge_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'public' or the owning tenant's id: the library a passage is searched in.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('library', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('folder', 'text')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('chars', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_documents_scope_idx')
    .on('knowledge_documents')
    .columns(['scope', 'created_at'])
    .execute();

  await db.schema
    .createTable('knowledge_passages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) =>
      c.notNull().references('knowledge_documents.id').onDelete('cascade'),
    )
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    // JSON object term -> frequency, and the number of terms (BM25 document length).
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    // JSON array of numbers when an embedding provider is configured.
    .addColumn('embedding', 'text')
    .execute();
  await db.schema
    .createIndex('knowledge_passages_scope_idx')
    .on('knowledge_passages')
    .columns(['scope', 'id'])
    .execute();
  await db.schema
    .createIndex('knowledge_passages_document_idx')
    .on('knowledge_passages')
    .columns(['document_id', 'seq'])
    .execute();

  // Bumped on every change of a scope's passages; a process rebuilds its cached index when it moves.
  await db.schema
    .createTable('knowledge_scopes')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('company_facts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('company_facts_tenant_idx')
    .on('company_facts')
    .columns(['tenant_id', 'kind', 'created_at'])
    .execute();

  // Operators of the product (no other role marks them yet): they curate the public library.
  await db.schema
    .createTable('operators')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('catalogs').addColumn('ai_sources', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogs').dropColumn('ai_sources').execute();
  await db.schema.dropTable('operators').execute();
  await db.schema.dropTable('company_facts').execute();
  await db.schema.dropTable('knowledge_scopes').execute();
  await db.schema.dropTable('knowledge_passages').execute();
  await db.schema.dropTable('knowledge_documents').execute();
}
