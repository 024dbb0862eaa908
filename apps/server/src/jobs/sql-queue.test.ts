import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { SqlJobQueue } from './sql-queue.ts';
import { JobConflictError, type JobEvent } from './queue.ts';
import { analysisBesideLongWriting } from '../../test/helpers/queue-contract.ts';

let dir: string;
let h: DbHandle;
const queues: SqlJobQueue[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 5000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(20);
  }
}

function queue(opts: ConstructorParameters<typeof SqlJobQueue>[1] = {}) {
  const q = new SqlJobQueue(h.db, { pollMs: 50, ...opts });
  queues.push(q);
  return q;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-test-'));
  h = openDatabase({ dataDir: dir });
  await migrateToLatest(h.db);
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SqlJobQueue', () => {
  it('runs a job and stores its result', async () => {
    const q = queue();
    q.register<{ n: number }>('double', async ({ job }) => ({ value: job.payload.n * 2 }));
    q.start();
    const j = await q.enqueue('double', { n: 21 });
    const done = await until(async () => {
      const r = await q.get(j.id);
      return r?.status === 'done' ? r : null;
    });
    expect(done.progress).toEqual({ value: 42 });
    expect(done.attempts).toBe(1);
  });

  it('refuses a second live job with the same key, allows one after it ended', async () => {
    const q = queue();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    q.register('slow', async () => gate);
    q.start();
    const a = await q.enqueue('slow', {}, { dedupeKey: 'k1' });
    const err = await q.enqueue('slow', {}, { dedupeKey: 'k1' }).catch((e) => e);
    expect(err).toBeInstanceOf(JobConflictError);
    expect(err.existing.id).toBe(a.id);
    release();
    await until(async () => (await q.get(a.id))?.status === 'done');
    const b = await q.enqueue('slow', {}, { dedupeKey: 'k1' });
    expect(b.id).not.toBe(a.id);
    expect((await q.latest('k1'))!.id).toBe(b.id);
  });

  it('a job whose worker stopped heartbeating is resumed by another worker after its lease', async () => {
    // Worker A claims and then "dies": it never renews its lease.
    const a = queue({ leaseMs: 300, heartbeatMs: 60_000, stopTimeoutMs: 50 });
    const seen: string[] = [];
    a.register('work', async () => {
      seen.push('a');
      await new Promise(() => {});
    });
    a.start();
    const j = await a.enqueue('work', {});
    await until(() => seen.includes('a'));
    const b = queue({ leaseMs: 5_000 });
    b.register('work', async () => {
      seen.push('b');
      return 'ok';
    });
    b.start();
    const done = await until(async () => {
      const r = await b.get(j.id);
      return r?.status === 'done' ? r : null;
    });
    expect(seen).toEqual(['a', 'b']);
    expect(done.attempts).toBe(2);
  });

  it('cancel aborts a running job and marks it cancelled', async () => {
    const q = queue();
    q.register('long', async ({ signal }) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    q.start();
    const j = await q.enqueue('long', {});
    await until(async () => (await q.get(j.id))?.status === 'running');
    expect(await q.cancel(j.id)).toBe(true);
    const r = await until(async () => {
      const x = await q.get(j.id);
      return x?.status === 'cancelled' ? x : null;
    });
    expect(r.cancelRequested).toBe(true);
  });

  it('cancel of a queued job ends it at once', async () => {
    const q = queue();
    q.register('never', async () => {});
    const j = await q.enqueue('never', {});
    expect(await q.cancel(j.id)).toBe(true);
    expect((await q.get(j.id))!.status).toBe('cancelled');
    expect(await q.cancel(j.id)).toBe(false);
  });

  it('stop gives running jobs back so that the next worker resumes them at once', async () => {
    const a = queue();
    a.register('resume', async ({ signal }) => {
      await new Promise<void>((resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('stopped'))),
      );
    });
    a.start();
    const j = await a.enqueue('resume', {});
    await until(async () => (await a.get(j.id))?.status === 'running');
    await a.stop();
    const mid = await a.get(j.id);
    expect(mid!.status).toBe('queued');
    expect(mid!.attempts).toBe(0);
    const b = queue();
    b.register('resume', async () => 'second');
    b.start();
    await until(async () => (await b.get(j.id))?.status === 'done');
  });

  it('gives up a job that keeps dying', async () => {
    const q = queue();
    q.register('poison', async () => 'never runs');
    const j = await q.enqueue('poison', {}, { maxAttempts: 2 });
    await h.db.updateTable('jobs').set({ attempts: 2 }).where('id', '=', j.id).execute();
    q.start();
    const r = await until(async () => {
      const x = await q.get(j.id);
      return x?.status === 'failed' ? x : null;
    });
    expect(r.error).toMatch(/多次中断/);
  });

  it('keeps an event log that can be replayed from a sequence number', async () => {
    const q = queue();
    const live: JobEvent[] = [];
    const off = q.events.subscribe('job-x', (e) => live.push(e));
    expect(await q.events.append('job-x', 'a', { i: 1 })).toBe(1);
    expect(await q.events.append('job-x', 'b', { i: 2 })).toBe(2);
    q.events.publish({ jobId: 'job-x', type: 'delta', data: 'live only' });
    expect(await q.events.append('job-x', 'c', { i: 3 })).toBe(3);
    off();
    expect(live.map((e) => [e.type, e.seq])).toEqual([
      ['a', 1],
      ['b', 2],
      ['delta', undefined],
      ['c', 3],
    ]);
    const replay = await q.events.since('job-x', 1);
    expect(replay.map((e) => e.data)).toEqual([{ i: 2 }, { i: 3 }]);
  });

  it('runs an analysis while long writing jobs of other users occupy the other slots', async () => {
    // Five users start whole-bid writing (long) on a worker with the default four slots, then one
    // more user's tender analysis arrives: it runs now, not after somebody's writing finishes.
    // Long jobs take all but one slot: three run, two wait.
    await analysisBesideLongWriting(queue(), { writers: 5, running: 3, until });
  });

  it('with a single slot a long job still runs (nothing is kept back)', async () => {
    // One slot: nothing is reserved (at least one long job may always run).
    const q = queue({ maxRunning: 1 });
    q.register('write', async () => 'written', { long: true });
    q.start();
    const j = await q.enqueue('write', {});
    await until(async () => (await q.get(j.id))?.status === 'done');
  });
});
