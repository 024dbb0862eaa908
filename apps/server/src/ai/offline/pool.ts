import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { AI_MESSAGES } from '@bid/shared';
import { AiError } from '../errors.ts';
import type { OfflineResults, OfflineRunner, OfflineTask } from './tasks.ts';
import type { FromOfflineWorker, ToOfflineWorker } from './worker.ts';

/** How long one task may run before its worker is replaced (a 300-page tender's analysis takes seconds). */
export const OFFLINE_TASK_LIMIT_MS: Record<OfflineTask['kind'], number> = {
  analyze: 120_000,
  outline: 60_000,
  children: 30_000,
  chapter: 30_000,
};

interface Pending {
  taskId: number;
  task: OfflineTask;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

/**
 * The offline engine's CPU work (tender analysis, outlines, chapter drafts) in a few worker threads,
 * so that writing a 120-chapter bid or analysing a long tender never stalls the server's other
 * requests. Same model as the export pool: tasks queue when every worker is busy; a task past its
 * time limit or a dead worker costs that worker (terminated, replaced), never the server.
 */
export class OfflinePool implements OfflineRunner {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly log: Pick<Logger, 'warn'> | null = null,
    private readonly limits: Record<OfflineTask['kind'], number> = OFFLINE_TASK_LIMIT_MS,
  ) {}

  /** Starts one worker ahead of the first task (module loading takes a second on a cold process). */
  prewarm(): void {
    if (!this.closed && this.slots.size === 0) this.spawn();
  }

  run<K extends OfflineTask['kind']>(task: Extract<OfflineTask, { kind: K }>): Promise<OfflineResults[K]> {
    if (this.closed) return Promise.reject(new AiError('server', AI_MESSAGES.modelFailed));
    return new Promise<OfflineResults[K]>((resolve, reject) => {
      this.queue.push({ taskId: this.nextId++, task, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.current);
      if (!slot && this.slots.size < this.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT);
    const slot: Slot = { worker, current: null };
    worker.on('message', (msg: FromOfflineWorker) => this.onMessage(slot, msg));
    worker.on('error', (err) => this.fail(slot, new AiError('server', AI_MESSAGES.modelFailed, false, err)));
    worker.on('exit', (code) => {
      if (this.slots.has(slot)) this.fail(slot, new AiError('server', AI_MESSAGES.modelFailed, false, new Error(`offline worker exited with code ${code}`)));
    });
    // An idle worker must not keep the process alive at shutdown.
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, p: Pending): void {
    slot.current = p;
    const limit = this.limits[p.task.kind];
    p.timer = setTimeout(() => this.fail(slot, new AiError('timeout', AI_MESSAGES.timeout, false, new Error(`offline ${p.task.kind} ran longer than ${limit} ms`))), limit);
    p.timer.unref();
    const msg: ToOfflineWorker = { taskId: p.taskId, task: p.task };
    slot.worker.postMessage(msg);
  }

  private onMessage(slot: Slot, msg: FromOfflineWorker): void {
    const p = slot.current;
    if (!p || msg.taskId !== p.taskId) return;
    clearTimeout(p.timer);
    slot.current = null;
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new AiError('server', AI_MESSAGES.modelFailed, false, new Error(msg.message)));
    this.pump();
  }

  /** The worker is gone or stuck: fail its task, terminate and forget it, carry on with the queue. */
  private fail(slot: Slot, err: AiError): void {
    if (!this.slots.delete(slot)) return;
    const p = slot.current;
    slot.current = null;
    if (p) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.log?.warn({ err: err.cause instanceof Error ? err.cause.message : err.message }, 'offline worker stopped');
    void slot.worker.terminate().catch(() => {});
    if (!this.closed) this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new AiError('aborted', '已取消'));
    const slots = [...this.slots];
    this.slots.clear();
    for (const s of slots) {
      if (s.current) {
        clearTimeout(s.current.timer);
        s.current.reject(new AiError('aborted', '已取消'));
      }
    }
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => 0)));
  }
}
