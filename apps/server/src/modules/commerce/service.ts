import type { Kysely, Transaction } from 'kysely';
import {
  Code,
  COMMERCE_MSG,
  fenToYuan,
  makePage,
  type AdminDashboard,
  type AdminOrderItem,
  type AdminOrderListQuery,
  type BidLogItem,
  type ConfirmOrderResult,
  type CreateOrderInput,
  type CreateOrderResult,
  type EnjoyDiscountsInput,
  type EnjoyDiscountsResult,
  type OneselfList,
  type OrderItem,
  type PackageItem,
  type Page,
  type PageQuery,
  type PayMethod,
  type QuotaBucket,
} from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { newestPage } from '../../db/paging.ts';
import { addMonths, quotaHolder, type QuotaService } from '../quota/service.ts';
import { CouponService } from './coupons.ts';
import type { PaymentProvider, TransferProvider } from './payment.ts';
import type { OrderRow, PackageTable } from './tables.ts';
import { type Db, inTx } from '../../db/db.ts';

export interface CommerceDeps {
  quota: QuotaService;
  transfer: TransferProvider;
  /** Online providers (WeChat Pay) when configured; transfer is always there. */
  providers?: PaymentProvider[];
  /** Injected in tests (month and year arithmetic, coupon validity). */
  now?: () => Date;
  /** Defaults to one on the same database and clock. */
  coupons?: CouponService;
}

/** A package as the shop shows it (the console adds its order and switch). */
export function presentPackage(p: PackageTable): PackageItem {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    bids: p.bids,
    months: p.months,
    price: fenToYuan(p.price),
    originalPrice: p.original_price === null ? null : fenToYuan(p.original_price),
    description: p.description,
  };
}

/**
 * Packages, orders and the crediting of paid orders. Crediting is one conditional UPDATE of the
 * order (created -> paid) in the same transaction as the quota change and its user_bid_logs row
 * (unique per order), so an order is credited once however often it is confirmed.
 */
