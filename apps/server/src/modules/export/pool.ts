import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { ExportProgress } from '@bid/document/docx/types';
import type { ExportTask, FromWorker } from './protocol.ts';

/** Why a task failed in a way the user should hear about differently. */
export class ExportTimeoutError extends Error {}
export class ExportWorkerError extends Error {}

interface Pending {
  taskId: number;
  task: ExportTask;
  onProgress: (p: ExportProgress) => void;
  resolve: (file: Buffer) => void;
  reject: (err: Error) => void;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

/**
 * A few long-lived worker threads that write .docx files, so a 300-page export never blocks the
 * event loop. Tasks queue when all are busy. A task that runs past its time limit, or a worker that
 * dies, costs that worker (it is terminated and replaced), never the server.
 */
export class ExportPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly log: Logger,
    /** Heap limit per worker: a runaway document fails its export, not the process. */
    private readonly maxHeapMb = 1536,
  ) {}

  /** Starts one worker ahead of the first export (its module loading takes seconds on a cold process). */
  prewarm(): void {
    if (!this.closed && this.slots.size === 0) this.spawn();
  }

  /** Tasks waiting for a worker (not counting the running ones). */
  get waiting(): number {
    return this.queue.length;
  }

  run(task: ExportTask, opts: { timeoutMs: number; onProgress?: (p: ExportProgress) => void }): Promise<Buffer> {
    if (this.closed) return Promise.reject(new ExportWorkerError('export pool closed'));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ taskId: this.nextId++, task, onProgress: opts.onProgress ?? (() => {}), resolve, reject, timeoutMs: opts.timeoutMs });
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
    const worker = new Worker(BOOT, { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } });
    const slot: Slot = { worker, current: null };
    worker.on('message', (msg: FromWorker) => this.onMessage(slot, msg));
    worker.on('error', (err) => this.fail(slot, new ExportWorkerError(err.message)));
    worker.on('exit', (code) => {
      if (this.slots.has(slot)) this.fail(slot, new ExportWorkerError(`export worker exited with code ${code}`));
    });
    // An idle worker must not keep the process alive at shutdown.
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, p: Pending): void {
    slot.current = p;
    p.timer = setTimeout(() => this.fail(slot, new ExportTimeoutError(`export ran longer than ${p.timeoutMs} ms`)), p.timeoutMs);
    p.timer.unref();
    slot.worker.postMessage({ type: 'run', taskId: p.taskId, task: p.task });
  }

  private onMessage(slot: Slot, msg: FromWorker): void {
    const p = slot.current;
    if (!p || msg.taskId !== p.taskId) return;
    if (msg.type === 'progress') {
      try {
        p.onProgress(msg.progress);
      } catch (err) {
        this.log.warn({ err }, 'export progress listener failed');
      }
      return;
    }
    clearTimeout(p.timer);
    slot.current = null;
    if (msg.type === 'done') p.resolve(Buffer.from(msg.file.buffer, msg.file.byteOffset, msg.file.byteLength));
    else p.reject(new ExportWorkerError(msg.message));
    this.pump();
  }

  /** The worker is gone or stuck: fail its task, terminate and forget it, carry on with the queue. */
  private fail(slot: Slot, err: Error): void {
    if (!this.slots.delete(slot)) return;
    const p = slot.current;
    slot.current = null;
    if (p) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.log.warn({ err: err.message }, 'export worker stopped');
    void slot.worker.terminate().catch(() => {});
    if (!this.closed) this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new ExportWorkerError('export pool closed'));
    const slots = [...this.slots];
    this.slots.clear();
    for (const s of slots) {
      if (s.current) {
        clearTimeout(s.current.timer);
        s.current.reject(new ExportWorkerError('export pool closed'));
      }
    }
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => 0)));
  }
}
