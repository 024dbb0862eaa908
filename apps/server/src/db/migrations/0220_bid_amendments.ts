import type { Kysely } from 'kysely';

/** Amendments (补遗/澄清/答疑) added to a bid, with the changes read from them (issue 31). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bid_amendments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bid_id', 'text', (c) => c.notNull().references('bids.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bid_amendments_bid').on('bid_amendments').columns(['bid_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bid_amendments').execute();
}
