import type { Kysely, Transaction } from 'kysely';
import { BID_MSG, type Quota, type QuotaBucket } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { businessWarning } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { type Db } from '../../db/db.ts';

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

export interface ConsumeResult {
  bucket: QuotaBucket;
  delta: number;
}

/**
 * Bid quota. Consumption is one conditional UPDATE per bucket (`x = x - 1 where x > 0`) inside the
 * caller's transaction, so parallel creations can never spend a unit twice on either database.
 */
export class QuotaService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Injected in tests: month rollover and package expiry. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A monthly package refills the month bucket at each monthly reset until it ends; after the end the
   * bucket is emptied. The update is conditional on the reset it read, so concurrent callers roll once.
   */
  async rollover(auth: Actor, db: Db = this.db): Promise<void> {
    const table = quotaHolder(auth) === 'tenant' ? 'tenants' : 'users';
    const holderId = table === 'tenants' ? auth.tenantId : auth.userId;
    const row = await db
      .selectFrom(table)
      .select(['month_reset_at', 'monthly_until', 'monthly_allowance', 'month_bid_number'])
      .where('id', '=', holderId)
      .executeTakeFirst();
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
    const res = await db
      .updateTable(table)
      .set(
        active
          ? { month_bid_number: next, month_reset_at: reset.toISOString() }
          : { month_bid_number: 0, month_reset_at: null, monthly_allowance: 0 },
      )
      .where('id', '=', holderId)
      .where('month_reset_at', '=', row.month_reset_at)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0 || next === row.month_bid_number) return;
    await db
      .insertInto('user_bid_logs')
      .values({
        id: newId(),
        user_id: auth.userId,
        tenant_id: auth.tenantId,
        bucket: 'month',
        delta: next - row.month_bid_number,
        reason: active ? 'monthly' : 'expired',
        bid_id: null,
        order_id: null,
        created_at: now.toISOString(),
      })
      .execute();
  }

  async remaining(auth: Actor, db: Db = this.db): Promise<Quota> {
    await this.rollover(auth, db);
    const holder = quotaHolder(auth);
    const row =
      holder === 'tenant'
        ? await db
            .selectFrom('tenants')
            .select([
              'month_bid_number',
              'temporary_bid_number',
              'grant_bid_number',
              'bid_number',
              'package_unlimited_until',
            ])
            .where('id', '=', auth.tenantId)
            .executeTakeFirst()
        : await db
            .selectFrom('users')
            .select([
              'month_bid_number',
              'temporary_bid_number',
              'grant_bid_number',
              'bid_number',
              'package_unlimited_until',
            ])
            .where('id', '=', auth.userId)
            .executeTakeFirst();
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
  async consumeOne(trx: Transaction<Database>, auth: Actor, bidId: string): Promise<ConsumeResult> {
    const holder = quotaHolder(auth);
    const table = holder === 'tenant' ? 'tenants' : 'users';
    const holderId = holder === 'tenant' ? auth.tenantId : auth.userId;
    const now = this.now().toISOString();

    await this.rollover(auth, trx);
    const pkg = await trx
      .selectFrom(table)
      .select('package_unlimited_until')
      .where('id', '=', holderId)
      .executeTakeFirst();
    let result: ConsumeResult | null = null;
    if (pkg && isUnlimited(pkg.package_unlimited_until, this.now())) {
      result = { bucket: 'unlimited', delta: 0 };
    } else {
      for (const [bucket, column] of BUCKET_COLUMNS) {
        // One statement per bucket: the check and the decrement cannot be separated by another writer.
        const res = await trx
          .updateTable(table)
          .set((eb) => ({ [column]: eb(eb.ref(column), '-', 1) }))
          .where('id', '=', holderId)
          .where(column, '>', 0)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) > 0) {
          result = { bucket, delta: -1 };
          break;
        }
      }
    }
    if (!result) throw businessWarning(BID_MSG.quotaExhausted);
    await trx
      .insertInto('user_bid_logs')
      .values({
        id: newId(),
        user_id: auth.userId,
        tenant_id: auth.tenantId,
        bid_id: bidId,
        order_id: null,
        reason: 'bid',
        bucket: result.bucket,
        delta: result.delta,
        created_at: now,
      })
      .execute();
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
