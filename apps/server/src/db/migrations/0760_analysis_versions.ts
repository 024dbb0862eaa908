import type { Kysely } from 'kysely';

/**
 * Versions of a stored tender analysis, for the writer's review (getBidAnalysis / updateBidAnalysis,
 * an interpretation's updateAnalysis): every write of the analysis adds one, and a save made from an
 * older version is refused (409) instead of overwriting what another window or a re-read saved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bids')
    .addColumn('analysis_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('interpretations')
    .addColumn('analysis_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('interpretations').dropColumn('analysis_version').execute();
  await db.schema.alterTable('bids').dropColumn('analysis_version').execute();
}
