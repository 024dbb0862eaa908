import type { Kysely } from 'kysely';

/**
 * The bid workspace: bids, their outline (catalogs), outline versions, chapter content versions,
 * the quota log and feedback.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tender_text', 'text')
    .addColumn('file_id', 'text')
    .addColumn('model_type', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('page_count', 'integer')
    .addColumn('template_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('writing'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('analysis', 'text')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bids_owner_idx')
    .on('bids')
    .columns(['tenant_id', 'user_id', 'deleted', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('bids_tenant_idx')
    .on('bids')
    .columns(['tenant_id', 'deleted', 'updated_at'])
    .execute();

  await db.schema
    .createTable('catalogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bid_id', 'text', (c) => c.notNull().references('bids.id'))
    // No foreign key on parent_id: a subtree is removed in one statement and the service keeps the
    // tree whole (no orphan, no cycle) under a lock on the bid row.
    .addColumn('parent_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    // Gap keys (multiples of 1024): a move writes one row; a sibling list is renumbered only when
    // a gap is used up.
    .addColumn('sort_key', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('empty'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('target_words', 'integer')
    .addColumn('settings', 'text')
    .addColumn('scoring_items', 'text')
    .addColumn('engine', 'text')
    .addColumn('has_content', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_version_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Last, so that reading the outline without content does not touch the large values.
    .addColumn('content', 'text')
    .execute();
  await db.schema
    .createIndex('catalogs_bid_parent_idx')
    .on('catalogs')
    .columns(['bid_id', 'parent_id', 'sort_key'])
    .execute();

  await db.schema
    .createTable('catalog_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bid_id', 'text', (c) => c.notNull().references('bids.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('chapter_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('catalog_versions_bid_idx')
    .on('catalog_versions')
    .columns(['bid_id', 'created_at'])
    .execute();

  // No foreign key to catalogs: versions outlive a removed chapter so that restoring an outline
  // version (which brings the chapter back under its old id) brings its history back too.
  await db.schema
    .createTable('catalog_content_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('catalog_id', 'text', (c) => c.notNull())
    .addColumn('bid_id', 'text', (c) => c.notNull().references('bids.id'))
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('engine', 'text')
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('catalog_content_versions_no_uq', ['catalog_id', 'version_no'])
    .execute();

  await db.schema
    .createTable('bid_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bid_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bid_logs_owner_idx')
    .on('bid_logs')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('feedbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('images', 'text')
    .addColumn('reply', 'text')
    .addColumn('reply_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedbacks_user_idx')
    .on('feedbacks')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'feedbacks',
    'bid_logs',
    'catalog_content_versions',
    'catalog_versions',
    'catalogs',
    'bids',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