export class CommerceService {
  private readonly providers: Map<PayMethod, PaymentProvider>;
  private readonly now: () => Date;
  readonly coupons: CouponService;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: CommerceDeps,
  ) {
    this.providers = new Map<PayMethod, PaymentProvider>([[deps.transfer.method, deps.transfer]]);
    for (const p of deps.providers ?? []) this.providers.set(p.method, p);
    this.now = deps.now ?? (() => new Date());
    this.coupons = deps.coupons ?? new CouponService(db, this.now);
  }

  async packages(): Promise<PackageItem[]> {
    const rows = await this.db
      .selectFrom('packages')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(presentPackage);
  }

  private async enabledPackage(id: string): Promise<PackageTable> {
    const pkg = await this.db
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (!pkg) throw notFound(COMMERCE_MSG.packageNotFound);
    return pkg;
  }

  /** What a package costs with a coupon (nothing is taken: the use is counted when ordering). */
  async enjoyDiscounts(input: EnjoyDiscountsInput): Promise<EnjoyDiscountsResult> {
    const pkg = await this.enabledPackage(input.packageId);
    const priced = await this.coupons.price(input.couponCode, pkg.price);
    return {
      amount: fenToYuan(priced.amount),
      discount: fenToYuan(priced.discount),
      price: fenToYuan(pkg.price),
    };
  }

  async createOrder(actor: Actor, input: CreateOrderInput): Promise<CreateOrderResult> {
    const provider = this.providers.get(input.payMethod);
    if (!provider) throw badRequest(COMMERCE_MSG.payMethodUnavailable);
    const pkg = await this.enabledPackage(input.packageId);
    const id = newId();
    const now = this.now().toISOString();
    // The coupon's use and the order are one transaction: a refused use creates no order.
    const { amount, discount, couponCode } = await inTx(this.db, async (trx) => {
      let priced: { amount: number; discount: number; couponCode: string | null } = {
        amount: pkg.price,
        discount: 0,
        couponCode: null,
      };
      if (input.couponCode) {
        const p = await this.coupons.price(input.couponCode, pkg.price, trx);
        await this.coupons.take(trx, p.coupon.id);
        priced = { amount: p.amount, discount: p.discount, couponCode: p.coupon.code };
      }
      await trx
        .insertInto('orders')
        .values({
          id,
          user_id: actor.userId,
          tenant_id: actor.tenantId,
          holder: quotaHolder(actor),
          package_id: pkg.id,
          package_name: pkg.name,
          kind: pkg.kind,
          bids: pkg.bids,
          months: pkg.months,
          amount: priced.amount,
          coupon_code: priced.couponCode,
          discount: priced.discount,
          pay_method: input.payMethod,
          status: 'created',
          paid_at: null,
          confirmed_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return priced;
    });
    let start;
    try {
      start = await provider.start({ id, amount, packageName: pkg.name });
    } catch {
      // Nothing can pay this order: it is cancelled rather than left waiting.
      await this.cancelCreated(id);
      throw new AppError(Code.SERVER_ERROR, COMMERCE_MSG.payStartFailed);
    }
    return {
      orderId: id,
      amount: fenToYuan(amount),
      status: 'created',
      ...start,
      ...(couponCode ? { discount: fenToYuan(discount) } : {}),
    };
  }

  /** The buyer cancels one of their own orders that is still waiting for payment. */
  async cancel(actor: Actor, id: string): Promise<OrderItem> {
    const o = await this.db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', actor.userId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!o) throw notFound(COMMERCE_MSG.orderNotFound);
    if (!(await this.cancelCreated(id))) throw conflict(COMMERCE_MSG.orderNotCancellable);
    return this.myOrder(actor, id);
  }

  /** created -> cancelled, conditional (a payment confirmed meanwhile wins); gives the coupon use back. */
  private cancelCreated(id: string): Promise<boolean> {
    return inTx(this.db, async (trx) => {
      const res = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', updated_at: this.now().toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      const o = await trx
        .selectFrom('orders')
        .select('coupon_code')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await this.coupons.giveBack(trx, o.coupon_code);
      return true;
    });
  }

  presentOrder(o: OrderRow): OrderItem {
    return {
      id: o.id,
      packageName: o.package_name,
      kind: o.kind,
      amount: fenToYuan(o.amount),
      payMethod: o.pay_method,
      status: o.status,
      createTime: o.created_at,
      payTime: o.paid_at,
      ...(o.pay_method === 'transfer' && o.status === 'created'
        ? { transfer: this.deps.transfer.instructions(o.id) }
        : {}),
      couponCode: o.coupon_code,
      discount: fenToYuan(o.discount),
      refundTime: o.refunded_at,
      refundNote: o.refund_note,
    };
  }

  payMethods(): PayMethod[] {
    return [...this.providers.keys()];
  }

  /** One of the caller's own orders (a foreign id is missing): the payment screen polls it. */
  async myOrder(actor: Actor, id: string): Promise<OrderItem> {
    const o = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', actor.userId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!o) throw notFound(COMMERCE_MSG.orderNotFound);
    return this.presentOrder(o);
  }

  /** The caller's own orders, newest first. */
  async myOrders(actor: Actor, q: PageQuery): Promise<Page<OrderItem>> {
    const base = this.db
      .selectFrom('orders')
      .where('user_id', '=', actor.userId)
      .where('tenant_id', '=', actor.tenantId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return makePage(
      rows.map((o) => this.presentOrder(o)),
      Number(total?.n ?? 0),
      q,
    );
  }

  /** Quota buckets of whoever the caller draws on, and the packages paid for it. */
  async oneself(actor: Actor): Promise<OneselfList> {
    const quota = await this.deps.quota.remaining(actor);
    const holder = quotaHolder(actor);
    let q = this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'paid')
      .where('tenant_id', '=', actor.tenantId);
    if (holder === 'user') q = q.where('user_id', '=', actor.userId);
    const rows = await q.orderBy('paid_at', 'desc').limit(50).execute();
    return {
      quota,
      packages: rows.map((o) => ({
        orderId: o.id,
        packageName: o.package_name,
        kind: o.kind,
        payTime: o.paid_at ?? o.created_at,
      })),
    };
  }

  /** Quota movements of the caller's quota (the company's for company users), newest first. */
  async bidLog(actor: Actor, q: PageQuery): Promise<Page<BidLogItem>> {
    let base = this.db.selectFrom('user_bid_logs').where('tenant_id', '=', actor.tenantId);
    if (quotaHolder(actor) === 'user') base = base.where('user_id', '=', actor.userId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return makePage(
      rows.map((r) => ({
        id: r.id,
        delta: r.delta,
        bucket: r.bucket,
        reason: r.reason,
        bidId: r.bid_id,
        orderId: r.order_id,
        createTime: r.created_at,
      })),
      Number(total?.n ?? 0),
      q,
    );
  }

  /** An operator marks a transfer order paid; a second call finds it paid and credits nothing. */
  confirm(operator: Actor, orderId: string): Promise<ConfirmOrderResult> {
    return this.settle(orderId, { by: operator.userId });
  }

  /**
   * A verified payment notification (WeChat Pay): the paid amount must be the order's, else nothing
   * changes; a notification delivered again credits nothing.
   */
  providerPaid(method: PayMethod, orderId: string, paidFen: number): Promise<ConfirmOrderResult> {
    return this.settle(orderId, { by: null, method, paidFen });
  }

  private settle(
    orderId: string,
    how: { by: string | null; method?: PayMethod; paidFen?: number },
  ): Promise<ConfirmOrderResult> {
    return inTx(this.db, async (trx) => {
      const now = this.now();
      const before = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
      if (!before || (how.method && before.pay_method !== how.method))
        throw notFound(COMMERCE_MSG.orderNotFound);
      if (how.paidFen !== undefined && how.paidFen !== before.amount)
        throw badRequest(COMMERCE_MSG.amountMismatch);
      const res = await trx
        .updateTable('orders')
        .set({
          status: 'paid',
          paid_at: now.toISOString(),
          confirmed_by: how.by,
          updated_at: now.toISOString(),
        })
        .where('id', '=', orderId)
        .where('status', '=', 'created')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) {
        const order = await trx
          .selectFrom('orders')
          .select(['id', 'status'])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        if (order.status === 'paid') return { id: order.id, status: 'paid' as const, credited: false };
        throw conflict(COMMERCE_MSG.orderNotConfirmable);
      }
      await this.credit(trx, before, now);
      return { id: before.id, status: 'paid' as const, credited: true };
    });
  }

  /** Adds what the order bought to the holder's bucket and logs the movement against the order. */
  private async credit(trx: Transaction<Database>, order: OrderRow, now: Date): Promise<void> {
    const table = order.holder === 'tenant' ? 'tenants' : 'users';
    const holderId = order.holder === 'tenant' ? order.tenant_id : order.user_id;
    let bucket: QuotaBucket;
    let delta = order.bids;
    if (order.kind === 'yearly') {
      const row = await trx
        .selectFrom(table)
        .select('package_unlimited_until')
        .where('id', '=', holderId)
        .executeTakeFirst();
      const current = row?.package_unlimited_until ? new Date(row.package_unlimited_until) : null;
      const from = current && current.getTime() > now.getTime() ? current : now;
      await trx
        .updateTable(table)
        .set({ package_unlimited_until: addMonths(from, order.months).toISOString(), package_unit: 'year' })
        .where('id', '=', holderId)
        .execute();
      bucket = 'unlimited';
      delta = 0;
    } else if (order.kind === 'monthly') {
      bucket = 'month';
      const row = await trx
        .selectFrom(table)
        .select(['monthly_until', 'month_reset_at'])
        .where('id', '=', holderId)
        .executeTakeFirst();
      const until = row?.monthly_until ? new Date(row.monthly_until) : null;
      if (until && row?.month_reset_at && until.getTime() > now.getTime()) {
        // A renewal while the package runs: it lasts longer; this month's units are already there.
        await trx
          .updateTable(table)
          .set({ monthly_until: addMonths(until, order.months).toISOString(), monthly_allowance: order.bids })
          .where('id', '=', holderId)
          .execute();
        delta = 0;
      } else {
        await trx
          .updateTable(table)
          .set({
            month_bid_number: order.bids,
            monthly_allowance: order.bids,
            monthly_until: addMonths(now, order.months).toISOString(),
            month_reset_at: addMonths(now, 1).toISOString(),
            package_unit: 'month',
          })
          .where('id', '=', holderId)
          .execute();
      }
    } else {
      bucket = 'purchased';
      await trx
        .updateTable(table)
        .set((eb) => ({ bid_number: eb(eb.ref('bid_number'), '+', order.bids) }))
        .where('id', '=', holderId)
        .execute();
    }
    await trx.updateTable('users').set({ is_buy: 1 }).where('id', '=', order.user_id).execute();
    await trx
      .insertInto('user_bid_logs')
      .values({
        id: newId(),
        user_id: order.user_id,
        tenant_id: order.tenant_id,
        bucket,
        delta,
        reason: 'order',
        bid_id: null,
        order_id: order.id,
        created_at: now.toISOString(),
      })
      .execute();
  }

  async adminOrders(q: AdminOrderListQuery): Promise<Page<AdminOrderItem>> {
    let base = this.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
    if (q.status) base = base.where('orders.status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await newestPage(
      base.selectAll('orders').select('users.account as buyer_account'),
      'orders',
      q,
    ).execute();
    return makePage(
      rows.map(({ buyer_account, ...o }) => ({
        ...this.presentOrder(o),
        buyerAccount: buyer_account,
        holder: o.holder === 'tenant' ? 'tenant' : 'user',
      })),
      Number(total?.n ?? 0),
      q,
    );
  }

  async dashboard(db: Db = this.db): Promise<AdminDashboard> {
    const count = async (table: 'users' | 'bids') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const orders = await db
      .selectFrom('orders')
      .select([
        'status',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('amount').as('total'),
      ])
      .groupBy('status')
      .execute();
    const of = (s: string) => orders.find((o) => o.status === s);
    return {
      users: await count('users'),
      bids: await count('bids'),
      ordersCreated: Number(of('created')?.n ?? 0),
      ordersPaid: Number(of('paid')?.n ?? 0),
      revenue: fenToYuan(Number(of('paid')?.total ?? 0)),
    };
  }
}
