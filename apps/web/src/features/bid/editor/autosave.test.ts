import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AutosaveController,
  clearDraft,
  readDraft,
  sameDoc,
  writeDraft,
  type SaveState,
} from './autosave.ts';

class Conflict extends Error {
  constructor(public data: { version: number; content: string }) {
    super('409');
  }
}

/** A fake server holding one chapter: version and text, with optimistic concurrency. */
function fakeServer(start = { version: 0, content: '' }) {
  const srv = { ...start, calls: [] as Array<{ doc: string; base: number }>, fail: 0 };
  const save = vi.fn(async (doc: string, base: number) => {
    srv.calls.push({ doc, base });
    await Promise.resolve();
    if (srv.fail > 0) {
      srv.fail -= 1;
      throw new Error('network');
    }
    if (base !== srv.version) throw new Conflict({ version: srv.version, content: srv.content });
    srv.version += 1;
    srv.content = doc;
    return { version: srv.version };
  });
  return { srv, save };
}

function setup(start?: { version: number; content: string }) {
  const { srv, save } = fakeServer(start);
  let doc = start?.content ?? '';
  const states: SaveState[] = [];
  const conflicts: Array<{ server: { version: number; content: string }; mine: string }> = [];
  const ctl = new AutosaveController<string>({
    baseVersion: srv.version,
    save,
    conflictOf: (e) => (e instanceof Conflict ? e.data : null),
    getDoc: () => doc,
    onState: (s) => states.push(s),
    onConflict: (server, mine) => conflicts.push({ server, mine }),
  });
  return { srv, save, ctl, states, conflicts, type: (t: string) => ((doc = t), ctl.markDirty()) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AutosaveController', () => {
  it('debounces: one save 1.5 s after the last keystroke, with the version it was based on', async () => {
    const t = setup();
    t.type('a');
    await vi.advanceTimersByTimeAsync(1000);
    t.type('ab');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(t.srv.calls).toEqual([{ doc: 'ab', base: 0 }]);
    expect(t.ctl.current).toBe('saved');
    t.type('abc');
    await vi.advanceTimersByTimeAsync(1600);
    expect(t.srv.calls[1]).toEqual({ doc: 'abc', base: 1 });
    expect(t.states).toEqual(['dirty', 'saving', 'saved', 'dirty', 'saving', 'saved']);
  });

  it('typing during a save is saved right after, never lost', async () => {
    const t = setup();
    let release!: () => void;
    t.save.mockImplementationOnce(async (doc: string, base: number) => {
      await new Promise<void>((r) => (release = r));
      t.srv.calls.push({ doc, base });
      t.srv.version += 1;
      t.srv.content = doc;
      return { version: t.srv.version };
    });
    t.type('one');
    await vi.advanceTimersByTimeAsync(1500);
    t.type('one two');
    release();
    await vi.advanceTimersByTimeAsync(1600);
    expect(t.srv.content).toBe('one two');
    expect(t.srv.calls.map((c) => c.base)).toEqual([0, 1]);
    expect(t.ctl.hasUnsaved).toBe(false);
  });

  it('flush saves at once (before switching chapter)', async () => {
    const t = setup();
    t.type('x');
    await t.ctl.flush();
    expect(t.srv.content).toBe('x');
  });

  it('a stale save pauses and hands over both texts; "mine" overwrites on top of the server version', async () => {
    const t = setup({ version: 0, content: '' });
    // Another tab saved in between.
    t.srv.version = 4;
    t.srv.content = 'their text';
    t.type('my text');
    await vi.advanceTimersByTimeAsync(1500);
    expect(t.ctl.current).toBe('conflict');
    expect(t.conflicts).toEqual([{ server: { version: 4, content: 'their text' }, mine: 'my text' }]);
    // Paused: more typing does not save over the other text.
    t.type('my text more');
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.srv.content).toBe('their text');
    expect(t.ctl.hasUnsaved).toBe(true);
    await t.ctl.resolveConflict('mine', 4);
    expect(t.srv.content).toBe('my text more');
    expect(t.srv.version).toBe(5);
    expect(t.ctl.current).toBe('saved');
  });

  it('"server" adopts the server version and saves nothing', async () => {
    const t = setup();
    t.srv.version = 2;
    t.srv.content = 'theirs';
    t.type('mine');
    await vi.advanceTimersByTimeAsync(1500);
    await t.ctl.resolveConflict('server', 2);
    expect(t.ctl.baseVersion).toBe(2);
    expect(t.ctl.hasUnsaved).toBe(false);
    t.type('theirs, edited');
    await vi.advanceTimersByTimeAsync(1500);
    expect(t.srv.content).toBe('theirs, edited');
  });

  it('a failed save keeps the change and retries', async () => {
    const t = setup();
    t.srv.fail = 1;
    t.type('draft');
    await vi.advanceTimersByTimeAsync(1500);
    expect(t.ctl.current).toBe('error');
    expect(t.ctl.hasUnsaved).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.srv.content).toBe('draft');
    expect(t.ctl.current).toBe('saved');
  });
});

describe('AutosaveController, failures that retrying cannot fix', () => {
  it('stops and reports, keeping the change unsaved', async () => {
    const fatal: unknown[] = [];
    let doc = '';
    const save = vi.fn(async () => {
      throw Object.assign(new Error('标书已完成，只能查看，不能修改'), { code: 601 });
    });
    const ctl = new AutosaveController<string>({
      baseVersion: 0,
      save,
      conflictOf: () => null,
      getDoc: () => doc,
      isFatal: (e) => (e as { code?: number }).code === 601,
      onFatal: (e) => fatal.push(e),
    });
    doc = 'x';
    ctl.markDirty();
    await vi.advanceTimersByTimeAsync(1500);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(fatal).toHaveLength(1);
    expect(ctl.hasUnsaved).toBe(true);
  });
});

describe('local drafts and document comparison', () => {
  it('writes, reads and clears a draft per chapter', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as unknown as Storage;
    writeDraft('c1', { baseVersion: 3, content: { type: 'doc' }, savedAt: 1 }, storage);
    expect(readDraft('c1', storage)).toEqual({ baseVersion: 3, content: { type: 'doc' }, savedAt: 1 });
    expect(readDraft('c2', storage)).toBeNull();
    clearDraft('c1', storage);
    expect(readDraft('c1', storage)).toBeNull();
  });

  it('sameDoc ignores key order and undefined keys', () => {
    expect(
      sameDoc(
        { type: 'doc', content: [{ type: 'p', attrs: { a: 1, b: 2 } }] },
        { content: [{ attrs: { b: 2, a: 1 }, type: 'p', marks: undefined }], type: 'doc' },
      ),
    ).toBe(true);
    expect(sameDoc({ type: 'doc', content: [] }, { type: 'doc', content: [{ type: 'p' }] })).toBe(false);
  });
});
