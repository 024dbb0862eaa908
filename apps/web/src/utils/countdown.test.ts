import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@bid/shared';
import { createCountdown, useCountdown } from './countdown.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCountdown', () => {
  it('ticks every LIMITS.countdownTickMs by default and fires the end action at zero exactly once', () => {
    const ticks: number[] = [];
    const onEnd = vi.fn();
    const cd = createCountdown({ seconds: 3, onTick: (n) => ticks.push(n), onEnd });
    expect(LIMITS.countdownTickMs).toBe(1000);
    cd.start();
    expect(cd.running).toBe(true);
    expect(ticks).toEqual([3]);
    vi.advanceTimersByTime(999);
    expect(ticks).toEqual([3]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([3, 2]);
    vi.advanceTimersByTime(2000);
    expect(ticks).toEqual([3, 2, 1, 0]);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(cd.running).toBe(false);
    expect(cd.remaining).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('honours a custom tick', () => {
    const ticks: number[] = [];
    const cd = createCountdown({ seconds: 2, tickMs: 100, onTick: (n) => ticks.push(n) });
    cd.start();
    vi.advanceTimersByTime(200);
    expect(ticks).toEqual([2, 1, 0]);
  });

  it('pause keeps the remaining time (mid-tick too) and resume continues from it', () => {
    const onEnd = vi.fn();
    const cd = createCountdown({ seconds: 5, onEnd });
    cd.start();
    vi.advanceTimersByTime(2500);
    expect(cd.remaining).toBe(3);
    cd.pause();
    expect(cd.paused).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(cd.remaining).toBe(3);
    expect(onEnd).not.toHaveBeenCalled();
    cd.resume();
    vi.advanceTimersByTime(2499);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('stop ends without the end action; reset returns to the full count, idle', () => {
    const onEnd = vi.fn();
    const cd = createCountdown({ seconds: 4, onEnd });
    cd.start();
    vi.advanceTimersByTime(1000);
    cd.stop();
    expect(cd.remaining).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(onEnd).not.toHaveBeenCalled();
    cd.reset();
    expect([cd.remaining, cd.running]).toEqual([4, false]);
    vi.advanceTimersByTime(10_000);
    expect(onEnd).not.toHaveBeenCalled();
    cd.reset(2);
    cd.start();
    vi.advanceTimersByTime(2000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('start restarts a finished countdown and fires again at the next zero', () => {
    const onEnd = vi.fn();
    const cd = createCountdown({ seconds: 1, onEnd });
    cd.start();
    vi.advanceTimersByTime(1000);
    cd.start();
    expect(cd.remaining).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(onEnd).toHaveBeenCalledTimes(2);
  });

  it('a throttled background tab still lands on the right number', () => {
    const ticks: number[] = [];
    const cd = createCountdown({ seconds: 60, onTick: (n) => ticks.push(n) });
    cd.start();
    // The clock jumps 30 s while no timer ran.
    vi.setSystemTime(Date.now() + 30_000);
    vi.advanceTimersByTime(1000);
    expect(cd.remaining).toBe(29);
    expect(ticks.at(-1)).toBe(29);
  });

  it('zero seconds ends at once', () => {
    const onEnd = vi.fn();
    createCountdown({ seconds: 0, onEnd }).start();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});

describe('useCountdown', () => {
  it('drives an SMS resend button', () => {
    const onEnd = vi.fn();
    const { result, unmount } = renderHook(() => useCountdown(60, { onEnd }));
    expect([result.current.running, result.current.remaining]).toEqual([false, 0]);
    act(() => result.current.start());
    expect([result.current.running, result.current.remaining]).toEqual([true, 60]);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(59);
    act(() => void vi.advanceTimersByTime(59_000));
    expect([result.current.running, result.current.remaining]).toEqual([false, 0]);
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => result.current.start());
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
