import type { Kysely } from 'kysely';

/**
 * Invitations to join a company: an administrator invites a phone number; the person sees the
 * invitation after logging in and accepts or declines it. Nobody's account moves without that.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('employee_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('invited_by', 'text', (c) => c.notNull())
    // pending | accepted | declined | revoked
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('employee_invitations_phone_idx')
    .on('employee_invitations')
    .columns(['phone', 'status'])
    .execute();
  await db.schema
    .createIndex('employee_invitations_tenant_idx')
    .on('employee_invitations')
    .columns(['tenant_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('employee_invitations').execute();
}
