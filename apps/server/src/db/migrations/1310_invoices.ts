import type { Kysely } from 'kysely';

/**
 * Invoices: an application for paid orders, issued by an operator (the PDF kept under DATA_DIR) or
 * rejected with a reason. invoice_orders links each invoice to its orders; `claim` holds the order
 * id while the invoice is pending or issued and is emptied on rejection, so the unique index lets an
 * order be on one live invoice only, whoever races (NULLs never collide on SQLite or PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tax_number', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('bank_account', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('file_path', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('file_sha256', 'text')
    .addColumn('handled_by', 'text')
    .addColumn('issued_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoices_owner_idx')
    .on('invoices')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invoices_status_idx')
    .on('invoices')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('invoice_orders')
    .addColumn('invoice_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('claim', 'text')
    .addPrimaryKeyConstraint('invoice_orders_pk', ['invoice_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('invoice_orders_claim_uq')
    .on('invoice_orders')
    .column('claim')
    .unique()
    .execute();
  await db.schema.createIndex('invoice_orders_order_idx').on('invoice_orders').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_orders').execute();
  await db.schema.dropTable('invoices').execute();
}
