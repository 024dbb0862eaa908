import type { Kysely } from 'kysely';

/**
 * The console's commerce work (issue 17): coupons; an order keeps the coupon it used, its discount
 * and its refund; a quota movement keeps the operator who made it (grants, refunds) and a note.
 * user_bid_logs' one-row-per-order rule becomes one row per order and reason: an order is credited
 * once and refunded once, both enforced by the database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refunded_by', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refund_note', 'text').execute();
  await db.schema.createIndex('orders_paid_idx').on('orders').column('paid_at').execute();

  await db.schema.alterTable('user_bid_logs').addColumn('operator_id', 'text').execute();
  await db.schema.alterTable('user_bid_logs').addColumn('note', 'text').execute();
  await db.schema.dropIndex('user_bid_logs_order_uq').execute();
  await db.schema
    .createIndex('user_bid_logs_order_reason_uq')
    .on('user_bid_logs')
    .columns(['order_id', 'reason'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_bid_logs_order_reason_uq').execute();
  await db.schema
    .createIndex('user_bid_logs_order_uq')
    .on('user_bid_logs')
    .column('order_id')
    .unique()
    .execute();
  await db.schema.alterTable('user_bid_logs').dropColumn('note').execute();
  await db.schema.alterTable('user_bid_logs').dropColumn('operator_id').execute();
  await db.schema.dropIndex('orders_paid_idx').execute();
  for (const c of ['refund_note', 'refunded_by', 'refunded_at', 'discount', 'coupon_code'])
    await db.schema.alterTable('orders').dropColumn(c).execute();
  await db.schema.dropTable('coupons').execute();
}
