import type { Insertable } from 'kysely';
import type { OrderStatus } from '@bid/shared';
import type { Db } from '../../db/db.ts';
import { newestPage } from '../../db/paging.ts';
import type { OrderTable } from './tables.ts';

/** Whose orders: the buyer's own, within the company they bought in. */
export interface OrderOwner {
  userId: string;
  tenantId: string;
}

/** orders: a purchase and its state changes, each one conditional UPDATE on the state read. */
export class OrderRepo {
  async insert(db: Db, row: Insertable<OrderTable>): Promise<void> {
    await db.insertInto('orders').values(row).execute();
  }

  byId(db: Db, id: string) {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One of the buyer's own orders (a foreign id is missing). */
  owned(db: Db, owner: OrderOwner, id: string) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirst();
  }

  /** A page of the buyer's own orders, newest first, and their count. */
  async ownedPage(db: Db, owner: OrderOwner, q: { current: number; size: number }) {
    const base = db
      .selectFrom('orders')
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await newestPage(base.selectAll(), 'orders', q).execute();
    return { total: Number(total?.n ?? 0), rows };
  }

  /** Paid orders crediting a company (userId null) or one person in it, newest payment first. */
  paid(db: Db, tenantId: string, userId: string | null, limit: number) {
    let q = db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'paid')
      .where('tenant_id', '=', tenantId);
    if (userId) q = q.where('user_id', '=', userId);
    return q.orderBy('paid_at', 'desc').limit(limit).execute();
  }

  /** created -> cancelled; false when it was no longer waiting for payment. */
  async markCancelled(db: Db, id: string, at: string): Promise<boolean> {
    const res = await db
      .updateTable('orders')
      .set({ status: 'cancelled', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** created -> paid; false when it was not waiting for payment (paid already, or cancelled). */
  async markPaid(db: Db, id: string, at: string, by: string | null): Promise<boolean> {
    const res = await db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: at, confirmed_by: by, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Whether an invoice waiting to be issued claims this order. */
  async hasPendingInvoice(db: Db, orderId: string): Promise<boolean> {
    const row = await db
      .selectFrom('invoice_orders')
      .innerJoin('invoices', 'invoices.id', 'invoice_orders.invoice_id')
      .select('invoices.id')
      .where('invoice_orders.claim', '=', orderId)
      .where('invoices.status', '=', 'pending')
      .executeTakeFirst();
    return Boolean(row);
  }

  /** paid -> refunded; false when the order was not paid (or already refunded). */
  async markRefunded(
    db: Db,
    id: string,
    r: { at: string; by: string; note: string | null },
  ): Promise<boolean> {
    const res = await db
      .updateTable('orders')
      .set({
        status: 'refunded',
        refunded_at: r.at,
        refunded_by: r.by,
        refund_note: r.note,
        updated_at: r.at,
      })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The console's page of every order (optionally of one status) with the buyer's account, and the count. */
  async adminPage(db: Db, status: OrderStatus | undefined, q: { current: number; size: number }) {
    let base = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
    if (status) base = base.where('orders.status', '=', status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await newestPage(
      base.selectAll('orders').select('users.account as buyer_account'),
      'orders',
      q,
    ).execute();
    return { total: Number(total?.n ?? 0), rows };
  }

  /** Per status: how many orders, and their amounts summed (fen). */
  totalsByStatus(db: Db) {
    return db
      .selectFrom('orders')
      .select([
        'status',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('amount').as('total'),
      ])
      .groupBy('status')
      .execute();
  }
}
