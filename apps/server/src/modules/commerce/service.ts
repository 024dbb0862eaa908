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
  type OrderStatus,
  type PayMethod,
  type QuotaBucket,
} from '@bid/shared';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { addMonths, quotaHolder, type QuotaService } from '../quota/service.ts';
import { CouponService } from './coupons.ts';
import type { PaymentProvider, TransferProvider } from './payment.ts';
import type { OrderRow, PackageTable } from './tables.ts';
import { OrderRepo } from './order-repo.ts';
import { PackageRepo } from './package-repo.ts';
import { RevenueRepo } from './revenue-repo.ts';
import { QuotaRepo, type QuotaHolderRef } from '../quota/repo.ts';
import { UserRepo } from '../user/repo.ts';
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
  private readonly packageRepo: PackageRepo;
  private readonly orders = new OrderRepo();
  private readonly quotaRepo = new QuotaRepo();
  private readonly users: UserRepo;
  private readonly revenue: RevenueRepo;

  constructor(
    private readonly db: Db,
    private readonly deps: CommerceDeps,
  ) {
    this.providers = new Map<PayMethod, PaymentProvider>([[deps.transfer.method, deps.transfer]]);
    for (const p of deps.providers ?? []) this.providers.set(p.method, p);
    this.now = deps.now ?? (() => new Date());
    this.coupons = deps.coupons ?? new CouponService(db, this.now);
    this.packageRepo = new PackageRepo(db);
    this.users = new UserRepo(db);
    this.revenue = new RevenueRepo(db);
  }

  async packages(): Promise<PackageItem[]> {
    return (await this.packageRepo.enabled()).map(presentPackage);
  }

  private async enabledPackage(id: string): Promise<PackageTable> {
    const pkg = await this.packageRepo.enabledById(id);
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
      await this.orders.insert(trx, {
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
      });
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
    if (!(await this.orders.owned(this.db, actor, id))) throw notFound(COMMERCE_MSG.orderNotFound);
    if (!(await this.cancelCreated(id))) throw conflict(COMMERCE_MSG.orderNotCancellable);
    return this.myOrder(actor, id);
  }

  /** created -> cancelled, conditional (a payment confirmed meanwhile wins); gives the coupon use back. */
  private cancelCreated(id: string): Promise<boolean> {
    return inTx(this.db, async (trx) => {
      if (!(await this.orders.markCancelled(trx, id, this.now().toISOString()))) return false;
      const o = await this.orders.byId(trx, id);
      await this.coupons.giveBack(trx, o?.coupon_code ?? null);
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
    const o = await this.orders.owned(this.db, actor, id);
    if (!o) throw notFound(COMMERCE_MSG.orderNotFound);
    return this.presentOrder(o);
  }

  /** The caller's own orders, newest first. */
  async myOrders(actor: Actor, q: PageQuery): Promise<Page<OrderItem>> {
    const { total, rows } = await this.orders.ownedPage(this.db, actor, q);
    return makePage(
      rows.map((o) => this.presentOrder(o)),
      total,
      q,
    );
  }

  /** Quota buckets of whoever the caller draws on, and the packages paid for it. */
  async oneself(actor: Actor): Promise<OneselfList> {
    const quota = await this.deps.quota.remaining(actor);
    const forUser = quotaHolder(actor) === 'user' ? actor.userId : null;
    const rows = await this.orders.paid(this.db, actor.tenantId, forUser, 50);
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
    const forUser = quotaHolder(actor) === 'user' ? actor.userId : null;
    const { total, rows } = await this.quotaRepo.logPage(this.db, actor.tenantId, forUser, q);
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
      total,
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
      const before = await this.orders.byId(trx, orderId);
      if (!before || (how.method && before.pay_method !== how.method))
        throw notFound(COMMERCE_MSG.orderNotFound);
      if (how.paidFen !== undefined && how.paidFen !== before.amount)
        throw badRequest(COMMERCE_MSG.amountMismatch);
      if (!(await this.orders.markPaid(trx, orderId, now.toISOString(), how.by))) {
        const order = await this.orders.byId(trx, orderId);
        if (order?.status === 'paid') return { id: order.id, status: 'paid' as const, credited: false };
        throw conflict(COMMERCE_MSG.orderNotConfirmable);
      }
      await this.credit(trx, before, now);
      return { id: before.id, status: 'paid' as const, credited: true };
    });
  }

  /** Adds what the order bought to the holder's bucket and logs the movement against the order. */
  private async credit(trx: Db, order: OrderRow, now: Date): Promise<void> {
    const holder: QuotaHolderRef =
      order.holder === 'tenant'
        ? { table: 'tenants', id: order.tenant_id }
        : { table: 'users', id: order.user_id };
    let bucket: QuotaBucket;
    let delta = order.bids;
    if (order.kind === 'yearly') {
      const row = await this.quotaRepo.packageEnds(trx, holder);
      const current = row?.package_unlimited_until ? new Date(row.package_unlimited_until) : null;
      const from = current && current.getTime() > now.getTime() ? current : now;
      await this.quotaRepo.setPackage(trx, holder, {
        package_unlimited_until: addMonths(from, order.months).toISOString(),
        package_unit: 'year',
      });
      bucket = 'unlimited';
      delta = 0;
    } else if (order.kind === 'monthly') {
      bucket = 'month';
      const row = await this.quotaRepo.packageEnds(trx, holder);
      const until = row?.monthly_until ? new Date(row.monthly_until) : null;
      if (until && row?.month_reset_at && until.getTime() > now.getTime()) {
        // A renewal while the package runs: it lasts longer; this month's units are already there.
        await this.quotaRepo.setPackage(trx, holder, {
          monthly_until: addMonths(until, order.months).toISOString(),
          monthly_allowance: order.bids,
        });
        delta = 0;
      } else {
        await this.quotaRepo.setPackage(trx, holder, {
          month_bid_number: order.bids,
          monthly_allowance: order.bids,
          monthly_until: addMonths(now, order.months).toISOString(),
          month_reset_at: addMonths(now, 1).toISOString(),
          package_unit: 'month',
        });
      }
    } else {
      bucket = 'purchased';
      await this.quotaRepo.addPurchased(trx, holder, order.bids);
    }
    await this.users.updateUser(trx, order.user_id, { is_buy: 1 });
    await this.quotaRepo.log(trx, {
      id: newId(),
      user_id: order.user_id,
      tenant_id: order.tenant_id,
      bucket,
      delta,
      reason: 'order',
      bid_id: null,
      order_id: order.id,
      created_at: now.toISOString(),
    });
  }

  async adminOrders(q: AdminOrderListQuery): Promise<Page<AdminOrderItem>> {
    const { total, rows } = await this.orders.adminPage(this.db, q.status, q);
    return makePage(
      rows.map(({ buyer_account, ...o }) => ({
        ...this.presentOrder(o),
        buyerAccount: buyer_account,
        holder: o.holder,
      })),
      total,
      q,
    );
  }

  async dashboard(db: Db = this.db): Promise<AdminDashboard> {
    const orders = await this.orders.totalsByStatus(db);
    const of = (s: OrderStatus) => orders.find((o) => o.status === s);
    return {
      users: await this.revenue.count('users', db),
      bids: await this.revenue.count('bids', db),
      ordersCreated: Number(of('created')?.n ?? 0),
      ordersPaid: Number(of('paid')?.n ?? 0),
      revenue: fenToYuan(Number(of('paid')?.total ?? 0)),
    };
  }
}
