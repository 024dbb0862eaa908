import { tooMany } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * How guesses of one kind are slowed down for one key (an account, an address, a pair of both):
 * the first `free` failures cost nothing; after failure number f ≥ free the next attempt must wait
 * min(2^(f - free + 1), capSeconds) seconds (2, 4, 8, … for free = 3). Failures are forgotten
 * `forgetSeconds` after the first of them. Nothing is ever locked for longer than the cap.
 */
export interface AttemptPolicy {
  free: number;
  capSeconds: number;
  forgetSeconds: number;
}

/** The wait imposed after `failures` failures under `policy`, seconds (0: none). */
export function attemptDelaySeconds(policy: AttemptPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  const exponent = Math.min(failures - policy.free + 1, 30);
  return Math.min(policy.capSeconds, 2 ** exponent);
}

export type AttemptKeys = ReadonlyArray<readonly [key: string, policy: AttemptPolicy]>;

/**
 * A growing delay between failed guesses (passwords, coupon codes) instead of a hard lock: an
 * attempt made while a key waits is refused with 429 and Retry-After without being tried, so it
 * neither counts as a failure nor lengthens the wait. Two counters per key in the rate-limit store
 * (shared by every instance, on the accounts clock): failures (`#n`) and the running wait (`#wait`).
 */
export class AttemptThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /** Throws 429 (Retry-After: the longest wait among the keys) when any key is waiting. */
  async check(keys: AttemptKeys, message: (wait: number) => string): Promise<void> {
    let wait = 0;
    for (const [key] of keys) {
      const r = await this.limiter.check(`${key}#wait`, 1);
      if (!r.allowed) wait = Math.max(wait, r.retryAfterSeconds);
    }
    if (wait > 0) throw tooMany(message(wait), wait);
  }

  /** Counts a failure on every key; returns the wait it now imposes (the longest, 0 for none). */
  async failed(keys: AttemptKeys): Promise<number> {
    let wait = 0;
    for (const [key, policy] of keys) {
      const n = await this.limiter.hit(`${key}#n`, Number.MAX_SAFE_INTEGER, policy.forgetSeconds);
      const delay = attemptDelaySeconds(policy, n.count);
      if (delay <= 0) continue;
      // A new window from now: a wait still running (two failures racing) is replaced, not kept.
      await this.limiter.reset(`${key}#wait`);
      await this.limiter.hit(`${key}#wait`, 1, delay);
      wait = Math.max(wait, delay);
    }
    return wait;
  }

  /** Forgets the failures of these keys (a right password proves the owner). */
  async succeeded(keys: ReadonlyArray<string>): Promise<void> {
    for (const key of keys) {
      await this.limiter.reset(`${key}#n`);
      await this.limiter.reset(`${key}#wait`);
    }
  }
}

const DAY = 24 * 60 * 60;

/**
 * Password logins. Keyed by the name typed (whether an account has it or not: the answer must not
 * tell) and the client address. The pair slows one guesser down soon; the account alone, from any
 * address, only after many failures and for at most 5 minutes — the longest anyone else can make
 * the owner wait; the address alone slows one machine trying many accounts.
 */
export const PASSWORD_ATTEMPTS = {
  pair: { free: 3, capSeconds: 15 * 60, forgetSeconds: DAY },
  account: { free: 10, capSeconds: 5 * 60, forgetSeconds: DAY },
  address: { free: 20, capSeconds: 15 * 60, forgetSeconds: DAY },
} as const satisfies Record<string, AttemptPolicy>;

/** Coupon codes (enjoy-discounts, an order with a code): per account and per address. */
export const COUPON_ATTEMPTS = {
  account: { free: 3, capSeconds: 15 * 60, forgetSeconds: DAY },
  address: { free: 10, capSeconds: 15 * 60, forgetSeconds: DAY },
} as const satisfies Record<string, AttemptPolicy>;
