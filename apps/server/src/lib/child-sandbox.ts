import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Semaphore } from '../ai/semaphore.ts';

/**
 * Runs untrusted work (parsing uploaded files, rasterising pictures) in child processes with hard
 * limits. Worker threads are not enough: their `resourceLimits` bound the JS heap only, while
 * inflated PDF streams, decoded images and native renderers (resvg) live outside it, and the memory
 * a thread used stays with the server process. A child has a heap limit (--max-old-space-size), an
 * RSS watchdog that kills it past `rssMb`, and a time limit; when it ends, the operating system
 * takes all its memory back.
 */
export interface SandboxOptions {
  /** Module URL exporting `handle(payload): Promise<result>`. */
  entry: URL;
  /** Packages imported before the TypeScript loader (fast start for heavy JavaScript). */
  preload?: string[];
  heapMb: number;
  rssMb: number;
  timeoutMs: number;
  /** Tasks at the same time, each in its own child. */
  parallel?: number;
  /**
   * Keep a child for the next task unless its RSS after a task is above this (a child that read
   * something big is replaced, so that memory goes back to the system at once); without it every
   * task gets a fresh child. A child that timed out, crashed or was killed is never reused; one whose
   * task threw (a file refused with a reason) is.
   */
  reuseBelowRssMb?: number;
  /** A reused child retires after this many tasks (slow leaks in a parser never pile up). */
  maxTasksPerChild?: number;
  /** An idle child retires after this long unused (its memory back to the system). */
  idleMs?: number;
  /**
   * Idle children kept started once the sandbox was used or warmed: a task finds its modules loaded
   * instead of waiting for a process to start. Replacements start in the background.
   */
  keepWarm?: number;
}

export type SandboxFailure = 'timeout' | 'memory' | 'crash' | 'cancelled';

/** The child was killed or died; `reason` says why. Errors thrown by the task come back as TaskError. */
export class SandboxKilled extends Error {
  constructor(readonly reason: SandboxFailure) {
    super(`sandbox child ${reason}`);
  }
}

export class SandboxTaskError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail || code);
  }
}

const BOOT = new URL('./child-worker-boot.mjs', import.meta.url);
const WATCH_MS = 50;
/** Longest a child may take to start (load its modules) before its task's own time limit begins. */
const STARTUP_MS = 15_000;

