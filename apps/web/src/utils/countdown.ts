import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@bid/shared';

/**
 * The countdown helper of SPEC section 4: start, pause, resume, stop, reset; ticks every
 * LIMITS.countdownTickMs by default and fires the end action at zero exactly once per run.
 *
 * Time is measured against the clock, not by counting timer callbacks, so a background tab whose
 * timers the browser throttles still shows the right number when it wakes up.
 */
export interface CountdownOptions {
  /** Number of ticks to count down (seconds with the default tick). */
  seconds: number;
  tickMs?: number;
  /** Called with the remaining ticks whenever the number changes (and on start/reset). */
  onTick?: (remaining: number) => void;
  onEnd?: () => void;
}

export interface Countdown {
  /** Start from the full count (restarts a running or finished countdown). */
  start(): void;
  pause(): void;
  resume(): void;
  /** Stop without firing the end action; remaining becomes 0. */
  stop(): void;
  /** Stop and go back to the full count (or a new one) without starting. */
  reset(seconds?: number): void;
  readonly remaining: number;
  readonly running: boolean;
  readonly paused: boolean;
}

export function createCountdown({
  seconds,
  tickMs = LIMITS.countdownTickMs,
  onTick,
  onEnd,
}: CountdownOptions): Countdown {
  let total = Math.max(0, Math.floor(seconds));
  let remainingMs = total * tickMs;
  let endsAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let paused = false;
  let shown = total;
  let ended = false;

  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const show = (value: number) => {
    if (value === shown) return;
    shown = value;
    onTick?.(value);
  };
  const finish = () => {
    clear();
    running = false;
    remainingMs = 0;
    show(0);
    if (!ended) {
      ended = true;
      onEnd?.();
    }
  };
  const schedule = () => {
    clear();
    const left = endsAt - Date.now();
    if (left <= 0) {
      finish();
      return;
    }
    show(Math.ceil(left / tickMs));
    // Wake exactly when the shown number next changes.
    const untilNext = left - (Math.ceil(left / tickMs) - 1) * tickMs;
    timer = setTimeout(schedule, untilNext);
  };
  const run = () => {
    running = true;
    paused = false;
    endsAt = Date.now() + remainingMs;
    if (remainingMs <= 0) {
      finish();
      return;
    }
    schedule();
  };

  return {
    start() {
      clear();
      remainingMs = total * tickMs;
      ended = false;
      shown = -1;
      show(total);
      run();
    },
    pause() {
      if (!running) return;
      clear();
      remainingMs = Math.max(0, endsAt - Date.now());
      running = false;
      paused = true;
    },
    resume() {
      if (!paused) return;
      run();
    },
    stop() {
      clear();
      running = false;
      paused = false;
      remainingMs = 0;
      ended = true;
      show(0);
    },
    reset(next?: number) {
      clear();
      if (next !== undefined) total = Math.max(0, Math.floor(next));
      running = false;
      paused = false;
      ended = false;
      remainingMs = total * tickMs;
      shown = -1;
      show(total);
    },
    get remaining() {
      return running
        ? Math.max(0, Math.ceil((endsAt - Date.now()) / tickMs))
        : Math.ceil(remainingMs / tickMs);
    },
    get running() {
      return running;
    },
    get paused() {
      return paused;
    },
  };
}

/**
 * React binding, e.g. the SMS resend button:
 * `const cd = useCountdown(60); <Button disabled={cd.running} onClick={send}>{cd.running ? `${cd.remaining}s` : '获取验证码'}</Button>`
 * where `send` calls `cd.start()` once the code went out. Starts idle (remaining 0 until started).
 */
export function useCountdown(seconds: number, options: { tickMs?: number; onEnd?: () => void } = {}) {
  const [remaining, setRemaining] = useState(0);
  const [running, setRunning] = useState(false);
  const onEndRef = useRef(options.onEnd);
  onEndRef.current = options.onEnd;
  const ref = useRef<Countdown | null>(null);

  useEffect(() => {
    const cd = createCountdown({
      seconds,
      tickMs: options.tickMs,
      onTick: (n) => setRemaining(n),
      onEnd: () => {
        setRunning(false);
        onEndRef.current?.();
      },
    });
    ref.current = cd;
    return () => {
      cd.stop();
      ref.current = null;
    };
  }, [seconds, options.tickMs]);

  const start = useCallback(() => {
    ref.current?.start();
    setRunning(true);
  }, []);
  const pause = useCallback(() => {
    ref.current?.pause();
    setRunning(false);
  }, []);
  const resume = useCallback(() => {
    ref.current?.resume();
    setRunning(Boolean(ref.current?.running));
  }, []);
  const stop = useCallback(() => {
    ref.current?.stop();
    setRunning(false);
  }, []);
  const reset = useCallback(() => {
    ref.current?.reset();
    setRunning(false);
    setRemaining(0);
  }, []);

  return { remaining, running, start, pause, resume, stop, reset };
}
