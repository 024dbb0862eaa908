import { COMMERCE_MSG, type QuotaBucket, type RefundOrderInput, type RefundOrderResult } from '@bid/shared';
import { conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { addMonths } from '../quota/service.ts';
import { QuotaRepo, type BucketColumn, type QuotaHolderRef } from '../quota/repo.ts';
import type { OrderRow } from './tables.ts';
import { OrderRepo } from './order-repo.ts';
import { inTx, type Db } from '../../db/db.ts';

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
  private readonly orders = new OrderRepo();
  private readonly quota = new QuotaRepo();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  refund(operator: Actor, input: RefundOrderInput): Promise<RefundOrderResult> {
    return inTx(this.db, async (trx) => {
      const order = await this.orders.byId(trx, input.id);
      if (!order) throw notFound(COMMERCE_MSG.orderNotFound);
      // An invoice still waiting to be issued would otherwise be issued for money given back. An
      // issued one stays (a red-letter invoice is done outside the product; the console marks it).
      if (await this.orders.hasPendingInvoice(trx, order.id))
        throw conflict(COMMERCE_MSG.orderInvoicePending);
      const now = this.now();
      const marked = await this.orders.markRefunded(trx, order.id, {
        at: now.toISOString(),
        by: operator.userId,
        note: input.note,
      });
      if (!marked) throw conflict(COMMERCE_MSG.orderNotRefundable);
      const { bucket, takenBack } = await this.takeBack(trx, order, now);
      await this.quota.log(trx, {
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
      });
      return {
        id: order.id,
        status: 'refunded' as const,
        takenBack,
        alreadyUsed: order.kind === 'yearly' ? 0 : order.bids - takenBack,
      };
    });
  }

  private async takeBack(
    trx: Db,
    order: OrderRow,
    now: Date,
  ): Promise<{ bucket: QuotaBucket; takenBack: number }> {
    const holder: QuotaHolderRef =
      order.holder === 'tenant'
        ? { table: 'tenants', id: order.tenant_id }
        : { table: 'users', id: order.user_id };
    if (order.kind === 'yearly') {
      const row = await this.quota.packageEnds(trx, holder);
      if (row?.package_unlimited_until) {
        const until = addMonths(new Date(row.package_unlimited_until), -order.months);
        await this.quota.setPackage(trx, holder, {
          package_unlimited_until: until.getTime() > now.getTime() ? until.toISOString() : null,
        });
      }
      return { bucket: 'unlimited', takenBack: 0 };
    }
    if (order.kind === 'monthly') {
      const row = await this.quota.packageEnds(trx, holder);
      const until = row?.monthly_until ? addMonths(new Date(row.monthly_until), -order.months) : null;
      if (until && until.getTime() > now.getTime()) {
        // A renewal is refunded: the package runs shorter; this month's units came with the earlier order.
        await this.quota.setPackage(trx, holder, { monthly_until: until.toISOString() });
        return { bucket: 'month', takenBack: 0 };
      }
      const takenBack = await this.debit(trx, holder, 'month_bid_number', order.bids);
      await this.quota.setPackage(trx, holder, {
        monthly_until: null,
        monthly_allowance: 0,
        month_reset_at: null,
      });
      return { bucket: 'month', takenBack };
    }
    return { bucket: 'purchased', takenBack: await this.debit(trx, holder, 'bid_number', order.bids) };
  }

  /**
   * Takes up to `units` from a bucket, never below zero. Conditional on the value read, retried when
   * a bid took a unit in between, so a concurrent bid and refund cannot both spend the same unit.
   */
  private async debit(trx: Db, holder: QuotaHolderRef, column: BucketColumn, units: number): Promise<number> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const have = await this.quota.bucket(trx, holder, column);
      const take = Math.min(units, have);
      if (take === 0) return 0;
      if (await this.quota.setBucketIf(trx, holder, column, have, have - take)) return take;
    }
    throw conflict('额度正在变动，请稍后重试退款');
  }
}
