import type { Kysely } from 'kysely';

/**
 * The operators' audit log: one row per successful console call that changes something (recorded by
 * the admin scope's onResponse hook, so no route can forget it). Listed newest first, filtered by
 * operator or action.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_logs_created_idx')
    .on('audit_logs')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_logs_operator_idx')
    .on('audit_logs')
    .columns(['operator_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_logs_action_idx')
    .on('audit_logs')
    .columns(['action', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_logs').execute();
}
