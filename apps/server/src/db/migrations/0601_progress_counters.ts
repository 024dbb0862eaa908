import type { Kysely } from 'kysely';

/**
 * A bid's progress kept incrementally: leaf chapters and leaf chapters with content. A chapter
 * save that turns a leaf's content on or off moves the counter by one instead of recounting the
 * outline (which made writing a whole bid quadratic in its chapters). -1: not counted yet; the
 * next outline change or full recount fills both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bids')
    .addColumn('leaf_count', 'integer', (c) => c.notNull().defaultTo(-1))
    .execute();
  await db.schema
    .alterTable('bids')
    .addColumn('done_leaf_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bids').dropColumn('done_leaf_count').execute();
  await db.schema.alterTable('bids').dropColumn('leaf_count').execute();
}
