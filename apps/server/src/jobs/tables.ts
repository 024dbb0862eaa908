import type { JobStatus } from '@bid/shared';

/** Table types of the durable job queue (migration 0301_jobs). */

export interface JobTable {
  id: string;
  kind: string;
  /** At most one queued/running job per key (e.g. `fulltext:<bidId>`); a partial unique index holds it. */
  dedupe_key: string | null;
  owner_id: string | null;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  /** Worker id holding the lease; null when not running. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  cancel_requested: number;
  /** JSON progress the handler reports (e.g. { done, total }). */
  progress: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** The event log of a job (SSE replays it after a reconnect with Last-Event-ID). */
export interface JobEventTable {
  job_id: string;
  seq: number;
  type: string;
  data: string;
  created_at: string;
}
