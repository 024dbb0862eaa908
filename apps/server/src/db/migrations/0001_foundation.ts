import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('registration_no', 'text')
    .addColumn('admin_user_id', 'text')
    .addColumn('bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('month_bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('temporary_bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grant_bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('package_unit', 'text')
    .addColumn('package_unlimited_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('wechat_openid', 'text', (c) => c.unique())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('pc'))
    .addColumn('regist_source', 'text')
    .addColumn('invitation_code', 'text')
    .addColumn('extension_code', 'text')
    .addColumn('own_invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text')
    .addColumn('is_employee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('personal'))
    .addColumn('bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('month_bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('temporary_bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grant_bid_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('package_unit', 'text')
    .addColumn('package_unlimited_until', 'text')
    .addColumn('expire_date', 'text')
    .addColumn('bid_file_show_flag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('project_list_show_flag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('need_user_info', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_buy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('premium_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('standard_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_tenant_idx').on('users').column('tenant_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['settings', 'sessions', 'users', 'tenants'])
    await db.schema.dropTable(t).ifExists().execute();
}
