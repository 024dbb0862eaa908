import type { Insertable, Selectable } from 'kysely';
import type { AdminUserListQuery } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import type { UserTable } from '../user/tables.ts';
import { inTx, type Db } from '../../db/db.ts';
import { newestPage } from '../../db/paging.ts';

export type CustomerRow = Selectable<UserTable> & { company_name: string | null };

/** What the console reads and changes of users and companies (users, tenants, orders, quota logs). */
export class CustomerRepo {
  constructor(private readonly db: Db) {}

  private users() {
    return this.db.selectFrom('users').leftJoin('tenants', 'tenants.id', 'users.tenant_id');
  }

  /** A page of users, newest first; `keyword` matches phone, account, name, company name or the id. */
  async page(q: AdminUserListQuery): Promise<{ rows: CustomerRow[]; total: number }> {
    let base = this.users();
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[%_\\]/g, '')}%`;
      base = base.where((eb) =>
        eb.or([
          eb('users.phone', 'like', like),
          eb('users.account', 'like', like),
          eb('users.name', 'like', like),
          eb('tenants.name', 'like', like),
          eb('users.id', '=', q.keyword ?? ''),
        ]),
      );
    }
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await newestPage(
      base.selectAll('users').select('tenants.name as company_name'),
      'users',
      q,
    ).execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  row(userId: string): Promise<CustomerRow | undefined> {
    return this.users()
      .selectAll('users')
      .select('tenants.name as company_name')
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  recentOrders(userId: string) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
  }

  /** The newest quota movements of the company, or of one user of it. */
  recentQuotaLogs(tenantId: string, userId: string | null) {
    let logs = this.db.selectFrom('user_bid_logs').selectAll().where('tenant_id', '=', tenantId);
    if (userId !== null) logs = logs.where('user_id', '=', userId);
    return logs.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20).execute();
  }

  members(tenantId: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .limit(200)
      .execute();
  }

  /** Adds `amount` to a bucket of the holder (a company or a user) and logs it, in one transaction. */
  grant(
    holder: { table: 'tenants' | 'users'; id: string },
    column: 'grant_bid_number' | 'temporary_bid_number',
    amount: number,
    log: Insertable<Database['user_bid_logs']>,
  ): Promise<void> {
    return inTx(this.db, async (trx) => {
      await trx
        .updateTable(holder.table)
        .set((eb) => ({ [column]: eb(eb.ref(column), '+', amount) }))
        .where('id', '=', holder.id)
        .execute();
      await trx.insertInto('user_bid_logs').values(log).execute();
    });
  }

  async setStatus(userId: string, status: UserTable['status'], at: string): Promise<void> {
    await this.db.updateTable('users').set({ status, updated_at: at }).where('id', '=', userId).execute();
  }
}
