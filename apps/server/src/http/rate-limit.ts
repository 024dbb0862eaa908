import { sql } from 'kysely';
import type { Db } from '../db/db.ts';

/** The time source of rate limits, codes and captchas; tests swap `now` to move time forward. */
export interface Clock {
  now(): number;
}

export const systemClock = (): Clock => ({ now: () => Date.now() });

export interface LimitResult {
  /** false when this hit went over the limit (or, for check, the key is already at its limit). */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1 while blocked). */
  retryAfterSeconds: number;
}

/**
 * Fixed windows that start at a key's first hit: `limit` hits per `windowSeconds`. One interface
 * with an embedded store (memory or the database); instances share limits through the database.
 */
export interface RateLimiter {
  /** Counts one hit and says whether it was within the limit. */
  hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult>;
  /** Says whether the next hit would be refused, without counting one. */
  check(key: string, limit: number): Promise<LimitResult>;
  /** Forgets a key (e.g. failed password attempts after a successful login). */
  reset(key: string): Promise<void>;
}

function retryAfter(resetAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
}

/** For a single process (unit tests, tools). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: Clock = systemClock()) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const now = this.clock.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (this.windows.size > 10_000) this.sweep(now);
    return { allowed: w.count <= limit, count: w.count, retryAfterSeconds: retryAfter(w.resetAt, now) };
  }

  async check(key: string, limit: number): Promise<LimitResult> {
    const now = this.clock.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { allowed: true, count: 0, retryAfterSeconds: 0 };
    return { allowed: w.count < limit, count: w.count, retryAfterSeconds: retryAfter(w.resetAt, now) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/**
 * Counters in the `rate_limits` table: shared by every instance on one PostgreSQL database and
 * kept across restarts (a daily SMS cap must survive a redeploy). One upsert per hit, so two
 * concurrent hits can never both read the same count.
 */
export class SqlRateLimiter implements RateLimiter {
  private hits = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock(),
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const now = this.clock.now();
    const nowIso = new Date(now).toISOString();
    const resetIso = new Date(now + windowSeconds * 1000).toISOString();
    // Every SET expression reads the row as it was before the update, on SQLite and PostgreSQL alike.
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: resetIso })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<string>`case when rate_limits.reset_at <= ${nowIso} then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    this.hits += 1;
    if (this.hits % 500 === 0) await this.sweep(nowIso);
    const count = Number(row.count);
    return { allowed: count <= limit, count, retryAfterSeconds: retryAfter(Date.parse(row.reset_at), now) };
  }

  async check(key: string, limit: number): Promise<LimitResult> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || Date.parse(row.reset_at) <= now) return { allowed: true, count: 0, retryAfterSeconds: 0 };
    const count = Number(row.count);
    return { allowed: count < limit, count, retryAfterSeconds: retryAfter(Date.parse(row.reset_at), now) };
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  private async sweep(nowIso: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<', nowIso).execute();
  }
}
