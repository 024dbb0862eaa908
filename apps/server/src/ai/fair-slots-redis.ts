import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ModelTier } from '@bid/shared';
import type { ActorScope } from '../policy/actor.ts';
import type { SlotLease, SlotLeases } from './fair-use.ts';

/**
 * Fair-use slots counted in Redis (REDIS_URL), so that AI_USER_CONCURRENCY and
 * AI_COMPANY_CONCURRENCY are one limit over every instance. A slot is a member of two sorted sets,
 * the user's and the company's, scored with the time it expires; taking one is a Lua script that
 * drops expired members, checks both counts and adds to both in one step (no two instances can
 * both take the last slot). The holder renews its leases while the task runs; an instance that dies
 * stops renewing and its slots free themselves after `ttlMs`. A release is published, so that
 * tasks waiting on other instances are tried again at once. The event streams a user holds open
 * (AI_USER_MAX_STREAMS) are leases of the same kind, in one set per user.
 */

export interface RedisSlotLeasesOptions {
  /** Key prefix (REDIS_PREFIX). */
  prefix?: string;
  /** How long a lease lives unless renewed: how soon a dead instance's slots come back. */
  ttlMs?: number;
  /** How often a gate with waiting tasks asks again when no release was heard. */
  retryMs?: number;
}

const DEFAULT_TTL_MS = 30_000;
const DEFAULT_RETRY_MS = 2_000;

// Redis's own clock: the instances' clocks may disagree, the store's is one.
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** The lease (ARGV[1]) held in every set for ARGV[2] ms from `now`: taking it and renewing it alike. */
const HOLD = `local ttl = tonumber(ARGV[2])
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now + ttl, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ttl)
end
return 0`;

/**
 * KEYS: the sets of a lease (user and company, or the user's streams). ARGV: lease id, ttl ms, then
 * each key's cap. 0: taken in every set; k: the k-th set is full (nothing taken).
 */
const ACQUIRE = `${NOW}
for i = 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[i + 2]) then return i end
end
${HOLD}`;

/**
 * KEYS: the lease's sets. ARGV: lease id, ttl ms. A lease that expired while its task still ran
 * (the instance stalled longer than the ttl) is counted again: the task is running.
 */
const RENEW = `${NOW}
${HOLD}`;

/** KEYS: the lease's sets. ARGV: lease id, channel, tier (empty: a stream, nobody to wake). */
const RELEASE = `for i = 1, #KEYS do
  redis.call('ZREM', KEYS[i], ARGV[1])
end
if ARGV[3] ~= '' then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
return 0`;

interface Held {
  id: string;
  /** '' for a stream. */
  tier: ModelTier | '';
  keys: string[];
}

export class RedisSlotLeases implements SlotLeases {
  readonly retryMs: number;
  private readonly ttlMs: number;
  private readonly prefix: string;
  private readonly channel: string;
  private readonly redis: Redis;
  private readonly sub: Redis;
  private readonly origin = randomBytes(6).toString('hex');
  private seq = 0;
  private readonly held = new Map<string, Held>();
  private readonly listeners = new Set<(tier: ModelTier) => void>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly subscribed: Promise<unknown>;

  constructor(url: string, opts: RedisSlotLeasesOptions = {}) {
    this.prefix = opts.prefix ?? 'bid';
    this.ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
    this.retryMs = opts.retryMs ?? DEFAULT_RETRY_MS;
    this.channel = `${this.prefix}:fair-released`;
    // A few retries, not endless ones: a task waiting on a slot fails with a message rather than
    // hanging while Redis is away.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { maxRetriesPerRequest: null });
    this.subscribed = this.sub.subscribe(this.channel).catch(() => {});
    this.sub.on('message', (_channel: string, tier: string) => {
      for (const fn of this.listeners) fn(tier as ModelTier);
    });
    this.heartbeat = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.ttlMs / 3)));
    this.heartbeat.unref();
    this.redis.on('error', () => {});
    this.sub.on('error', () => {});
  }

  /** Resolves once releases of other instances are heard (tests; the server does not wait). */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  private keysOf(tier: ModelTier, actor: ActorScope): string[] {
    // One hash tag per tier: both sets of a lease are in one slot of a Redis Cluster.
    const base = `${this.prefix}:fair:{${tier}}`;
    return [`${base}:u:${actor.userId}`, `${base}:c:${actor.tenantId}`];
  }

  async acquire(
    tier: ModelTier,
    actor: ActorScope,
    caps: { perUser: number; perCompany: number },
  ): Promise<SlotLease | 'user' | 'company'> {
    const r = await this.take(tier, this.keysOf(tier, actor), [caps.perUser, caps.perCompany]);
    if (typeof r !== 'number') return r;
    return r === 1 ? 'user' : 'company';
  }

  async acquireStream(userId: string, cap: number): Promise<SlotLease | null> {
    const r = await this.take('', [`${this.prefix}:fair:{streams}:u:${userId}`], [cap]);
    return typeof r === 'number' ? null : r;
  }

  /** A lease in every one of `keys`, or the 1-based index of the first full one. */
  private async take(tier: ModelTier | '', keys: string[], caps: number[]): Promise<SlotLease | number> {
    const id = `${this.origin}:${this.seq++}`;
    const r = Number(await this.redis.eval(ACQUIRE, keys.length, ...keys, id, this.ttlMs, ...caps));
    if (r) return r;
    this.held.set(id, { id, tier, keys });
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        this.held.delete(id);
        await this.redis.eval(RELEASE, keys.length, ...keys, id, this.channel, tier);
      },
    };
  }

  /** Leases this instance holds now (tests). */
  get holding(): number {
    return this.held.size;
  }

  private async renew(): Promise<void> {
    if (!this.held.size) return;
    const p = this.redis.pipeline();
    for (const h of this.held.values()) p.eval(RENEW, h.keys.length, ...h.keys, h.id, this.ttlMs);
    // A failed renewal is tried again at the next beat; the lease lasts three beats.
    await p.exec().catch(() => {});
  }

  onRelease(fn: (tier: ModelTier) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    // Slots still held go back now rather than after the ttl (a graceful stop).
    const left = [...this.held.values()];
    this.held.clear();
    if (left.length) {
      const p = this.redis.pipeline();
      for (const h of left) p.eval(RELEASE, h.keys.length, ...h.keys, h.id, this.channel, h.tier);
      await p.exec().catch(() => {});
    }
    this.sub.disconnect();
    this.redis.disconnect();
  }
}
