import type { Kysely } from 'kysely';

/**
 * The 采购包 / 标段 a bid answers when its tender has several (null: all, or a tender with one).
 * The bid's stored analysis keeps only that 包's scoring items, ★ clauses and requirements.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bids').addColumn('lot', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bids').dropColumn('lot').execute();
}
