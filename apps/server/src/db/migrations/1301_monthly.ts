import type { Kysely } from 'kysely';

/**
 * Monthly packages: the allowance refilled into the month bucket at every monthly reset until the
 * package ends (users for personal accounts, tenants for companies).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['users', 'tenants']) {
    await db.schema
      .alterTable(table)
      .addColumn('monthly_allowance', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn('monthly_until', 'text').execute();
    await db.schema.alterTable(table).addColumn('month_reset_at', 'text').execute();
  }
  // The seeded monthly package now says what it does: refilled each month while it runs, unused units lapse.
  await db
    .updateTable('packages')
    .set({ description: '1 个月内可新建 30 份标书，到期未用完的额度作废' })
    .where('id', '=', 'pkg-monthly')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['users', 'tenants']) {
    await db.schema.alterTable(table).dropColumn('month_reset_at').execute();
    await db.schema.alterTable(table).dropColumn('monthly_until').execute();
    await db.schema.alterTable(table).dropColumn('monthly_allowance').execute();
  }
}
