import { BID_MSG, type Quota, type QuotaBucket } from '@bid/shared';
import { businessWarning } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { type Db, type Tx } from '../../db/db.ts';
import { QuotaRepo, type QuotaHolderRef } from './repo.ts';

/** Bucket -> column, in the order a new bid consumes them (monthly first: it expires). */
const BUCKET_COLUMNS = [
  ['month', 'month_bid_number'],
  ['temporary', 'temporary_bid_number'],
  ['grant', 'grant_bid_number'],
  ['purchased', 'bid_number'],
] as const satisfies ReadonlyArray<readonly [QuotaBucket, string]>;

const COMPANY_ROLES = new Set(['employee', 'company_admin']);

/** Company users draw on their tenant's quota; everyone else on their own. */
export function quotaHolder(auth: Pick<Actor, 'role'>): 'user' | 'tenant' {
  return COMPANY_ROLES.has(auth.role) ? 'tenant' : 'user';
}

function holderRef(auth: Pick<Actor, 'role' | 'userId' | 'tenantId'>): QuotaHolderRef {
  return quotaHolder(auth) === 'tenant'
    ? { table: 'tenants', id: auth.tenantId }
    : { table: 'users', id: auth.userId };
}

export interface ConsumeResult {
  bucket: QuotaBucket;
  delta: number;
}

/**
 * Bid quota. Consumption is one conditional UPDATE per bucket (`x = x - 1 where x > 0`) inside the
 * caller's transaction, so parallel creations can never spend a unit twice on either database.
 */
export class QuotaService {
  private readonly repo = new QuotaRepo();

  constructor(
    private readonly db: Db,
    /** Injected in tests: month rollover and package expiry. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A monthly package refills the month bucket at each monthly reset until it ends; after the end the
   * bucket is emptied. The update is conditional on the reset it read, so concurrent callers roll once.
   */
  async rollover(auth: Actor, db: Db = this.db): Promise<void> {
    const h = holderRef(auth);
    const row = await this.repo.monthState(db, h);
    if (!row?.month_reset_at) return;
    const now = this.now();
    let reset = new Date(row.month_reset_at);
    if (reset.getTime() > now.getTime()) return;
    const until = row.monthly_until ? Date.parse(row.monthly_until) : 0;
    // The last reset already passed; skip whole months missed while nobody looked.
    let periodStart = reset;
    while (reset.getTime() <= now.getTime()) {
      periodStart = reset;
      reset = addMonths(reset, 1);
    }
    const active = until > periodStart.getTime();
    const next = active ? row.monthly_allowance : 0;
    const rolled = await this.repo.rollMonth(
      db,
      h,
      row.month_reset_at,
      active
        ? { month_bid_number: next, month_reset_at: reset.toISOString() }
        : { month_bid_number: 0, month_reset_at: null, monthly_allowance: 0 },
    );
    if (!rolled || next === row.month_bid_number) return;
    await this.repo.log(db, {
      id: newId(),
      user_id: auth.userId,
      tenant_id: auth.tenantId,
      bucket: 'month',
      delta: next - row.month_bid_number,
      reason: active ? 'monthly' : 'expired',
      bid_id: null,
      order_id: null,
      created_at: now.toISOString(),
    });
  }

  async remaining(auth: Actor, db: Db = this.db): Promise<Quota> {
    await this.rollover(auth, db);
    const holder = quotaHolder(auth);
    const row = await this.repo.buckets(db, holderRef(auth));
    const month = row?.month_bid_number ?? 0;
    const temporary = row?.temporary_bid_number ?? 0;
    const grant = row?.grant_bid_number ?? 0;
    const purchased = row?.bid_number ?? 0;
    const until = row?.package_unlimited_until ?? null;
    return {
      month,
      temporary,
      grant,
      purchased,
      total: month + temporary + grant + purchased,
      unlimited: isUnlimited(until, this.now()),
      unlimitedUntil: until,
      holder,
    };
  }

  /**
   * Takes one unit for `bidId` and logs it in user_bid_logs; throws 601 when every bucket is empty.
   * An unlimited package takes nothing but is logged with delta 0.
   */
  async consumeOne(trx: Tx, auth: Actor, bidId: string): Promise<ConsumeResult> {
    const h = holderRef(auth);
    const now = this.now().toISOString();

    await this.rollover(auth, trx);
    const pkg = await this.repo.buckets(trx, h);
    let result: ConsumeResult | null = null;
    if (pkg && isUnlimited(pkg.package_unlimited_until, this.now())) {
      result = { bucket: 'unlimited', delta: 0 };
    } else {
      for (const [bucket, column] of BUCKET_COLUMNS) {
        // One statement per bucket: the check and the decrement cannot be separated by another writer.
        if (await this.repo.takeOne(trx, h, column)) {
          result = { bucket, delta: -1 };
          break;
        }
      }
    }
    if (!result) throw businessWarning(BID_MSG.quotaExhausted);
    await this.repo.log(trx, {
      id: newId(),
      user_id: auth.userId,
      tenant_id: auth.tenantId,
      bid_id: bidId,
      order_id: null,
      reason: 'bid',
      bucket: result.bucket,
      delta: result.delta,
      created_at: now,
    });
    return result;
  }
}

function isUnlimited(until: string | null | undefined, now: Date): boolean {
  if (!until) return false;
  const t = Date.parse(until);
  return Number.isFinite(t) && t > now.getTime();
}

export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}
