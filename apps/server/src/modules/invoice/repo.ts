import type { InvoiceListQuery } from '@bid/shared';
import { newestPage } from '../../db/paging.ts';
import type { OrderTable } from '../commerce/tables.ts';
import type { InvoiceTable } from './tables.ts';
import { type Db, inTx } from '../../db/db.ts';

/** The order columns an invoice shows (whatever else commerce keeps on an order). */
export type InvoicedOrderRow = Pick<
  OrderTable,
  'id' | 'package_name' | 'kind' | 'amount' | 'status' | 'paid_at'
>;

/**
 * Whose invoices and orders a caller sees (invoiceScope): a company's administrator every invoice
 * and paid order of the company; anyone else (a personal account, a plain employee) their own
 * orders and the invoices they applied for or that cover an order they bought.
 */
export interface InvoiceScope {
  tenantId: string;
  /** null: every user of the tenant (a company's administrator). */
  userId: string | null;
}

const PAID = 'paid';

/** Queries of invoices and their orders; every user-facing read is bounded by an InvoiceScope. */
export class InvoiceRepo {
  constructor(private readonly db: Db) {}

  private scopedOrders(db: Db, scope: InvoiceScope) {
    let q = db.selectFrom('orders').where('orders.tenant_id', '=', scope.tenantId);
    if (scope.userId) q = q.where('orders.user_id', '=', scope.userId);
    return q;
  }

  /** Paid orders of the scope that no live (pending or issued) invoice claims, newest first. */
  payableOrders(scope: InvoiceScope) {
    return this.scopedOrders(this.db, scope)
      .selectAll('orders')
      .where('orders.status', '=', PAID)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('invoice_orders')
              .select('invoice_orders.order_id')
              .whereRef('invoice_orders.claim', '=', 'orders.id'),
          ),
        ),
      )
      .orderBy('orders.paid_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(200)
      .execute();
  }

  /** The scope's paid orders among `ids` (foreign, unpaid or missing ones are left out). */
  paidOrdersIn(trx: Db, scope: InvoiceScope, ids: string[]) {
    return this.scopedOrders(trx, scope)
      .selectAll('orders')
      .where('orders.status', '=', PAID)
      .where('orders.id', 'in', ids)
      .execute();
  }

  insert(trx: Db, row: InvoiceTable) {
    return trx.insertInto('invoices').values(row).execute();
  }

  /** Links and claims the orders; a claim another live invoice holds fails on the unique index. */
  claim(trx: Db, invoiceId: string, orderIds: string[]) {
    return trx
      .insertInto('invoice_orders')
      .values(orderIds.map((id) => ({ invoice_id: invoiceId, order_id: id, claim: id })))
      .execute();
  }

  private scoped(scope: InvoiceScope) {
    const q = this.db.selectFrom('invoices').where('invoices.tenant_id', '=', scope.tenantId);
    const userId = scope.userId;
    if (!userId) return q;
    return q.where((eb) =>
      eb.or([
        eb('invoices.user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('invoice_orders')
            .innerJoin('orders', 'orders.id', 'invoice_orders.order_id')
            .select('invoice_orders.order_id')
            .whereRef('invoice_orders.invoice_id', '=', 'invoices.id')
            .where('orders.user_id', '=', userId),
        ),
      ]),
    );
  }

  async page(scope: InvoiceScope, q: InvoiceListQuery): Promise<{ rows: InvoiceTable[]; total: number }> {
    let base = this.scoped(scope);
    if (q.status) base = base.where('status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  findScoped(scope: InvoiceScope, id: string) {
    return this.scoped(scope).selectAll().where('id', '=', id).executeTakeFirst();
  }

  findById(id: string) {
    return this.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Order counts of the given invoices, by invoice id. */
  async orderCounts(invoiceIds: string[]): Promise<Map<string, number>> {
    if (!invoiceIds.length) return new Map();
    const rows = await this.db
      .selectFrom('invoice_orders')
      .select(['invoice_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('invoice_id', 'in', invoiceIds)
      .groupBy('invoice_id')
      .execute();
    return new Map(rows.map((r) => [r.invoice_id, Number(r.n)]));
  }

  /** The orders of the given invoices, by invoice id. */
  async ordersOf(invoiceIds: string[]): Promise<Map<string, InvoicedOrderRow[]>> {
    const byInvoice = new Map<string, InvoicedOrderRow[]>();
    if (!invoiceIds.length) return byInvoice;
    const rows = await this.db
      .selectFrom('invoice_orders')
      .innerJoin('orders', 'orders.id', 'invoice_orders.order_id')
      .select([
        'orders.id',
        'orders.package_name',
        'orders.kind',
        'orders.amount',
        'orders.status',
        'orders.paid_at',
        'invoice_orders.invoice_id',
      ])
      .where('invoice_orders.invoice_id', 'in', invoiceIds)
      .orderBy('orders.paid_at', 'desc')
      .execute();
    for (const { invoice_id, ...order } of rows) {
      const list = byInvoice.get(invoice_id) ?? [];
      list.push(order);
      byInvoice.set(invoice_id, list);
    }
    return byInvoice;
  }

  async adminPage(q: InvoiceListQuery) {
    let base = this.db.selectFrom('invoices').innerJoin('users', 'users.id', 'invoices.user_id');
    if (q.status) base = base.where('invoices.status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await newestPage(
      base.selectAll('invoices').select('users.account as applicant_account'),
      'invoices',
      q,
    ).execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** pending -> issued with its file; false when someone handled it first. */
  async markIssued(
    id: string,
    set: Pick<
      InvoiceTable,
      'file_path' | 'file_name' | 'file_size' | 'file_sha256' | 'handled_by' | 'issued_at' | 'updated_at'
    >,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('invoices')
      .set({ ...set, status: 'issued' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** pending -> rejected, releasing its orders for a new application; false when handled already. */
  markRejected(id: string, reason: string, by: string, now: string): Promise<boolean> {
    return inTx(this.db, async (trx) => {
      const res = await trx
        .updateTable('invoices')
        .set({ status: 'rejected', reject_reason: reason, handled_by: by, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await trx.updateTable('invoice_orders').set({ claim: null }).where('invoice_id', '=', id).execute();
      return true;
    });
  }
}
