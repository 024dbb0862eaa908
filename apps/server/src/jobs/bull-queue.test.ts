import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { openDatabase, type DbHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { BullJobQueue, type BullJobQueueOptions } from './bull-queue.ts';
import { JobConflictError } from './queue.ts';
import { chapterJob, type ChapterPayload } from '../../test/helpers/chapter-job.ts';
import { analysisBesideLongWriting } from '../../test/helpers/queue-contract.ts';

const REDIS = process.env.TEST_REDIS_URL;
const CI = process.env.CI === 'true' || process.env.CI === '1';
if (!REDIS) {
  if (CI) throw new Error('CI=true: the BullMQ queue tests need TEST_REDIS_URL');
  console.log('BullMQ queue tests skipped: TEST_REDIS_URL is not set');
}

let dir: string;
let h: DbHandle;
let prefix: string;
const queues: BullJobQueue[] = [];
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}

function queue(opts: Partial<BullJobQueueOptions> = {}) {
  const q = new BullJobQueue(h.db, { redisUrl: REDIS!, prefix, leaseMs: 1_500, backoffMs: 50, ...opts });
  queues.push(q);
  return q;
}

const chapterEvents = async (q: BullJobQueue, id: string) =>
  (await q.events.since(id, 0)).filter((e) => e.type === 'chapter').map((e) => Number(e.data));

describe.skipIf(!REDIS)('BullJobQueue (REDIS_URL)', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bull-test-'));
    h = openDatabase({ dataDir: dir });
    await migrateToLatest(h.db);
    prefix = `bidtest-${randomBytes(4).toString('hex')}`;
  });
  afterEach(async () => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    for (const q of queues.splice(0)) await q.close();
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
    const r = new Redis(REDIS!);
    const keys = await r.keys(`${prefix}:*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  it('runs a job through BullMQ, stores its result, and keeps one live job per key', async () => {
    const q = queue();
    q.register<{ n: number }>('double', async ({ job }) => ({ value: job.payload.n * 2 }));
    q.start();
    const j = await q.enqueue('double', { n: 21 }, { dedupeKey: 'k1' });
    await expect(q.enqueue('double', { n: 1 }, { dedupeKey: 'k1' })).rejects.toBeInstanceOf(JobConflictError);
    const done = await until(async () => ((await q.get(j.id))?.status === 'done' ? q.get(j.id) : null));
    expect(done?.progress).toEqual({ value: 42 });
    expect(await q.enqueue('double', { n: 2 }, { dedupeKey: 'k1' })).toMatchObject({ status: 'queued' });
  });

  it('retries a failing job with backoff until it succeeds; one that keeps failing fails after its attempts', async () => {
    const q = queue({ attempts: 3 });
    let calls = 0;
    q.register('flaky', async () => {
      calls++;
      if (calls < 3) throw new Error('暂时失败');
      return { calls };
    });
    let never = 0;
    q.register('never', async () => {
      never++;
      throw new Error('总是失败');
    });
    q.start();
    const j = await q.enqueue('flaky', null);
    const done = await until(async () => ((await q.get(j.id))?.status === 'done' ? q.get(j.id) : null));
    expect(done?.progress).toEqual({ calls: 3 });
    const f = await q.enqueue('never', null);
    const failed = await until(async () => ((await q.get(f.id))?.status === 'failed' ? q.get(f.id) : null));
    expect(failed?.error).toBe('总是失败');
    expect(never).toBe(3);
  });

  it('graceful shutdown hands a running job back at once; another worker finishes it, each chapter once', async () => {
    const a = queue();
    a.register<ChapterPayload>('chapters', chapterJob(a.events));
    a.start();
    const j = await a.enqueue<ChapterPayload>('chapters', { chapters: 8, pauseMs: 100 });
    await until(async () => (await chapterEvents(a, j.id)).length >= 2);
    await a.stop();
    expect((await a.get(j.id))?.status).toBe('queued');
    const b = queue();
    b.register<ChapterPayload>('chapters', chapterJob(b.events));
    b.start();
    const done = await until(async () => ((await b.get(j.id))?.status === 'done' ? b.get(j.id) : null));
    expect(done?.attempts).toBe(1);
    expect((await chapterEvents(b, j.id)).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a worker process killed with SIGKILL mid-job: the job resumes on another worker from its last chapter, nothing written twice', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('../../test/helpers/bull-worker-child.ts', import.meta.url)),
        dir,
        REDIS!,
        prefix,
        '1500',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });
    // This process only enqueues until the child is killed.
    const here = queue();
    here.register<ChapterPayload>('chapters', chapterJob(here.events));
    const j = await here.enqueue<ChapterPayload>('chapters', { chapters: 10, pauseMs: 150 });
    await until(async () => (await chapterEvents(here, j.id)).length >= 3);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const before = (await chapterEvents(here, j.id)).length;
    expect(before).toBeLessThan(10);
    expect((await here.get(j.id))?.status).toBe('running');

    here.start();
    const done = await until(async () => ((await here.get(j.id))?.status === 'done' ? here.get(j.id) : null));
    expect(done?.attempts).toBe(2);
    const written = await chapterEvents(here, j.id);
    expect(written.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('an instance hears, live, the streamed text and the logged events of a job running on another one', async () => {
    const a = queue();
    const b = queue();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    a.register('speak', async ({ publish, emit }) => {
      await gate;
      publish('text', '第一章 总体方案');
      await emit('chapter', 0);
      return null;
    });
    a.start();
    const j = await a.enqueue('speak', null);
    const heard: Array<{ type: string; seq?: number; data: unknown }> = [];
    const heardHere: string[] = [];
    b.events.subscribe(j.id, (e) => heard.push({ type: e.type, seq: e.seq, data: e.data }));
    a.events.subscribe(j.id, (e) => heardHere.push(e.type));
    // Both subscriptions are live once a message sent now arrives.
    await until(async () => {
      a.events.publish({ jobId: j.id, type: 'probe', data: null });
      await sleep(100);
      return heard.some((e) => e.type === 'probe');
    });
    release();
    await until(async () => heard.some((e) => e.type === 'chapter'));
    expect(heard.filter((e) => e.type !== 'probe')).toEqual([
      { type: 'text', seq: undefined, data: '第一章 总体方案' },
      { type: 'chapter', seq: 1, data: 0 },
    ]);
    // The running instance delivers in-process, once (its own messages do not come back).
    expect(heardHere.filter((t) => t !== 'probe')).toEqual(['text', 'chapter']);
  });

  it('cancels a running job', async () => {
    const q = queue();
    q.register<ChapterPayload>('chapters', chapterJob(q.events));
    q.start();
    const j = await q.enqueue<ChapterPayload>('chapters', { chapters: 50, pauseMs: 100 });
    await until(async () => (await chapterEvents(q, j.id)).length >= 1);
    expect(await q.cancel(j.id)).toBe(true);
    await until(async () => (await q.get(j.id))?.status === 'cancelled');
    expect((await chapterEvents(q, j.id)).length).toBeLessThan(50);
  });

  it('runs an analysis while long writing jobs of other users occupy the other slots', async () => {
    // As the lease table: long jobs take all but one of the worker's slots (BullMQ's concurrency).
    await analysisBesideLongWriting(queue({ maxRunning: 3 }), { writers: 4, running: 2, until });
  });
});
