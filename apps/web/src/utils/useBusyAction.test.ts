import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MSG } from '@bid/shared';
import { ApiError } from '../api/errors.ts';
import { recordFeedback } from '../api/testkit.ts';
import { useBusyAction } from './useBusyAction.ts';

describe('useBusyAction', () => {
  let fb: ReturnType<typeof recordFeedback>;
  beforeEach(() => {
    fb = recordFeedback();
  });
  afterEach(() => fb.undo());

  it('marks the running action busy and clears it when done', async () => {
    const { result } = renderHook(() => useBusyAction<'save' | 'restore'>());
    let release!: () => void;
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.run('save', () => new Promise<void>((r) => (release = r)));
    });
    expect(result.current.busy).toBe('save');
    await act(async () => {
      release();
      expect(await done).toBe(true);
    });
    expect(result.current.busy).toBeNull();
  });

  it('ignores a second action while one runs (a double click)', async () => {
    const { result } = renderHook(() => useBusyAction());
    const second = vi.fn(async () => {});
    let release!: () => void;
    let first!: Promise<boolean>;
    await act(async () => {
      first = result.current.run('a', () => new Promise<void>((r) => (release = r)));
      expect(await result.current.run('b', second)).toBe(false);
      release();
      await first;
    });
    expect(second).not.toHaveBeenCalled();
  });

  it('leaves a call failure to the request layer, and tells the user about any other failure', async () => {
    const { result } = renderHook(() => useBusyAction());
    await act(async () => {
      expect(
        await result.current.run('a', () =>
          Promise.reject(new ApiError('余额不足', { kind: 'business', code: 601 })),
        ),
      ).toBe(false);
    });
    expect(fb.toasts).toEqual([]);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      expect(await result.current.run('a', () => Promise.reject(new Error('editor gone')))).toBe(false);
    });
    spy.mockRestore();
    expect(fb.toasts.map((t) => t.content)).toEqual([MSG.actionFailed]);
    expect(result.current.busy).toBeNull();
  });
});
