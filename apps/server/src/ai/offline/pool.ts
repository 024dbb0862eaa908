import type { Logger } from 'pino';
import { AI_MESSAGES } from '@bid/shared';
import { AiError } from '../errors.ts';
import type { OfflineResults, OfflineRunner, OfflineTask } from './tasks.ts';
import type { FromOfflineWorker, ToOfflineWorker } from './worker.ts';
import { WorkerPool } from '../../lib/worker-pool.ts';

/** How long one task may run before its worker is replaced (a 300-page tender's analysis takes seconds). */
export const OFFLINE_TASK_LIMIT_MS: Record<OfflineTask['kind'], number> = {
  analyze: 120_000,
  scoringFragment: 30_000,
  outline: 60_000,
  children: 30_000,
  chapter: 30_000,
};

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

const serverError = (detail: string) =>
  new AiError('server', AI_MESSAGES.modelFailed, false, new Error(detail));

/**
 * The offline engine's CPU work (tender analysis, outlines, chapter drafts) in a few worker threads,
 * so that writing a 120-chapter bid or analysing a long tender never stalls the server's other
 * requests. Same pool as the Word export (lib/worker-pool.ts): a task past its time limit or a dead
 * worker costs that worker (terminated, replaced), never the server.
 */
export class OfflinePool implements OfflineRunner {
  private readonly pool: WorkerPool<OfflineTask, FromOfflineWorker, unknown>;

  constructor(
    size: number,
    log: Pick<Logger, 'warn'> | null = null,
    private readonly limits: Record<OfflineTask['kind'], number> = OFFLINE_TASK_LIMIT_MS,
  ) {
    this.pool = new WorkerPool<OfflineTask, FromOfflineWorker, unknown>(
      {
        boot: BOOT,
        startMessage: (taskId, task): ToOfflineWorker => ({ taskId, task }),
        settle: (msg) => (msg.ok ? { value: msg.value } : { error: serverError(msg.message) }),
        closedError: () => new AiError('aborted', '已取消'),
        deadError: (detail) => serverError(`offline ${detail}`),
        timeoutError: (task, ms) =>
          new AiError(
            'timeout',
            AI_MESSAGES.timeout,
            false,
            new Error(`offline ${task.kind} ran longer than ${ms} ms`),
          ),
        onWorkerStopped: (err) =>
          log?.warn(
            { err: err.cause instanceof Error ? err.cause.message : err.message },
            'offline worker stopped',
          ),
      },
      size,
    );
  }

  /** Starts one worker ahead of the first task (module loading takes a second on a cold process). */
  prewarm(): void {
    this.pool.prewarm();
  }

  run<K extends OfflineTask['kind']>(task: Extract<OfflineTask, { kind: K }>): Promise<OfflineResults[K]> {
    // The worker answers the result of the task's own kind (worker.ts runs the same dispatch).
    return this.pool.run(task, this.limits[task.kind], undefined) as Promise<OfflineResults[K]>;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
