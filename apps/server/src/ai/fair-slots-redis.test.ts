import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { ModelTier } from '@bid/shared';
import type { ActorScope } from '../policy/actor.ts';
import { AiError } from './errors.ts';
import { FairUse, SharedStreamCap, type SlotLeases } from './fair-use.ts';
import { RedisSlotLeases, type RedisSlotLeasesOptions } from './fair-slots-redis.ts';

const REDIS = process.env.TEST_REDIS_URL;
const CI = process.env.CI === 'true' || process.env.CI === '1';
if (!REDIS) {
  if (CI) throw new Error('CI=true: the Redis fair-use slot tests need TEST_REDIS_URL');
  console.log('Redis fair-use slot tests skipped: TEST_REDIS_URL is not set');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for a condition; the bound is a safety net against a hang, never what is measured. */
async function until(fn: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await sleep(10);
  }
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const limits = { perUser: 2, perCompany: 3, userDailyTokens: 0, companyDailyTokens: 0, streamsPerUser: 6 };
const U1: ActorScope = { userId: 'u1', tenantId: 't1' };
const U2: ActorScope = { userId: 'u2', tenantId: 't1' };
const V: ActorScope = { userId: 'v', tenantId: 't2' };

let prefix: string;
const opened: RedisSlotLeases[] = [];
const fairs: FairUse[] = [];

/** The store of one instance, counting the refusals it hands out (what a waiting task sees). */
async function leasesOf(opts: RedisSlotLeasesOptions = {}) {
  const l = new RedisSlotLeases(REDIS!, { prefix, retryMs: 50, ...opts });
  opened.push(l);
  await l.ready();
  const refused: string[] = [];
  const counted: SlotLeases = {
    retryMs: l.retryMs,
    onRelease: (fn) => l.onRelease(fn),
    acquireStream: (userId, cap) => l.acquireStream(userId, cap),
    close: () => l.close(),
    async acquire(tier, actor, caps) {
      const r = await l.acquire(tier, actor, caps);
      if (typeof r === 'string') refused.push(`${actor.userId}:${r}`);
      return r;
    },
  };
  return { leases: l, counted, refused };
}

/** One instance's fair use: a tier with `slots` model slots and its caps counted in Redis. */
function instance(leases: SlotLeases, slots = 8, l = limits) {
  const fair = new FairUse(l, null, leases);
  fairs.push(fair);
  return fair.gate('standard' as ModelTier, slots);
}

/** Starts a task that holds its slot until `release` is called. */
function hold(gate: ReturnType<typeof instance>, actor: ActorScope, signal?: AbortSignal) {
  const d = deferred();
  let started = false;
  const done = gate.run(
    actor,
    async () => {
      started = true;
      await d.promise;
    },
    signal,
  );
  return {
    get started() {
      return started;
    },
    release: d.resolve,
    done,
  };
}

async function membersOf(key: string): Promise<number> {
  const r = new Redis(REDIS!);
  try {
    return await r.zcard(`${prefix}:fair:{standard}:${key}`);
  } finally {
    r.disconnect();
  }
}

/** The leases in a set, expired ones not yet dropped included (as they are until the next acquire). */
async function leaseIds(key: string): Promise<string[]> {
  const r = new Redis(REDIS!);
  try {
    return await r.zrange(`${prefix}:fair:{standard}:${key}`, '0', '-1');
  } finally {
    r.disconnect();
  }
}

/** The leases of a set that have not expired on Redis's clock: what the slot scripts count. */
async function liveLeases(key: string): Promise<number> {
  const r = new Redis(REDIS!);
  try {
    const [s, us] = await r.time();
    return await r.zcount(
      `${prefix}:fair:{standard}:${key}`,
      `(${Number(s) * 1000 + Math.floor(Number(us) / 1000)}`,
      '+inf',
    );
  } finally {
    r.disconnect();
  }
}

describe.skipIf(!REDIS)('fair-use slots in Redis (several instances)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    prefix = `bidtest-fair-${randomBytes(4).toString('hex')}`;
  });
  afterEach(async () => {
    for (const f of fairs.splice(0)) f.close();
    for (const l of opened.splice(0)) await l.close();
    const r = new Redis(REDIS!);
    const keys = await r.keys(`${prefix}:*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  it("a user's cap is one limit over two instances; another user goes ahead; a release on A starts the task waiting on B", async () => {
    const a = await leasesOf();
    // B never retries on a timer: only the release published by A can start its waiting task.
    const b = await leasesOf({ retryMs: 600_000 });
    const gateA = instance(a.counted);
    const gateB = instance(b.counted);

    const onA = [hold(gateA, U1), hold(gateA, U1)];
    await until(() => onA.every((t) => t.started), 'both tasks of u1 running on A');
    expect(await membersOf('u:u1')).toBe(2);

    const waiting = hold(gateB, U1);
    const other = hold(gateB, V);
    await until(() => other.started, 'another user starts on B');
    await until(() => b.refused.includes('u1:user'), 'B asked for u1 and was refused');
    expect(waiting.started).toBe(false);
    expect(gateB.queued).toBe(1);

    onA[0].release();
    await onA[0].done;
    await until(() => waiting.started, 'the task waiting on B starts after A released a slot');
    expect(await membersOf('u:u1')).toBe(2);
    expect(a.leases.holding + b.leases.holding).toBe(3);

    for (const t of [onA[1], waiting, other]) t.release();
    await Promise.all([onA[1].done, waiting.done, other.done]);
    expect(await membersOf('u:u1')).toBe(0);
    expect(a.leases.holding + b.leases.holding).toBe(0);
  });

  it("a company's cap is one limit over two instances, and B's queue still serves its users in turn", async () => {
    const a = await leasesOf();
    const b = await leasesOf();
    const gateA = instance(a.counted);
    const gateB = instance(b.counted);

    // t1 may run 3 tasks: two on A (u1, u2) and one on B.
    const onA = [hold(gateA, U1), hold(gateA, U2)];
    await until(() => onA.every((t) => t.started), 'two tasks of t1 running on A');
    const third = hold(gateB, U2);
    await until(() => third.started, 'the third task of t1 starts on B');
    const fourth = hold(gateB, U1);
    const outsider = hold(gateB, V);
    await until(() => outsider.started, "another company's task starts on B");
    await until(() => b.refused.includes('u1:company'), "B was refused u1's task: t1 is full");
    expect(fourth.started).toBe(false);
    expect(await membersOf('c:t1')).toBe(3);

    onA[1].release();
    await until(() => fourth.started, 'a slot of t1 freed on A goes to the task waiting on B');
    for (const t of [onA[0], third, fourth, outsider]) t.release();
    await Promise.all([onA[0].done, onA[1].done, third.done, fourth.done, outsider.done]);
    expect(await membersOf('c:t1')).toBe(0);
  });

  it('a task given up while it waits for another instance holds nothing afterwards', async () => {
    const a = await leasesOf();
    const b = await leasesOf();
    const gateA = instance(a.counted);
    const gateB = instance(b.counted);
    const onA = [hold(gateA, U1), hold(gateA, U1)];
    await until(() => onA.every((t) => t.started), 'u1 full on A');
    const ac = new AbortController();
    const waiting = hold(gateB, U1, ac.signal);
    await until(() => b.refused.length > 0, 'B was refused');
    ac.abort(new Error('closed'));
    await expect(waiting.done).rejects.toThrow('closed');
    expect(gateB.queued).toBe(0);
    for (const t of onA) t.release();
    await Promise.all(onA.map((t) => t.done));
    // A's release reaches B, whose queue is empty: nothing takes a slot for the abandoned task.
    expect(await membersOf('u:u1')).toBe(0);
    expect(waiting.started).toBe(false);
    expect(b.leases.holding).toBe(0);
  });

  it("a killed instance's slots free themselves after the lease time; the task waiting elsewhere then runs", async () => {
    // The holder is its own process. While it lives its heartbeat renews its leases, so B is refused
    // however slow the machine is; killed with SIGKILL it never releases nor renews again.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(fileURLToPath(new URL('./fair-slots-redis.ts', import.meta.url)))}).then(async ({ RedisSlotLeases }) => {
          const l = new RedisSlotLeases(${JSON.stringify(REDIS)}, { prefix: ${JSON.stringify(prefix)}, ttlMs: 3000 });
          for (let k = 0; k < 2; k++) await l.acquire('standard', { userId: 'u1', tenantId: 't1' }, { perUser: 2, perCompany: 3 });
          console.log('held');
        })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (c: Buffer) => c.toString().includes('held') && resolve());
      child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    const dead = await leaseIds('u:u1');
    expect(dead).toHaveLength(2);

    const b = await leasesOf();
    const gateB = instance(b.counted);
    const waiting = hold(gateB, U1);
    await until(() => b.refused.includes('u1:user'), 'B refused while the holder lives');
    expect(waiting.started).toBe(false);
    child.kill('SIGKILL');
    await exited;
    await until(() => waiting.started, 'the task on B starts once the dead leases expire');
    waiting.release();
    await waiting.done;
    // B's lease went back at once. The dead holder's two leases expire a moment apart and B needed
    // only one, so the other may still be in the set (live a little longer, or expired and not yet
    // dropped): only the dead holder's leases are left, and they all run out.
    expect(b.leases.holding).toBe(0);
    expect((await leaseIds('u:u1')).filter((id) => !dead.includes(id))).toEqual([]);
    await until(async () => (await liveLeases('u:u1')) === 0, "the dead holder's leases all expire");
  });

  it('renewed leases outlive their lease time while the task runs', async () => {
    const a = await leasesOf({ ttlMs: 300 });
    const b = await leasesOf();
    const gateA = instance(a.counted);
    const gateB = instance(b.counted);
    const onA = [hold(gateA, U1), hold(gateA, U1)];
    await until(() => onA.every((t) => t.started), 'u1 full on A');
    const waiting = hold(gateB, U1);
    // Many lease times pass (B asks every 50 ms and is refused each time): A's heartbeat keeps them.
    await until(() => b.refused.filter((r) => r === 'u1:user').length >= 20, 'B refused over many rounds');
    expect(waiting.started).toBe(false);
    expect(await membersOf('u:u1')).toBe(2);
    for (const t of onA) t.release();
    await until(() => waiting.started, 'B starts after A released');
    waiting.release();
    await Promise.all([...onA.map((t) => t.done), waiting.done]);
  });

  it("a user's open event streams are one limit over two instances; closing one on A lets B open one", async () => {
    const a = await leasesOf();
    const b = await leasesOf();
    const onA = new SharedStreamCap(2, a.leases);
    const onB = new SharedStreamCap(2, b.leases);
    const first = await onA.open('u1');
    await onB.open('u1');
    const refused = await onA.open('u1').catch((e: unknown) => e);
    expect((refused as Error).message).toContain('同时打开的进度连接过多（最多 2 个）');
    await expect(onB.open('u1')).rejects.toThrow(/进度连接过多/);
    // Another user is counted apart, and the fair-use slots are not touched.
    await onB.open('u2');
    expect(await membersOf('u:u1')).toBe(0);
    first();
    first();
    await until(async () => {
      const r = new Redis(REDIS!);
      try {
        return (await r.zcard(`${prefix}:fair:{streams}:u:u1`)) === 1;
      } finally {
        r.disconnect();
      }
    }, 'the closed stream is released');
    await expect(onB.open('u1')).resolves.toBeTypeOf('function');
  });

  it('the fair use of an instance with Redis counts its streams there', async () => {
    const a = await leasesOf();
    const fair = new FairUse({ ...limits, streamsPerUser: 1 }, null, a.counted);
    fairs.push(fair);
    expect(fair.streams).toBeInstanceOf(SharedStreamCap);
    await fair.streams.open('u1');
    await expect(new SharedStreamCap(1, (await leasesOf()).leases).open('u1')).rejects.toThrow(/最多 1 个/);
  });

  it('system work (no user) is not counted in Redis', async () => {
    const a = await leasesOf();
    const fair = new FairUse(limits, null, a.counted);
    fairs.push(fair);
    const v = await fair.run(undefined, 'standard', 4, async () => 'done');
    expect(v).toBe('done');
    expect(a.refused).toHaveLength(0);
    expect(a.leases.holding).toBe(0);
  });

  it('a waiting task fails with a Chinese message when Redis does not answer', async () => {
    const down = new RedisSlotLeases('redis://127.0.0.1:1', { prefix, retryMs: 50 });
    opened.push(down);
    const gate = instance(down);
    const err = await gate.run(U1, async () => 'ran').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiError);
    expect((err as AiError).message).toBe('AI 任务调度暂时不可用，请稍后重试');
  });
});
