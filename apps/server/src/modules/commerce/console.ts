import {
  fenToYuan,
  yuanToFen,
  type AdminPackageItem,
  type AdminRevenue,
  type SavePackageInput,
  type SetEnabledInput,
} from '@bid/shared';
import { notFound } from '../../http/errors.ts';
import { saveById } from '../../db/save.ts';
import { presentPackage } from './service.ts';
import type { PackageTable } from './tables.ts';
import { PackageRepo } from './package-repo.ts';
import { RevenueRepo } from './revenue-repo.ts';
import type { Db } from '../../db/db.ts';

const DAYS = 30;
/** Days are counted in Beijing time (UTC+8, no daylight saving): the operators' working day. */
const BEIJING_MS = 8 * 3600_000;
const dayOf = (iso: string) => new Date(Date.parse(iso) + BEIJING_MS).toISOString().slice(0, 10);

function present(p: PackageTable): AdminPackageItem {
  return { ...presentPackage(p), sort: p.sort, enabled: p.enabled === 1 };
}

/**
 * The console's package catalogue and revenue figures. A package edit never changes an order: orders
 * copy name, kind, units and amount when they are made; a disabled package leaves indexShow only.
 */
export class CommerceConsole {
  private readonly packageRepo: PackageRepo;
  private readonly revenueRepo: RevenueRepo;

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.packageRepo = new PackageRepo(db);
    this.revenueRepo = new RevenueRepo(db);
  }

  async packages(): Promise<AdminPackageItem[]> {
    return (await this.packageRepo.all()).map(present);
  }

  async savePackage(input: SavePackageInput): Promise<AdminPackageItem> {
    const values = {
      name: input.name,
      kind: input.kind,
      // A yearly package is unlimited (no units); a count pack has no months.
      bids: input.kind === 'yearly' ? 0 : input.bids,
      months: input.kind === 'count' ? 0 : input.months,
      price: yuanToFen(input.price),
      original_price: input.originalPrice ? yuanToFen(input.originalPrice) : null,
      description: input.description,
      sort: input.sort,
      enabled: input.enabled ? 1 : 0,
      updated_at: this.now().toISOString(),
    };
    const id = await saveById(
      input.id,
      (id) => this.packageRepo.update(id, values),
      (id) => this.packageRepo.insert({ id, ...values, created_at: values.updated_at }),
      '套餐不存在',
    );
    return present(await this.packageRepo.byId(id));
  }

  async setPackageEnabled(input: SetEnabledInput): Promise<AdminPackageItem> {
    const res = await this.packageRepo.update(input.id, {
      enabled: input.enabled ? 1 : 0,
      updated_at: this.now().toISOString(),
    });
    if (Number(res.numUpdatedRows) === 0) throw notFound('套餐不存在');
    return present(await this.packageRepo.byId(input.id));
  }

  /**
   * The last 30 days (today included), per Beijing day: new users, new bids, orders placed, money
   * paid, money refunded, and revenue = paid - refunded (a refund counts on the day it was made).
   */
  async revenue(): Promise<AdminRevenue> {
    const today = dayOf(this.now().toISOString());
    const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * 86400_000)
      .toISOString()
      .slice(0, 10);
    const since = new Date(Date.parse(`${firstDay}T00:00:00Z`) - BEIJING_MS).toISOString();
    const days = new Map<
      string,
      { newUsers: number; newBids: number; orders: number; paid: number; refunded: number }
    >();
    for (let i = 0; i < DAYS; i++) {
      days.set(new Date(Date.parse(`${firstDay}T00:00:00Z`) + i * 86400_000).toISOString().slice(0, 10), {
        newUsers: 0,
        newBids: 0,
        orders: 0,
        paid: 0,
        refunded: 0,
      });
    }
    const bump = (
      iso: string | null,
      key: 'newUsers' | 'newBids' | 'orders' | 'paid' | 'refunded',
      by = 1,
    ) => {
      if (!iso || iso < since) return;
      const d = days.get(dayOf(iso));
      if (d) d[key] += by;
    };
    for (const r of await this.revenueRepo.createdSince('users', since)) bump(r.created_at, 'newUsers');
    for (const r of await this.revenueRepo.createdSince('bids', since)) bump(r.created_at, 'newBids');
    for (const o of await this.revenueRepo.ordersMovedSince(since)) {
      bump(o.created_at, 'orders');
      bump(o.paid_at, 'paid', o.amount);
      bump(o.refunded_at, 'refunded', o.amount);
    }
    return {
      days: [...days].map(([day, d]) => ({
        day,
        ...d,
        paid: fenToYuan(d.paid),
        refunded: fenToYuan(d.refunded),
        revenue: fenToYuan(d.paid - d.refunded),
      })),
    };
  }
}
