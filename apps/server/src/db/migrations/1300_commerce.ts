import type { Kysely } from 'kysely';

/**
 * Commerce: packages (operator-managed, seeded with defaults), orders, and user_bid_logs, the one
 * ledger of every quota movement (a bid taking a unit, an order crediting one). user_bid_logs
 * replaces bid_logs, whose bid_id could not be empty; its rows are carried over.
 */
const SEED = [
  {
    id: 'pkg-count-1',
    name: '单份标书',
    kind: 'count',
    bids: 1,
    months: 0,
    price: 19900,
    original_price: null,
    description: '新建 1 份标书，额度长期有效',
    sort: 10,
  },
  {
    id: 'pkg-count-10',
    name: '10 份标书包',
    kind: 'count',
    bids: 10,
    months: 0,
    price: 169000,
    original_price: 199000,
    description: '新建 10 份标书，额度长期有效',
    sort: 20,
  },
  {
    id: 'pkg-monthly',
    name: '包月套餐',
    kind: 'monthly',
    bids: 30,
    months: 1,
    price: 99900,
    original_price: null,
    description: '付款后到账 30 份月度额度（新建标书时优先消耗）',
    sort: 30,
  },
  {
    id: 'pkg-yearly',
    name: '包年套餐',
    kind: 'yearly',
    bids: 0,
    months: 12,
    price: 699900,
    original_price: 1198800,
    description: '12 个月内新建标书不限份数',
    sort: 40,
  },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('bids', 'integer', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('packages')
    .values(SEED.map((p) => ({ ...p, enabled: 1, created_at: now, updated_at: now })))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('package_id', 'text', (c) => c.notNull())
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('bids', 'integer', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('pay_method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('confirmed_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_owner_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('user_bid_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('bid_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_bid_logs_owner_idx')
    .on('user_bid_logs')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();
  // One credit per order, enforced by the database: a confirmation racing another credits once.
  await db.schema
    .createIndex('user_bid_logs_order_uq')
    .on('user_bid_logs')
    .column('order_id')
    .unique()
    .execute();
  const old = await db.selectFrom('bid_logs').selectAll().execute();
  for (const r of old) {
    await db
      .insertInto('user_bid_logs')
      .values({
        id: r.id,
        user_id: r.user_id,
        tenant_id: r.tenant_id,
        bucket: r.bucket,
        delta: r.delta,
        reason: 'bid',
        bid_id: r.bid_id,
        order_id: null,
        created_at: r.created_at,
      })
      .execute();
  }
  await db.schema.dropTable('bid_logs').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
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
  await db.schema.dropTable('user_bid_logs').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('packages').execute();
}
