import type { Kysely } from 'kysely';

/**
 * A bid's 分项报价 lines (issue 31): 名称, 数量, 不含税单价 and 税率 as the writer enters them (decimal
 * text, exact on both dialects); their 合计 is the bid's one 报价 in bid_offers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bid_offer_lines')
    .addColumn('bid_id', 'text', (c) => c.notNull().references('bids.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'text', (c) => c.notNull())
    .addColumn('tax_rate', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bid_offer_lines_pk', ['bid_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bid_offer_lines').execute();
}
