/**
 * The job queue seam: long work (AI full-text writing, file interpretation, 查重, background Word
 * exports) runs as durable jobs that survive a closed tab and a server restart. The implementation
 * is a SQL lease table (SQLite or PostgreSQL, shared by every instance through the database).
 */

import type { JobStatus } from '@bid/shared';

export type { JobStatus };

export interface JobRecord<P = unknown> {
  id: string;
  kind: string;
  dedupeKey: string | null;
  ownerId: string | null;
  payload: P;
  status: JobStatus;
  attempts: number;
  cancelRequested: boolean;
  progress: unknown;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export type AbortReason = 'cancelled' | 'lease_lost' | 'shutdown';

export interface JobEvent {
  jobId: string;
  /** Position in the job's event log; absent for live-only events (e.g. streamed text). */
  seq?: number;
  type: string;
  data: unknown;
}

/**
 * What every job reports while it runs, whatever its kind: how far (0-100) and the stage the user
 * reads (Chinese); counts where the work is made of items (chapters). Screens read it from the
 * domain's own row (export_jobs, diffs, interpretations), which jobs/progress.ts keeps in step.
 */
export interface JobProgress {
  percent: number;
  stage: string | null;
  done?: number;
  failed?: number;
  total?: number;
}

export interface JobContext<P = unknown> {
  job: JobRecord<P>;
  /** Aborted when the job is cancelled, its lease is lost, or the queue stops. */
  signal: AbortSignal;
  abortReason(): AbortReason | null;
  /** The one way a job reports progress (stored with the job; see jobs/progress.ts for the domain row). */
  setProgress(progress: JobProgress): Promise<void>;
  /** Appends to the job's event log (replayed to a reconnecting page). */
  emit(type: string, data: unknown): Promise<number>;
  /** A live-only event (not stored): for streamed text. */
  publish(type: string, data: unknown): void;
}

export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<unknown>;

export interface EnqueueOptions {
  /** At most one queued/running job per key; a second enqueue throws JobConflictError. */
  dedupeKey?: string;
  ownerId?: string;
  /** Claims before the job is given up (a job that keeps killing its process). */
  maxAttempts?: number;
}

/** How a kind of job shares a worker's slots. */
export interface RegisterOptions {
  /**
   * Runs for minutes to hours (full-text writing of a whole bid). Long jobs together take at most
   * all but one of a worker's slots: a short job (a tender analysis, an export, 查重) never waits
   * behind other people's long writing for a slot to come free.
   */
  long?: boolean;
}

export class JobConflictError extends Error {
  constructor(readonly existing: JobRecord | null) {
    super('a live job holds this key');
  }
}

/** The per-job event log and live fan-out. */
export interface JobEvents {
  append(jobId: string, type: string, data: unknown): Promise<number>;
  since(jobId: string, afterSeq: number, limit?: number): Promise<JobEvent[]>;
  /** Live events of a job (logged ones with their seq, live-only without). */
  subscribe(jobId: string, fn: (e: JobEvent) => void): () => void;
  publish(e: JobEvent): void;
}

export interface JobQueue {
  readonly events: JobEvents;
  register<P>(kind: string, handler: JobHandler<P>, opts?: RegisterOptions): void;
  enqueue<P>(kind: string, payload: P, opts?: EnqueueOptions): Promise<JobRecord<P>>;
  get(id: string): Promise<JobRecord | null>;
  /** The queued or running job of a key. */
  findLive(dedupeKey: string): Promise<JobRecord | null>;
  /** The newest job of a key, whatever its state. */
  latest(dedupeKey: string): Promise<JobRecord | null>;
  /** Asks a job to stop; a queued job is cancelled at once. False when it had already ended. */
  cancel(id: string): Promise<boolean>;
  /** Starts claiming jobs. */
  start(): void;
  /** Stops claiming; running jobs are aborted and released so that another worker resumes them. */
  stop(): Promise<void>;
}
