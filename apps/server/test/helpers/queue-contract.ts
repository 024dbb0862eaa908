import { expect } from 'vitest';
import type { JobQueue } from '../../src/jobs/queue.ts';

/** Each queue test file's own wait, since the two queues claim at different speeds. */
export type Until = (fn: () => Promise<boolean>) => Promise<unknown>;

/**
 * Both JobQueue implementations promise that long jobs take at most all but one of a worker's
 * slots (queue.ts, RegisterOptions.long): `writers` users start long writing on `q`, which has
 * `running + 1` slots; `running` of them run, the rest wait, and one more user's short analysis
 * still runs at once. Written once so the SQL and BullMQ queues are held to the same rule.
 */
export async function analysisBesideLongWriting(
  q: JobQueue,
  { writers, running, until }: { writers: number; running: number; until: Until },
): Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const writing = new Set<string>();
  q.register(
    'write',
    async ({ job }) => {
      writing.add(job.id);
      await gate;
      writing.delete(job.id);
    },
    { long: true },
  );
  q.register('analyse', async () => ({ ok: true }));
  q.start();
  const long = [];
  for (let i = 0; i < writers; i += 1) long.push(await q.enqueue('write', {}, { ownerId: `writer-${i}` }));
  await until(async () => writing.size === running);
  const analysis = await q.enqueue('analyse', {}, { ownerId: 'analyst' });
  await until(async () => (await q.get(analysis.id))?.status === 'done');
  expect(writing.size).toBe(running);
  const states = await Promise.all(long.map(async (j) => (await q.get(j.id))!.status));
  expect(states.filter((s) => s === 'running')).toHaveLength(running);
  expect(states.filter((s) => s === 'queued')).toHaveLength(writers - running);
  // The waiting writing starts as the running ones end.
  release();
  for (const j of long) await until(async () => (await q.get(j.id))?.status === 'done');
}
