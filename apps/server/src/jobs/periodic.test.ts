import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { PeriodicRunner, type PeriodicWork } from './periodic.ts';
import { reportingProgress } from './progress.ts';
import type { JobProgress } from './queue.ts';
import { SqlJobQueue } from './sql-queue.ts';

let dir: string;
let h: DbHandle;
const stops: Array<() => Promise<void>> = [];
const log = pino({ level: 'silent' });

async function until(fn: () => Promise<boolean> | boolean): Promise<void> {
  // Generous: the check must not time the machine.
  for (let i = 0; i < 600 && !(await fn()); i++) await new Promise((r) => setTimeout(r, 25));
}

function queue() {
  const q = new SqlJobQueue(h.db, { pollMs: 30, log });
  stops.push(() => q.stop());
  return q;
}

/**
 * Starts one instance's runner over `work` (stopped after the test), each turn counted and then
 * `turn` called; returns the count so far.
 */
function startInstanceWork(work: Omit<PeriodicWork, 'scope' | 'run'>, turn = () => {}): () => number {
  let runs = 0;
  const run = async () => {
    runs++;
    turn();
  };
  const runner = new PeriodicRunner(queue(), [{ ...work, scope: 'instance', run }], log);
  stops.push(() => runner.stop());
  runner.start();
  return () => runs;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'periodic-test-'));
  h = openDatabase({ dataDir: dir });
  await migrateToLatest(h.db);
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('periodic work', () => {
  it('runs cluster work as a job once per period however many instances keep the clock', async () => {
    let runs = 0;
    const work: PeriodicWork = {
      name: 'sweep',
      everyMs: 60_000,
      scope: 'cluster',
      run: async () => {
        runs++;
      },
    };
    // Two instances on one database, both starting now.
    for (let i = 0; i < 2; i++) {
      const q = queue();
      const runner = new PeriodicRunner(q, [work], log);
      stops.push(() => runner.stop());
      runner.start();
      q.start();
    }
    const q = queue();
    await until(async () => (await q.latest('every:sweep'))?.status === 'done');
    // Let the second instance's turn arrive too: it finds the turn taken.
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toBe(1);
    expect((await q.latest('every:sweep'))?.kind).toBe('every:sweep');
  });

  it('runs instance work in every process, at start and on its clock', async () => {
    const runs = startInstanceWork({ name: 'tmp', everyMs: 40 });
    expect(runs()).toBe(1);
    await until(() => runs() >= 3);
    expect(runs()).toBeGreaterThanOrEqual(3);
  });

  it('work done at start waits a period for its first turn', async () => {
    const runs = startInstanceWork({ name: 'refresh', everyMs: 40, doneAtStart: true });
    expect(runs()).toBe(0);
    await until(() => runs() >= 1);
    expect(runs()).toBeGreaterThanOrEqual(1);
  });

  it('a failing turn is logged and the clock goes on', async () => {
    const runs = startInstanceWork({ name: 'flaky', everyMs: 30 }, () => {
      throw new Error('disk gone');
    });
    await until(() => runs() >= 2);
    expect(runs()).toBeGreaterThanOrEqual(2);
  });
});

describe('job progress', () => {
  it('every report reaches the job; the sink gets the first, each new stage and the end, and no more often than the interval', async () => {
    const q = queue();
    const sunk: JobProgress[] = [];
    q.register(
      'steps',
      reportingProgress(
        async (ctx) => {
          await ctx.setProgress({ percent: 1, stage: '读取' });
          for (let i = 2; i < 50; i++) await ctx.setProgress({ percent: i, stage: '比对' });
          await ctx.setProgress({ percent: 100, stage: '比对' });
        },
        async (_job, p) => void sunk.push(p),
        60_000,
      ),
    );
    q.start();
    const job = await q.enqueue('steps', null);
    await until(async () => (await q.get(job.id))?.status === 'done');
    expect(sunk.map((p) => p.percent)).toEqual([1, 2, 100]);
  });

  it('the job itself holds the last report while it runs', async () => {
    const q = queue();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    q.register(
      'half',
      reportingProgress(async (ctx) => {
        await ctx.setProgress({ percent: 50, stage: '一半', done: 1, total: 2 });
        await gate;
      }),
    );
    q.start();
    const job = await q.enqueue('half', null);
    await until(async () => Boolean((await q.get(job.id))?.progress));
    expect((await q.get(job.id))?.progress).toEqual({ percent: 50, stage: '一半', done: 1, total: 2 });
    release();
  });
});
