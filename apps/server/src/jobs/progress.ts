import type { JobContext, JobHandler, JobProgress, JobRecord } from './queue.ts';

/** Writes a job's progress where its screens read it: the domain's own row (an export, a 查重). */
export type ProgressSink<P> = (job: JobRecord<P>, progress: JobProgress) => Promise<unknown>;

/** Progress reaches the database at most this often; a new stage and the end are written at once. */
export const PROGRESS_INTERVAL_MS = 500;

/** A JobProgress for work made of `total` items of which `done` (and `failed`) are finished. */
export function countedProgress(
  counts: { done: number; failed: number; total: number },
  stage: string | null = null,
): JobProgress {
  const finished = counts.done + counts.failed;
  const percent = counts.total ? Math.round((100 * finished) / counts.total) : 100;
  return { percent, stage, ...counts };
}

/**
 * Every job reports progress the same way, through `JobContext.setProgress`; this wraps a handler so
 * that each report is also written to the domain row by `sink`, and decides in one place how often
 * either write happens (a busy job calls it far more often than anyone looks).
 */
export function reportingProgress<P>(
  handler: JobHandler<P>,
  sink: ProgressSink<P> | null = null,
  intervalMs = PROGRESS_INTERVAL_MS,
): JobHandler<P> {
  return (ctx: JobContext<P>) => {
    let last: { at: number; stage: string | null } | null = null;
    const setProgress = async (p: JobProgress): Promise<void> => {
      const now = Date.now();
      if (last && last.stage === p.stage && p.percent < 100 && now - last.at < intervalMs) return;
      last = { at: now, stage: p.stage };
      if (sink) await sink(ctx.job, p);
      await ctx.setProgress(p);
    };
    return handler({
      job: ctx.job,
      signal: ctx.signal,
      abortReason: () => ctx.abortReason(),
      setProgress,
      emit: (type, data) => ctx.emit(type, data),
      publish: (type, data) => ctx.publish(type, data),
    });
  };
}
