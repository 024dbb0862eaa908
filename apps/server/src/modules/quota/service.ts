import type { Kysely, Transaction } from 'kysely';
import { BID_MSG, type Quota, type QuotaBucket } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { businessWarning } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthContext } from '../session/service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Bucket -> column, in the order a new bid consumes them (monthly first: it expires). */
const BUCKET_COLUMNS = [
  ['month', 'month_bid_number'],
  ['temporary', 'temporary_bid_number'],
  ['grant', 'grant_bid_number'],
  ['purchased', 'bid_number'],
] as const satisfies ReadonlyArray<readonly [QuotaBucket, string]>;

const COMPANY_ROLES = new Set(['employee', 'company_admin']);

/** Company users draw on their tenant's quota; everyone else on their own. */
export function quotaHolder(auth: Pick<AuthContext, 'role'>): 'user' | 'tenant' {
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
  constructor(private readonly db: Kysely<Database>) {}

  async remaining(auth: Pick<AuthContext, 'userId' | 'tenantId' | 'role'>, db: Db = this.db): Promise<Quota> {
    const holder = quotaHolder(auth);
    const row =
      holder === 'tenant'
        ? await db
            .selectFrom('tenants')
            .select(['month_bid_number', 'temporary_bid_number', 'grant_bid_number', 'bid_number', 'package_unlimited_until'])
            .where('id', '=', auth.tenantId)
            .executeTakeFirst()
        : await db
            .selectFrom('users')
            .select(['month_bid_number', 'temporary_bid_number', 'grant_bid_number', 'bid_number', 'package_unlimited_until'])
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
      unlimited: isUnlimited(until),
      unlimitedUntil: until,
      holder,
    };
  }

  /**
   * Takes one unit for `bidId` and logs it in user_bid_logs; throws 601 when every bucket is empty.
   * An unlimited package takes nothing but is logged with delta 0.
   */
  async consumeOne(trx: Transaction<Database>, auth: Pick<AuthContext, 'userId' | 'tenantId' | 'role'>, bidId: string): Promise<ConsumeResult> {
    const holder = quotaHolder(auth);
    const table = holder === 'tenant' ? 'tenants' : 'users';
    const holderId = holder === 'tenant' ? auth.tenantId : auth.userId;
    const now = nowIso();

    const pkg = await trx.selectFrom(table).select('package_unlimited_until').where('id', '=', holderId).executeTakeFirst();
    let result: ConsumeResult | null = null;
    if (pkg && isUnlimited(pkg.package_unlimited_until)) {
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
      .values({ id: newId(), user_id: auth.userId, tenant_id: auth.tenantId, bid_id: bidId, order_id: null, reason: 'bid', bucket: result.bucket, delta: result.delta, created_at: now })
      .execute();
    return result;
  }
}

function isUnlimited(until: string | null | undefined): boolean {
  if (!until) return false;
  const t = Date.parse(until);
  return Number.isFinite(t) && t > Date.now();
}
