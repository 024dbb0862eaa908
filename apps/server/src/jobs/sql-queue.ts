import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { newId } from '../lib/ids.ts';
import {
  JobConflictError,
  type AbortReason,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type JobRecord,
  type JobStatus,
  type RegisterOptions,
} from './queue.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { JobTable } from './tables.ts';
import { SqlJobEvents } from './event-repo.ts';
import { outcomeOf, toRecord, type RunOutcome } from './job-record.ts';
import type { Db } from '../db/db.ts';
import type { SqlJobQueueOptions } from './sql-queue-options.ts';

export { SqlJobEvents };
export type { RunOutcome };
export type { SqlJobQueueOptions };

const iso = (ms: number) => new Date(ms).toISOString();

interface Running {
  kind: string;
  ctrl: AbortController;
  reason: AbortReason | null;
  done: Promise<RunOutcome>;
}

/**
 * Jobs in a SQL table with leases: a worker claims a job with a conditional UPDATE (race-free on
 * SQLite and PostgreSQL), renews its lease by heartbeat and gives it back on shutdown. A process
 * that dies stops renewing, so the lease expires and any worker (the restarted one) resumes it.
 */
export class SqlJobQueue implements JobQueue {
  readonly events: SqlJobEvents;
  protected readonly handlers = new Map<string, JobHandler<any>>();
  private readonly longKinds = new Set<string>();
  private readonly running = new Map<string, Running>();
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  protected readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  protected readonly maxRunning: number;
  protected readonly maxLong: number;
  private timer: NodeJS.Timeout | null = null;
  protected stopped = true;
  private polling = false;
  private repoll = false;

  constructor(
    protected readonly db: Db,
    protected readonly opts: SqlJobQueueOptions = {},
  ) {
    this.events = new SqlJobEvents(db, opts.bus);
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.heartbeatMs = opts.heartbeatMs ?? Math.max(200, Math.floor(this.leaseMs / 3));
    this.pollMs = opts.pollMs ?? 1_000;
    this.maxRunning = opts.maxRunning ?? 4;
    this.maxLong = Math.max(1, Math.min(opts.maxLong ?? this.maxRunning - 1, this.maxRunning));
  }

  register<P>(kind: string, handler: JobHandler<P>, opts: RegisterOptions = {}): void {
    this.handlers.set(kind, handler as JobHandler<any>);
    if (opts.long) this.longKinds.add(kind);
    else this.longKinds.delete(kind);
  }

  protected isLong(kind: string): boolean {
    return this.longKinds.has(kind);
  }

  /** Long jobs this process runs now. */
  protected longRunning(): number {
    let n = 0;
    for (const r of this.running.values()) if (this.longKinds.has(r.kind)) n += 1;
    return n;
  }

  /**
   * The kinds this process may take now: every registered one, less the long kinds while long jobs
   * fill their share of the slots (the rest are kept for short jobs).
   */
  protected claimableKinds(): string[] {
    const kinds = [...this.handlers.keys()];
    return this.longRunning() >= this.maxLong ? kinds.filter((k) => !this.longKinds.has(k)) : kinds;
  }

  async enqueue<P>(kind: string, payload: P, opts: EnqueueOptions = {}): Promise<JobRecord<P>> {
    const now = new Date().toISOString();
    const row: JobTable = {
      id: newId(),
      kind,
      dedupe_key: opts.dedupeKey ?? null,
      owner_id: opts.ownerId ?? null,
      payload: JSON.stringify(payload ?? null),
      status: 'queued',
      attempts: 0,
      max_attempts: opts.maxAttempts ?? 5,
      lease_owner: null,
      lease_expires_at: null,
      cancel_requested: 0,
      progress: null,
      error: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: null,
    };
    try {
      await this.db.insertInto('jobs').values(row).execute();
    } catch (e) {
      if (opts.dedupeKey && isUniqueViolation(e))
        throw new JobConflictError(await this.findLive(opts.dedupeKey));
      throw e;
    }
    this.kick();
    return toRecord<P>(row);
  }

