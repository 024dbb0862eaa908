import type { Kysely, Transaction } from 'kysely';
import { COMMERCE_MSG, type QuotaBucket, type RefundOrderInput, type RefundOrderResult } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { addMonths } from '../quota/service.ts';
import type { OrderRow } from './tables.ts';
import { inTx } from '../../db/db.ts';

type Column = 'bid_number' | 'month_bid_number';

/**
 * Operators' refunds. The money goes back outside the product (a bank transfer back, or the WeChat
 * Pay merchant platform: our WeChat client has no refund call), so a refund here records it and takes
 * back what the order credited:
 * - a count pack: its units, as far as they are still there; used units cannot be taken back, the
 *   bucket goes down to zero at most, and the answer says how many were already used;
 * - a monthly package: it ends (or, when renewed, ends that many months earlier) and the month
 *   bucket loses the order's units that are left;
 * - a yearly package: its end moves back by the order's months.
 * The order moves paid -> refunded by one conditional UPDATE and the movement is logged with reason
 * 'refund' (unique per order), so a refund happens once however often it is sent.
 */
export class RefundService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  refund(operator: Actor, input: RefundOrderInput): Promise<RefundOrderResult> {
    return inTx(this.db, async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!order) throw notFound(COMMERCE_MSG.orderNotFound);
      // An invoice still waiting to be issued would otherwise be issued for money given back. An
      // issued one stays (a red-letter invoice is done outside the product; the console marks it).
      const pendingInvoice = await trx
        .selectFrom('invoice_orders')
        .innerJoin('invoices', 'invoices.id', 'invoice_orders.invoice_id')
        .select('invoices.id')
        .where('invoice_orders.claim', '=', order.id)
        .where('invoices.status', '=', 'pending')
        .executeTakeFirst();
      if (pendingInvoice) throw conflict(COMMERCE_MSG.orderInvoicePending);
      const now = this.now();
      const res = await trx
        .updateTable('orders')
        .set({
          status: 'refunded',
          refunded_at: now.toISOString(),
          refunded_by: operator.userId,
          refund_note: input.note,
          updated_at: now.toISOString(),
        })
        .where('id', '=', order.id)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw conflict(COMMERCE_MSG.orderNotRefundable);
      const { bucket, takenBack } = await this.takeBack(trx, order, now);
      await trx
        .insertInto('user_bid_logs')
        .values({
          id: newId(),
          user_id: order.user_id,
          tenant_id: order.tenant_id,
          bucket,
          delta: -takenBack,
          reason: 'refund',
          bid_id: null,
          order_id: order.id,
          operator_id: operator.userId,
          note: input.note,
          created_at: now.toISOString(),
        })
        .execute();
      return {
        id: order.id,
        status: 'refunded' as const,
        takenBack,
        alreadyUsed: order.kind === 'yearly' ? 0 : order.bids - takenBack,
      };
    });
  }

  private async takeBack(
    trx: Transaction<Database>,
    order: OrderRow,
    now: Date,
  ): Promise<{ bucket: QuotaBucket; takenBack: number }> {
    const table = order.holder === 'tenant' ? 'tenants' : 'users';
    const holderId = order.holder === 'tenant' ? order.tenant_id : order.user_id;
    if (order.kind === 'yearly') {
      const row = await trx
        .selectFrom(table)
        .select('package_unlimited_until')
        .where('id', '=', holderId)
        .executeTakeFirst();
      if (row?.package_unlimited_until) {
        const until = addMonths(new Date(row.package_unlimited_until), -order.months);
        await trx
          .updateTable(table)
          .set({ package_unlimited_until: until.getTime() > now.getTime() ? until.toISOString() : null })
          .where('id', '=', holderId)
          .execute();
      }
      return { bucket: 'unlimited', takenBack: 0 };
    }
    if (order.kind === 'monthly') {
      const row = await trx
        .selectFrom(table)
        .select(['monthly_until'])
        .where('id', '=', holderId)
        .executeTakeFirst();
      const until = row?.monthly_until ? addMonths(new Date(row.monthly_until), -order.months) : null;
      if (until && until.getTime() > now.getTime()) {
        // A renewal is refunded: the package runs shorter; this month's units came with the earlier order.
        await trx
          .updateTable(table)
          .set({ monthly_until: until.toISOString() })
          .where('id', '=', holderId)
          .execute();
        return { bucket: 'month', takenBack: 0 };
      }
      const takenBack = await this.debit(trx, table, holderId, 'month_bid_number', order.bids);
      await trx
        .updateTable(table)
        .set({ monthly_until: null, monthly_allowance: 0, month_reset_at: null })
        .where('id', '=', holderId)
        .execute();
      return { bucket: 'month', takenBack };
    }
    return {
      bucket: 'purchased',
      takenBack: await this.debit(trx, table, holderId, 'bid_number', order.bids),
    };
  }

  /**
   * Takes up to `units` from a bucket, never below zero. Conditional on the value read, retried when
   * a bid took a unit in between, so a concurrent bid and refund cannot both spend the same unit.
   */
  private async debit(
    trx: Transaction<Database>,
    table: 'users' | 'tenants',
    holderId: string,
    column: Column,
    units: number,
  ): Promise<number> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await trx.selectFrom(table).select(column).where('id', '=', holderId).executeTakeFirst();
      const have = Number((row as Record<Column, number> | undefined)?.[column] ?? 0);
      const take = Math.min(units, have);
      if (take === 0) return 0;
      const res = await trx
        .updateTable(table)
        .set({ [column]: have - take })
        .where('id', '=', holderId)
        .where(column, '=', have)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) return take;
    }
    throw conflict('额度正在变动，请稍后重试退款');
  }
}
