import type { AbortReason, JobRecord } from './queue.ts';
import type { JobTable } from './tables.ts';

/**
 * How a run ended for the dispatcher: done, cancelled, given back (shutdown: queued again), lost
 * (another worker took the lease), failed for good, or given back for a retry the dispatcher
 * schedules (BullMQ's backoff).
 */
export type RunOutcome = 'done' | 'cancelled' | 'released' | 'lost' | 'failed' | 'retry';

/** A job row as the queue hands it out (its JSON fields parsed; unreadable JSON reads as null). */
export function toRecord<P>(r: JobTable): JobRecord<P> {
  let payload: unknown = null;
  let progress: unknown = null;
  try {
    payload = JSON.parse(r.payload);
  } catch {
    /* keep null */
  }
  try {
    progress = r.progress ? JSON.parse(r.progress) : null;
  } catch {
    /* keep null */
  }
  return {
    id: r.id,
    kind: r.kind,
    dedupeKey: r.dedupe_key,
    ownerId: r.owner_id,
    payload: payload as P,
    status: r.status,
    attempts: r.attempts,
    cancelRequested: r.cancel_requested === 1,
    progress,
    error: r.error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export function outcomeOf(reason: AbortReason | null, otherwise: RunOutcome): RunOutcome {
  if (reason === 'cancelled') return 'cancelled';
  if (reason === 'shutdown') return 'released';
  if (reason === 'lease_lost') return 'lost';
  return otherwise;
}
