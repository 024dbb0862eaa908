import type { Db } from '../../db/db.ts';

/** orders: a purchase and its state changes, each one conditional UPDATE on the state read. */
export class OrderRepo {
  byId(db: Db, id: string) {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
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
}