  async get(id: string): Promise<JobRecord | null> {
    const r = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async findLive(dedupeKey: string): Promise<JobRecord | null> {
    const r = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', dedupeKey)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async latest(dedupeKey: string): Promise<JobRecord | null> {
    const r = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', dedupeKey)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async cancel(id: string): Promise<boolean> {
    const now = new Date().toISOString();
    // A job nobody runs yet ends here; a running one is told through the flag (and at once when here).
    const q = await this.db
      .updateTable('jobs')
      .set({ status: 'cancelled', cancel_requested: 1, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(q.numUpdatedRows) === 1) return true;
    const r = await this.db
      .updateTable('jobs')
      .set({ cancel_requested: 1, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    const local = this.running.get(id);
    if (local && !local.ctrl.signal.aborted) {
      local.reason = 'cancelled';
      local.ctrl.abort();
    }
    return Number(r.numUpdatedRows) === 1;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const r of this.running.values()) {
      if (!r.ctrl.signal.aborted) {
        r.reason = 'shutdown';
        r.ctrl.abort();
      }
    }
    // A handler that ignores its signal must not hold shutdown: its job is released regardless.
    const pending = [...this.running.entries()];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending.map(([, r]) => r.done)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.opts.stopTimeoutMs ?? 5_000);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    for (const [id] of pending) if (this.running.has(id)) await this.release(id).catch(() => {});
  }

  /** Queued and running jobs of these kinds, with their lease (the BullMQ dispatcher's resync). */
  protected liveRows(kinds: string[]) {
    return this.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'status', 'updated_at', 'lease_expires_at'])
      .where('kind', 'in', kinds)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  /** A job's state and lease, or undefined. */
  protected leaseOf(id: string) {
    return this.db
      .selectFrom('jobs')
      .select(['status', 'lease_expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Jobs in the table by kind and state (metrics). */
  async countsByKind(): Promise<Array<{ kind: string; status: string; count: number }>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(['kind', 'status'])
      .execute();
    return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count) }));
  }

  /** The backlog this dispatcher hands out: queued and running rows (metrics). */
  async depth(): Promise<{ waiting: number; active: number; delayed: number }> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', 'in', ['queued', 'running'])
      .groupBy('status')
      .execute();
    const of = (s: string) => Number(rows.find((r) => r.status === s)?.count ?? 0);
    return { waiting: of('queued'), active: of('running'), delayed: 0 };
  }

  /** Where jobs are dispatched from (readiness). */
  readonly backend: 'database' | 'redis' = 'database';

  /** The queue's own backend answers (the database is checked by readiness itself). */
  async ping(): Promise<void> {}

  /** Stops (the last thing on shutdown); the BullMQ queue also lets go of Redis here. */
  async close(): Promise<void> {
    await this.stop();
  }

  /** Looks for work now (after an enqueue, a finished job, or on the poll timer). */
  kick(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.repoll = true;
      return;
    }
    this.polling = true;
    void this.poll()
      .catch((err) => this.opts.log?.error({ err }, 'job poll failed'))
      .finally(() => {
        this.polling = false;
        if (this.repoll) {
          this.repoll = false;
          this.kick();
        }
      });
  }

  private async poll(): Promise<void> {
    while (!this.stopped && this.running.size < this.maxRunning && this.handlers.size) {
      const job = await this.claim();
      if (!job) return;
      void this.run(job);
    }
  }

  private async claim(): Promise<JobTable | null> {
    const now = new Date().toISOString();
    const kinds = this.claimableKinds();
    if (!kinds.length) return null;
    const candidates = await this.db
      .selectFrom('jobs')
      .select(['id'])
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
        ]),
      )
      .orderBy('created_at')
      .limit(10)
      .execute();
    for (const c of candidates) {
      if (this.running.has(c.id)) continue;
      const row = await this.claimById(c.id);
      if (row) return row;
    }
    return null;
  }

  /**
   * Claims one job by id: queued, or running under a lease that expired (its worker died). Null
   * when another worker holds it, it ended, or it used up its attempts (then it is failed here).
   */
  protected async claimById(id: string): Promise<JobTable | null> {
    const now = new Date().toISOString();
    const res = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        lease_owner: this.workerId,
        lease_expires_at: iso(Date.now() + this.leaseMs),
        attempts: eb('attempts', '+', 1),
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    if (row.attempts > row.max_attempts) {
      await this.finish(row.id, 'failed', '任务多次中断，已停止');
      return null;
    }
    return row;
  }

  protected async finish(
    id: string,
    status: JobStatus,
    error: string | null,
    progress?: unknown,
  ): Promise<boolean> {
    const now = new Date().toISOString();
    const patch: Partial<JobTable> = {
      status,
      error,
      lease_owner: null,
      lease_expires_at: null,
      finished_at: now,
      updated_at: now,
    };
    if (progress !== undefined) patch.progress = JSON.stringify(progress);
    const r = await this.db
      .updateTable('jobs')
      .set(patch)
      .where('id', '=', id)
      .where('lease_owner', '=', this.workerId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Runs a claimed job to its end and settles its row. `retry(err)`: whether a failure is given
   * back to be tried again later (the row queued again) instead of failing the job.
   */
  protected run(row: JobTable, retry?: (err: unknown) => boolean): Promise<RunOutcome> {
    const handler = this.handlers.get(row.kind)!;
    const ctrl = new AbortController();
    const state: Running = { kind: row.kind, ctrl, reason: null, done: Promise.resolve('done') };
    this.running.set(row.id, state);
    const abort = (reason: AbortReason) => {
      if (ctrl.signal.aborted) return;
      state.reason = reason;
      ctrl.abort();
    };
    const job = toRecord(row);
    if (job.cancelRequested) abort('cancelled');
    const startedAt = performance.now();

    const heartbeat = setInterval(() => {
      void (async () => {
        const now = Date.now();
        const r = await this.db
          .updateTable('jobs')
          .set({ lease_expires_at: iso(now + this.leaseMs), updated_at: iso(now) })
          .where('id', '=', row.id)
          .where('lease_owner', '=', this.workerId)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return abort('lease_lost');
        const cur = await this.db
          .selectFrom('jobs')
          .select(['cancel_requested'])
          .where('id', '=', row.id)
          .executeTakeFirst();
        if (cur?.cancel_requested === 1) abort('cancelled');
      })().catch((err) => this.opts.log?.warn({ err, jobId: row.id }, 'job heartbeat failed'));
    }, this.heartbeatMs);
    heartbeat.unref();

    state.done = (async () => {
      try {
        const result = await handler({
          job,
          signal: ctrl.signal,
          abortReason: () => state.reason,
          setProgress: async (p) => {
            await this.db
              .updateTable('jobs')
              .set({ progress: JSON.stringify(p), updated_at: new Date().toISOString() })
              .where('id', '=', row.id)
              .where('lease_owner', '=', this.workerId)
              .execute();
          },
          emit: (type, data) => this.events.append(row.id, type, data),
          publish: (type, data) => this.events.publish({ jobId: row.id, type, data }),
        });
        clearInterval(heartbeat);
        if (state.reason === 'cancelled') await this.finish(row.id, 'cancelled', null);
        else if (state.reason === 'shutdown') await this.release(row.id);
        else if (state.reason !== 'lease_lost')
          await this.finish(row.id, 'done', null, result === undefined ? undefined : result);
        return outcomeOf(state.reason, 'done');
      } catch (err) {
        clearInterval(heartbeat);
        if (state.reason === 'cancelled') await this.finish(row.id, 'cancelled', null);
        else if (state.reason === 'shutdown') await this.release(row.id);
        else if (state.reason !== 'lease_lost') {
          if (retry?.(err)) {
            this.opts.log?.warn({ err, jobId: row.id, kind: row.kind }, 'job failed, retried later');
            await this.release(row.id);
            return 'retry';
          }
          this.opts.log?.error({ err, jobId: row.id, kind: row.kind }, 'job failed');
          await this.finish(row.id, 'failed', err instanceof Error ? err.message.slice(0, 500) : String(err));
        }
        return outcomeOf(state.reason, 'failed');
      } finally {
        clearInterval(heartbeat);
        this.running.delete(row.id);
        this.kick();
      }
    })()
      .catch((err): RunOutcome => {
        this.opts.log?.error({ err, jobId: row.id }, 'job bookkeeping failed');
        return 'lost';
      })
      .then((outcome) => {
        this.opts.onRun?.(row.kind, outcome, (performance.now() - startedAt) / 1000);
        return outcome;
      });
    return state.done;
  }

  /** Gives a job back (shutdown): queued again, its claim not counted as a failed attempt. */
  protected async release(id: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'queued',
        lease_owner: null,
        lease_expires_at: null,
        attempts: eb('attempts', '-', 1),
        updated_at: new Date().toISOString(),
      }))
      .where('id', '=', id)
      .where('lease_owner', '=', this.workerId)
      .where('status', '=', 'running')
      .execute();
  }
}