/** Resident set size of a process in MB (Linux /proc); null where that cannot be read. */
export function rssMbOf(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function setRef(child: Child, on: boolean): void {
  if (on) {
    child.proc.ref();
    child.proc.channel?.ref();
  } else {
    child.proc.unref();
    child.proc.channel?.unref();
  }
}

interface Child {
  proc: ChildProcess;
  ready: Promise<void>;
  tasks: number;
  idleTimer?: NodeJS.Timeout;
}

export class ChildSandbox {
  private readonly sem: Semaphore;
  private readonly idle: Child[] = [];
  private readonly live = new Set<Child>();
  private nextId = 1;
  private closed = false;
  private warmed = false;

  constructor(private readonly opts: SandboxOptions) {
    this.sem = new Semaphore(opts.parallel ?? 1);
  }

  /** Children alive right now (for tests: none may be left after a fresh-child task). */
  get childCount(): number {
    return this.live.size;
  }

  /** Idle children ready for a task right now. */
  get idleCount(): number {
    return this.idle.length;
  }

  /**
   * Runs one task; `timeoutMs` overrides the sandbox's time limit for this task. An aborted `signal`
   * kills the task's child (its work stops at once) and rejects with SandboxKilled('cancelled').
   */
  run<T>(payload: unknown, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> {
    if (this.closed) return Promise.reject(new SandboxKilled('crash'));
    if (opts.signal?.aborted) return Promise.reject(new SandboxKilled('cancelled'));
    this.warmed = true;
    return this.sem.run(() => this.runOnce<T>(payload, opts.timeoutMs ?? this.opts.timeoutMs, opts.signal));
  }

  /** Starts the warm children now (server start), so that the first task does not wait for them. */
  warm(): void {
    this.warmed = true;
    this.topUp();
  }

  /** Starts idle children in the background until `keepWarm` are ready or starting. */
  private topUp(): void {
    const want = this.opts.keepWarm ?? 0;
    if (this.closed || !this.warmed || !want) return;
    const busy = this.live.size - this.idle.length;
    const room = this.sem.max - busy;
    while (this.idle.length < Math.min(want, room)) {
      const child = this.spawn();
      this.park(child);
    }
  }

  /** An idle child: it does not keep the server alive at shutdown, and retires when unused. */
  private park(child: Child): void {
    setRef(child, false);
    if (this.opts.idleMs) {
      child.idleTimer = setTimeout(() => this.kill(child), this.opts.idleMs);
      child.idleTimer.unref();
    }
    this.idle.push(child);
  }

  private unpark(): Child | undefined {
    const child = this.idle.pop();
    if (child?.idleTimer) clearTimeout(child.idleTimer);
    return child;
  }

  private spawn(): Child {
    const proc = fork(BOOT, [this.opts.entry.href, (this.opts.preload ?? []).join(',')], {
      // The parent's --import tsx would load the loader a second time; the bootstrap does it.
      execArgv: [`--max-old-space-size=${this.opts.heapMb}`, '--max-semi-space-size=16'],
      serialization: 'advanced',
      // Parser chatter (pdf.js warnings) must not reach the server's output.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMsg = (m: { ready?: boolean }) => {
        if (m?.ready) {
          proc.off('message', onMsg);
          resolve();
        }
      };
      proc.on('message', onMsg);
      proc.once('exit', () => reject(new SandboxKilled('crash')));
      proc.once('error', () => reject(new SandboxKilled('crash')));
    });
    ready.catch(() => {});
    const child: Child = { proc, ready, tasks: 0 };
    this.live.add(child);
    proc.once('exit', () => {
      this.live.delete(child);
      const i = this.idle.indexOf(child);
      if (i >= 0) this.idle.splice(i, 1);
      if (child.idleTimer) clearTimeout(child.idleTimer);
    });
    return child;
  }

  private kill(child: Child): void {
    this.live.delete(child);
    const i = this.idle.indexOf(child);
    if (i >= 0) this.idle.splice(i, 1);
    if (child.idleTimer) clearTimeout(child.idleTimer);
    if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
  }

  private async runOnce<T>(payload: unknown, timeoutMs: number, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new SandboxKilled('cancelled');
    const child = this.unpark() ?? this.spawn();
    child.tasks += 1;
    setRef(child, true);
    const id = this.nextId++;
    const { proc } = child;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        signal?.removeEventListener('abort', onAbort);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        const rss = keep ? rssMbOf(proc.pid ?? -1) : null;
        if (
          keep &&
          !this.closed &&
          this.opts.reuseBelowRssMb &&
          rss !== null &&
          rss < this.opts.reuseBelowRssMb &&
          child.tasks < (this.opts.maxTasksPerChild ?? Infinity)
        )
          this.park(child);
        else this.kill(child);
        fn();
        // After the answer: a replacement's start never delays the task that just ended.
        setImmediate(() => this.topUp());
      };
      // The time limit counts from when the task is handed over; starting a child has its own.
      let timer = setTimeout(
        () => finish(() => reject(new SandboxKilled('timeout')), false),
        STARTUP_MS + timeoutMs,
      );
      const watch = setInterval(() => {
        const rss = rssMbOf(proc.pid ?? -1);
        if (rss !== null && rss > this.opts.rssMb) finish(() => reject(new SandboxKilled('memory')), false);
      }, WATCH_MS);
      const onMessage = (
        m: { id?: number } & ({ ok: true; result: T } | { ok?: false; code?: string; detail?: string }),
      ) => {
        if (m?.id !== id) return;
        if (m.ok) finish(() => resolve(m.result), true);
        else finish(() => reject(new SandboxTaskError(m.code ?? 'internal', m.detail ?? '')), true);
      };
      // A heap-limit abort ends the child with SIGABRT/SIGTRAP or code 134: that is memory too.
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        const oom = code === 134 || signal === 'SIGABRT' || signal === 'SIGTRAP';
        finish(() => reject(new SandboxKilled(oom ? 'memory' : 'crash')), false);
      };
      const onAbort = () => finish(() => reject(new SandboxKilled('cancelled')), false);
      signal?.addEventListener('abort', onAbort, { once: true });
      proc.on('message', onMessage);
      proc.on('exit', onExit);
      child.ready.then(
        () => {
          if (settled) return;
          clearTimeout(timer);
          timer = setTimeout(() => finish(() => reject(new SandboxKilled('timeout')), false), timeoutMs);
          proc.send({ id, payload });
        },
        () => finish(() => reject(new SandboxKilled('crash')), false),
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const c of [...this.live]) this.kill(c);
    this.idle.length = 0;
  }
}
