import {
  Code,
  COMMERCE_MSG,
  fenToYuan,
  yuanToFen,
  type AdminCouponItem,
  type SaveCouponInput,
  type SetEnabledInput,
} from '@bid/shared';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { saveById } from '../../db/save.ts';
import type { CouponTable } from './tables.ts';
import { CouponRepo } from './coupon-repo.ts';
import { type Db, type Tx } from '../../db/db.ts';

/** The price of a package with a coupon, fen. */
export interface Priced {
  coupon: CouponTable;
  discount: number;
  amount: number;
}

function present(c: CouponTable): AdminCouponItem {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    kind: c.kind,
    value: c.kind === 'percent' ? String(c.value) : fenToYuan(c.value),
    minAmount: fenToYuan(c.min_amount),
    validFrom: c.valid_from,
    validUntil: c.valid_until,
    maxUses: c.max_uses,
    usedCount: c.used_count,
    enabled: c.enabled === 1,
    createTime: c.created_at,
  };
}

/**
 * A code no coupon has: a missed guess, counted by the per-account and per-address attempt limits
 * (commerce routes). A real code refused for its state (disabled, expired, used up, minimum) is not.
 */
export class CouponRefusal extends AppError {}

/**
 * Coupons. A use is counted when an order is created with the code, by one conditional UPDATE
 * (`used_count < max_uses`), so two buyers racing for the last use cannot both get it; cancelling
 * that order (by the buyer, or because payment could not start) gives the use back. Refunds do not.
 */
export class CouponService {
  private readonly repo: CouponRepo;

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new CouponRepo(db);
  }

  /** Checks a code against a package price; throws a Chinese 400/404 naming what is wrong. */
  async price(code: string, priceFen: number, db?: Db): Promise<Priced> {
    const c = await this.repo.byCode(code.trim().toUpperCase(), db);
    if (!c) throw new CouponRefusal(Code.NOT_FOUND, COMMERCE_MSG.couponUnknown);
    if (c.enabled !== 1) throw badRequest(COMMERCE_MSG.couponDisabled);
    const now = this.now().getTime();
    if (c.valid_from && Date.parse(c.valid_from) > now) throw badRequest(COMMERCE_MSG.couponNotYet);
    if (c.valid_until && Date.parse(c.valid_until) <= now) throw badRequest(COMMERCE_MSG.couponExpired);
    if (c.max_uses !== null && c.used_count >= c.max_uses) throw badRequest(COMMERCE_MSG.couponUsedUp);
    if (priceFen < c.min_amount) throw badRequest(COMMERCE_MSG.couponMinAmount(fenToYuan(c.min_amount)));
    const raw = c.kind === 'percent' ? Math.floor((priceFen * c.value) / 100) : c.value;
    // Something is always left to pay: a zero-fen order could be neither transferred nor paid by WeChat.
    const discount = Math.max(0, Math.min(raw, priceFen - 1));
    return { coupon: c, discount, amount: priceFen - discount };
  }

  /** Takes one use inside the order's transaction; false when another buyer took the last one. */
  async take(trx: Tx, couponId: string): Promise<void> {
    if (!(await this.repo.takeOne(trx, couponId))) throw badRequest(COMMERCE_MSG.couponUsedUp);
  }

  /** Gives a use back (the order that took it was cancelled). */
  async giveBack(db: Db, code: string | null): Promise<void> {
    if (code) await this.repo.giveBack(db, code);
  }

  async list(): Promise<AdminCouponItem[]> {
    return (await this.repo.list()).map(present);
  }

  async save(input: SaveCouponInput): Promise<AdminCouponItem> {
    const code = input.code.toUpperCase();
    const values = {
      code,
      name: input.name,
      kind: input.kind,
      value: input.kind === 'percent' ? Number(input.value) : yuanToFen(input.value),
      min_amount: yuanToFen(input.minAmount),
      valid_from: input.validFrom ? new Date(input.validFrom).toISOString() : null,
      valid_until: input.validUntil ? new Date(input.validUntil).toISOString() : null,
      max_uses: input.maxUses ?? null,
      enabled: input.enabled ? 1 : 0,
      updated_at: this.now().toISOString(),
    };
    const taken = await this.repo.byCode(code);
    if (taken && taken.id !== input.id) throw conflict(COMMERCE_MSG.couponCodeTaken);
    const create = async (id: string) => {
      try {
        await this.repo.insert({ id, ...values, used_count: 0, created_at: values.updated_at });
      } catch {
        // The unique code index: another operator saved the same code a moment ago.
        throw conflict(COMMERCE_MSG.couponCodeTaken);
      }
    };
    const id = await saveById(input.id, (id) => this.repo.update(id, values), create, '优惠码不存在');
    return present(await this.repo.byId(id));
  }

  async setEnabled(input: SetEnabledInput): Promise<AdminCouponItem> {
    const res = await this.repo.update(input.id, {
      enabled: input.enabled ? 1 : 0,
      updated_at: this.now().toISOString(),
    });
    if (Number(res.numUpdatedRows) === 0) throw notFound('优惠码不存在');
    return present(await this.repo.byId(input.id));
  }
}
