import type { Logger } from 'pino';
import type { EventBus } from './event-bus.ts';
import type { RunOutcome } from './job-record.ts';

/** How a SQL job queue runs: leases, polling, slots (long jobs keep one free), shutdown, reporting. */
export interface SqlJobQueueOptions {
  /** A claimed job is another worker's to take once its lease is this old without a heartbeat. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** How often idle workers look for jobs (an enqueue in this process wakes them at once). */
  pollMs?: number;
  /** Jobs one process runs at the same time. */
  maxRunning?: number;
  /**
   * Of those, how many may be long jobs (`register(…, { long: true })`); the rest stay for short
   * ones. Default: all but one (at least one).
   */
  maxLong?: number;
  /** Longest wait for running jobs to notice a stop. */
  stopTimeoutMs?: number;
  log?: Logger;
  /** Carries job events to the other instances (Redis pub/sub with REDIS_URL). */
  bus?: EventBus;
  /** Told of every run's end on this worker (metrics: run time by kind and outcome). */
  onRun?: (kind: string, outcome: RunOutcome, seconds: number) => void;
}
