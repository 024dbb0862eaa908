import type { Kysely } from 'kysely';

/**
 * Progress counts written text (issue 26): each chapter keeps the words of its own text
 * (placeholders, notices and text repeated from the tender left out), and each bid the share of a
 * chapter's target that text must reach to count as written. Chapters written before this keep
 * their whole word count until their next save measures them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('catalogs')
    .addColumn('own_words', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('catalogs')
    .set((eb) => ({ own_words: eb.ref('word_count') }))
    .execute();
  await db.schema
    .alterTable('bids')
    .addColumn('written_share', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
  // Counted afresh (bids/service recomputeProgress) at the next change: the rule changed.
  await db.updateTable('bids').set({ leaf_count: -1 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bids').dropColumn('written_share').execute();
  await db.schema.alterTable('catalogs').dropColumn('own_words').execute();
}
