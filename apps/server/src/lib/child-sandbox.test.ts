import { afterAll, describe, expect, it } from 'vitest';
import { ChildSandbox, SandboxKilled, SandboxTaskError, rssMbOf } from './child-sandbox.ts';

const entry = new URL('../../test/fixtures/child-sandbox.fixture.ts', import.meta.url);
const fresh = new ChildSandbox({ entry, heapMb: 128, rssMb: 300, timeoutMs: 5_000, parallel: 2 });
const reused = new ChildSandbox({ entry, heapMb: 128, rssMb: 300, timeoutMs: 5_000, reuseBelowRssMb: 200 });
afterAll(async () => {
  await fresh.close();
  await reused.close();
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (e) => e,
  );
}

describe('ChildSandbox', { timeout: 30_000 }, () => {
  it('answers from another process and leaves no child behind', async () => {
    const r = await fresh.run<{ value: unknown; pid: number }>({
      op: 'echo',
      value: { a: [1, '二'], b: new Uint8Array([7]) },
    });
    expect(r.value).toEqual({ a: [1, '二'], b: new Uint8Array([7]) });
    expect(r.pid).not.toBe(process.pid);
    expect(fresh.childCount).toBe(0);
  });

  it('kills a child whose resident memory passes the cap although its JS heap is small', async () => {
    const before = rssMbOf(process.pid)!;
    const e = await rejection(fresh.run({ op: 'hog' }));
    expect(e).toBeInstanceOf(SandboxKilled);
    expect((e as SandboxKilled).reason).toBe('memory');
    expect(rssMbOf(process.pid)! - before).toBeLessThan(100);
    expect(fresh.childCount).toBe(0);
  });

  it('kills a child stuck past its time limit', async () => {
    const quick = new ChildSandbox({ entry, heapMb: 64, rssMb: 300, timeoutMs: 1_500 });
    const e = await rejection(quick.run({ op: 'spin' }));
    expect((e as SandboxKilled).reason).toBe('timeout');
    expect(quick.childCount).toBe(0);
  });

  it('reports an error thrown by the task with its code, and a child that exits as a crash', async () => {
    const e = await rejection(fresh.run({ op: 'throw' }));
    expect(e).toBeInstanceOf(SandboxTaskError);
    expect((e as SandboxTaskError).code).toBe('bad-input');
    const x = await rejection(fresh.run({ op: 'exit' }));
    expect((x as SandboxKilled).reason).toBe('crash');
  });

  it('reuses a small child for cheap tasks and replaces it after it was killed', async () => {
    const a = await reused.run<{ pid: number }>({ op: 'echo' });
    const b = await reused.run<{ pid: number }>({ op: 'echo' });
    expect(b.pid).toBe(a.pid);
    await rejection(reused.run({ op: 'hog' }));
    const c = await reused.run<{ pid: number }>({ op: 'echo' });
    expect(c.pid).not.toBe(a.pid);
  });

  it('keeps children warm, retires one after its task limit, and replaces one that crashed', async () => {
    const warm = new ChildSandbox({
      entry,
      heapMb: 128,
      rssMb: 300,
      timeoutMs: 5_000,
      parallel: 2,
      reuseBelowRssMb: 200,
      maxTasksPerChild: 3,
      keepWarm: 2,
    });
    try {
      warm.warm();
      expect(warm.idleCount).toBe(2);
      const pids = [];
      for (let i = 0; i < 4; i++) pids.push((await warm.run<{ pid: number }>({ op: 'echo' })).pid);
      // Three tasks in one child, then a new one; the pool is topped up to two idle children.
      expect(new Set(pids.slice(0, 3)).size).toBe(1);
      expect(pids[3]).not.toBe(pids[0]);
      await new Promise((r) => setImmediate(r));
      expect(warm.idleCount).toBe(2);
      const before = (await warm.run<{ pid: number }>({ op: 'echo' })).pid;
      await rejection(warm.run({ op: 'exit' }));
      const after = (await warm.run<{ pid: number }>({ op: 'echo' })).pid;
      expect(after).not.toBe(before);
    } finally {
      await warm.close();
    }
    expect(warm.childCount).toBe(0);
  });
});
