import type { Kysely } from 'kysely';

/** A bid's 报价, entered once (issue 31): every price blank of the tender's forms reads it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bid_offers')
    .addColumn('bid_id', 'text', (c) => c.primaryKey().references('bids.id').onDelete('cascade'))
    .addColumn('lot', 'integer')
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bid_offers').execute();
}
