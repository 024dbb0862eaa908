import { describe, expect, it } from 'vitest';
import { AiError } from './errors.ts';
import {
  FairEngine,
  FairUse,
  StreamCap,
  startOfChinaDay,
  type SlotLease,
  type SlotLeases,
  type TokenLedger,
} from './fair-use.ts';
import type { ActorScope } from '../policy/actor.ts';
import type { AiEngine, ChapterContext, Generated } from './types.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An engine whose chapter writes take `ms` and that records how many ran at once, per user. */
function slowEngine(ms: number, slots = 4) {
  const running = new Map<string, number>();
  let total = 0;
  const peak = { total: 0, byUser: new Map<string, number>() };
  const calls: string[] = [];
  const engine = {
    name: 'offline',
    concurrency: () => slots,
    async writeChapter(ctx: ChapterContext): Promise<Generated<string>> {
      const who = ctx.bidName;
      calls.push(who);
      total += 1;
      running.set(who, (running.get(who) ?? 0) + 1);
      peak.total = Math.max(peak.total, total);
      peak.byUser.set(who, Math.max(peak.byUser.get(who) ?? 0, running.get(who)!));
      await sleep(ms);
      total -= 1;
      running.set(who, running.get(who)! - 1);
      return { value: `# ${who}`, engine: 'offline', model: null, promptTokens: 0, completionTokens: 0 };
    },
  } as unknown as AiEngine;
  return { engine, peak, calls };
}

const ctxOf = (who: string) => ({ bidName: who }) as ChapterContext;
const limits = { perUser: 4, perCompany: 8, userDailyTokens: 0, companyDailyTokens: 0, streamsPerUser: 6 };
const A: ActorScope = { userId: 'a', tenantId: 'ta' };
const B: ActorScope = { userId: 'b', tenantId: 'tb' };

