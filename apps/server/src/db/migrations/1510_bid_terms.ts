import type { Kysely } from 'kysely';

/**
 * The 工期, 质保期 and 投标有效期 a bid states (issue 31): entered on the 报价 sheet beside the 报价,
 * read by every blank of the tender's forms that asks for them and checked against the tender.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bid_terms')
    .addColumn('bid_id', 'text', (c) => c.primaryKey().references('bids.id').onDelete('cascade'))
    .addColumn('period', 'text')
    .addColumn('warranty', 'text')
    .addColumn('validity', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bid_terms').execute();
}
