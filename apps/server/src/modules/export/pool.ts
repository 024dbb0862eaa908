import type { Logger } from 'pino';
import type { ExportProgress } from '@bid/document/docx/types';
import type { ExportTask, FromWorker } from './protocol.ts';
import { WorkerPool } from '../../lib/worker-pool.ts';

/** Why a task failed in a way the user should hear about differently. */
export class ExportTimeoutError extends Error {}
export class ExportWorkerError extends Error {}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

type ProgressListener = (p: ExportProgress) => void;

/**
 * A few long-lived worker threads that write .docx files, so a 300-page export never blocks the
 * event loop (lib/worker-pool.ts: queueing, time limits, replacing dead workers).
 */
export class ExportPool {
  private readonly pool: WorkerPool<ExportTask, FromWorker, Buffer, ProgressListener>;

  constructor(
    size: number,
    log: Logger,
    /** Heap limit per worker: a runaway document fails its export, not the process. */
    maxHeapMb = 1536,
  ) {
    this.pool = new WorkerPool<ExportTask, FromWorker, Buffer, ProgressListener>(
      {
        boot: BOOT,
        workerOptions: { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } },
        startMessage: (taskId, task) => ({ type: 'run', taskId, task }),
        settle: (msg, onProgress) => {
          if (msg.type === 'progress') {
            try {
              onProgress(msg.progress);
            } catch (err) {
              log.warn({ err }, 'export progress listener failed');
            }
            return null;
          }
          if (msg.type === 'done')
            return { value: Buffer.from(msg.file.buffer, msg.file.byteOffset, msg.file.byteLength) };
          return { error: new ExportWorkerError(msg.message) };
        },
        closedError: () => new ExportWorkerError('export pool closed'),
        deadError: (detail) => new ExportWorkerError(`export ${detail}`),
        timeoutError: (_task, ms) => new ExportTimeoutError(`export ran longer than ${ms} ms`),
        onWorkerStopped: (err) => log.warn({ err: err.message }, 'export worker stopped'),
      },
      size,
    );
  }

  /** Starts one worker ahead of the first export (its module loading takes seconds on a cold process). */
  prewarm(): void {
    this.pool.prewarm();
  }

  /** Tasks waiting for a worker (not counting the running ones). */
  get waiting(): number {
    return this.pool.waiting;
  }

  run(task: ExportTask, opts: { timeoutMs: number; onProgress?: ProgressListener }): Promise<Buffer> {
    return this.pool.run(task, opts.timeoutMs, opts.onProgress ?? (() => {}));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