describe('FairEngine', () => {
  it("one user's sixteen parallel writes do not make another user wait behind them", async () => {
    const { engine, peak } = slowEngine(100);
    const fair = new FairEngine(engine, new FairUse(limits, null));
    const started = Date.now();
    const many = Array.from({ length: 16 }, () =>
      fair.writeChapter(ctxOf('a'), { tier: 'standard', actor: A }),
    );
    await sleep(10);
    const bStart = Date.now();
    await fair.writeChapter(ctxOf('b'), { tier: 'standard', actor: B });
    const bTook = Date.now() - bStart;
    await Promise.all(many);
    // A plain first-come queue would have put B behind four rounds of A (≈ 400 ms).
    expect(bTook).toBeLessThan(250);
    expect(peak.total).toBeLessThanOrEqual(4);
    expect(peak.byUser.get('a')).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('caps the tasks of one company and hands freed slots to the user running fewest', async () => {
    const { engine, peak, calls } = slowEngine(40, 8);
    const fair = new FairEngine(engine, new FairUse({ ...limits, perUser: 8, perCompany: 3 }, null));
    const sameCompany = (userId: string): ActorScope => ({ userId, tenantId: 'big' });
    const jobs = [
      ...Array.from({ length: 6 }, () =>
        fair.writeChapter(ctxOf('x'), { tier: 'standard', actor: sameCompany('x') }),
      ),
      ...Array.from({ length: 6 }, () =>
        fair.writeChapter(ctxOf('y'), { tier: 'standard', actor: sameCompany('y') }),
      ),
    ];
    await Promise.all(jobs);
    expect(peak.total).toBe(3);
    // x arrived first but y was not made to wait for all of x.
    expect(calls.slice(0, 6).filter((c) => c === 'y').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a task once the daily budget is spent, without calling the model', async () => {
    const { engine, calls } = slowEngine(1);
    const ledger: TokenLedger = { usedToday: async () => ({ user: 2_000_000, company: 2_000_000 }) };
    const fair = new FairEngine(engine, new FairUse({ ...limits, userDailyTokens: 2_000_000 }, ledger));
    const e = await fair.writeChapter(ctxOf('a'), { tier: 'standard', actor: A }).catch((x) => x);
    expect(e).toBeInstanceOf(AiError);
    expect((e as AiError).kind).toBe('rate_limited');
    expect((e as AiError).message).toContain('今日 AI 用量已达上限');
    expect(calls).toEqual([]);
    const company = new FairEngine(engine, new FairUse({ ...limits, companyDailyTokens: 1_000_000 }, ledger));
    expect(
      ((await company.writeChapter(ctxOf('a'), { tier: 'standard', actor: A }).catch((x) => x)) as AiError)
        .message,
    ).toContain('本企业');
  });

  it('a task given up while waiting leaves the queue and its slot to others', async () => {
    const { engine } = slowEngine(60, 2);
    const fair = new FairEngine(engine, new FairUse(limits, null));
    const first = fair.writeChapter(ctxOf('a'), { tier: 'standard', actor: A });
    const ac = new AbortController();
    const waiting = fair.writeChapter(ctxOf('a'), { tier: 'standard', actor: A, signal: ac.signal });
    ac.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    await first;
    await expect(fair.writeChapter(ctxOf('a'), { tier: 'standard', actor: A })).resolves.toMatchObject({
      value: '# a',
    });
  });
});

describe('FairGate on shared slots', () => {
  it('counts a task as queued while the store is still answering for its lease', async () => {
    // A store whose answers the test hands out one at a time.
    const asked: Array<(r: SlotLease | 'user') => void> = [];
    const store: SlotLeases = {
      retryMs: 600_000,
      acquire: () => new Promise((r) => asked.push(r)),
      acquireStream: async () => null,
      onRelease: () => () => {},
      close: async () => {},
    };
    const fair = new FairUse(limits, null, store);
    const gate = fair.gate('standard', 4);
    const ac = new AbortController();
    let started = false;
    const task = gate.run(A, async () => void (started = true), ac.signal);
    expect(asked).toHaveLength(1);
    expect(gate.queued).toBe(1);
    // Refused (full on another instance): back in the queue, still one waiting task.
    asked[0]('user');
    await sleep(0);
    expect(gate.queued).toBe(1);
    gate.poke();
    expect(asked).toHaveLength(2);
    expect(gate.queued).toBe(1);
    // Given up while the store answers: no longer waiting, and the lease it gets goes back.
    ac.abort(new Error('gone'));
    await expect(task).rejects.toThrow('gone');
    expect(gate.queued).toBe(0);
    let released = false;
    asked[1]({ release: async () => void (released = true) });
    await sleep(0);
    expect(released).toBe(true);
    expect(started).toBe(false);
    expect(gate.queued).toBe(0);
    fair.close();
  });

  it('a release heard while the store answers for the waiting task is not lost', async () => {
    const asked: Array<(r: SlotLease | 'user') => void> = [];
    let released: ((tier: 'standard') => void) | undefined;
    const store: SlotLeases = {
      // No retry on a timer: only the release can bring the task round again.
      retryMs: 600_000,
      acquire: () => new Promise((r) => asked.push(r)),
      acquireStream: async () => null,
      onRelease: (fn) => ((released = fn), () => {}),
      close: async () => {},
    };
    const fair = new FairUse(limits, null, store);
    const gate = fair.gate('standard', 4);
    let started = false;
    const task = gate.run(A, async () => void (started = true));
    expect(asked).toHaveLength(1);
    // The store refused before another instance released; the release is heard before the refusal.
    released!('standard');
    asked[0]('user');
    await sleep(0);
    expect(asked).toHaveLength(2);
    asked[1]({ release: async () => {} });
    await task;
    expect(started).toBe(true);
    expect(gate.queued).toBe(0);
    fair.close();
  });
});

describe('StreamCap and budget day', () => {
  it('allows a few open streams per user and refuses more with 429 until one closes', async () => {
    const cap = new StreamCap(2);
    const r1 = await cap.open('u');
    await cap.open('u');
    await expect(cap.open('u')).rejects.toThrow(/进度连接过多/);
    await cap.open('other');
    r1();
    r1();
    await expect(cap.open('u')).resolves.toBeTypeOf('function');
  });

  it('budgets renew at midnight in China', () => {
    // 2026-01-01 15:59 UTC is 23:59 in Beijing; 16:01 UTC is the next day there.
    expect(startOfChinaDay(Date.parse('2026-01-01T15:59:00Z'))).toBe('2025-12-31T16:00:00.000Z');
    expect(startOfChinaDay(Date.parse('2026-01-01T16:01:00Z'))).toBe('2026-01-01T16:00:00.000Z');
  });
});
