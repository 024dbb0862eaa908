import { DelayedError, Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { EnqueueOptions, JobRecord } from './queue.ts';
import { SqlJobQueue, type SqlJobQueueOptions } from './sql-queue.ts';
import { RedisEventBus } from './event-bus.ts';
import type { Db } from '../db/db.ts';

export interface BullJobQueueOptions extends SqlJobQueueOptions {
  redisUrl: string;
  /** Key prefix in Redis (tests use one per run). */
  prefix?: string;
  /** Tries of a job whose handler throws, with exponential backoff from `backoffMs`. */
  attempts?: number;
  backoffMs?: number;
}

/** The one BullMQ queue; the job's name is its kind (export, interpretation, diff, ai-fulltext…). */
export const BULL_QUEUE = 'bid-jobs';
const ENDED = new Set(['done', 'failed', 'cancelled']);

/**
 * The job queue on BullMQ (REDIS_URL set): BullMQ hands jobs to workers, retries a failing job with
 * exponential backoff, and moves the job of a worker that died (its lock not renewed) back to wait
 * for another worker (stalled-job recovery). What a job is (kind, owner, dedupe key, progress,
 * events, cancellation) stays in the `jobs` table, as in the embedded mode, so screens, dedupe
 * and the event logs are the same; a worker still takes the row's lease before running, so a job
 * a live worker holds is never run twice (a premature redelivery waits for the lease to lapse),
 * and a resumed job carries on from what it saved (the full-text job from its last chapter).
 * Shutdown aborts running jobs and moves them back to wait at once.
 */
export class BullJobQueue extends SqlJobQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;
  private closed = false;
  private resyncTimer: NodeJS.Timeout | null = null;
  private readonly bullOpts: BullJobQueueOptions;

  private readonly bus: RedisEventBus;
  /** Long jobs between their slot check and their run (claiming their row): counted as running. */
  private longClaiming = 0;

  constructor(db: Db, opts: BullJobQueueOptions) {
    const bus = new RedisEventBus(opts.redisUrl, opts.prefix);
    super(db, { ...opts, bus });
    this.bus = bus;
    this.bullOpts = opts;
    this.connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(BULL_QUEUE, { connection: this.connection, prefix: opts.prefix });
  }

  private addOpts(id: string) {
    return {
      // BullMQ refuses numeric custom ids; ours are snowflakes in digits.
      jobId: `job-${id}`,
      attempts: this.bullOpts.attempts ?? 3,
      backoff: { type: 'exponential', delay: this.bullOpts.backoffMs ?? 5_000 },
      removeOnComplete: { count: 1_000 },
      removeOnFail: { count: 5_000 },
    };
  }

  override async enqueue<P>(kind: string, payload: P, opts: EnqueueOptions = {}): Promise<JobRecord<P>> {
    const record = await super.enqueue(kind, payload, opts);
    await this.queue.add(kind, { id: record.id }, this.addOpts(record.id));
    return record;
  }

  override readonly backend = 'redis' as const;

  override async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** BullMQ wakes the workers; there is no polling of the table. */
  override kick(): void {}

  /**
   * Jobs live in the table but unknown to BullMQ (an add lost between the two writes, jobs left by
   * the lease-table mode, a row whose worker died before BullMQ heard of it) are added; an id
   * BullMQ already holds is not added twice. At start, then every two leases for stale rows.
   */
  private async resync(staleOnly: boolean): Promise<void> {
    const now = Date.now();
    const rows = await this.liveRows([...this.handlers.keys()]);
    for (const r of rows) {
      const stale =
        r.status === 'queued'
          ? Date.parse(r.updated_at) < now - this.leaseMs
          : !r.lease_expires_at || Date.parse(r.lease_expires_at) < now;
      if (!staleOnly || stale) await this.queue.add(r.kind, { id: r.id }, this.addOpts(r.id));
    }
  }

  private async process(job: Job, token: string | undefined): Promise<unknown> {
    if (this.stopped) {
      // Shutting down: not taken here (the job goes to another worker or to this one's restart).
      await job.moveToWait(token);
      throw new WaitingError();
    }
    const id = typeof job.data?.id === 'string' ? job.data.id : null;
    if (!id) throw new UnrecoverableError('job without an id');
    if (!this.handlers.has(job.name)) {
      // A kind this process does not run (an older version during a rolling update): left to others.
      await job.moveToDelayed(Date.now() + 1_000, token);
      throw new DelayedError();
    }
    const long = this.isLong(job.name);
    if (long && this.longRunning() + this.longClaiming >= this.maxLong) {
      // Long jobs fill their share of this worker's slots: the rest stay free for short jobs
      // (another worker may take this one meanwhile).
      await job.moveToDelayed(Date.now() + 1_000, token);
      throw new DelayedError();
    }
    if (long) this.longClaiming += 1;
    let row: Awaited<ReturnType<typeof this.claimById>>;
    try {
      row = await this.claimById(id);
    } finally {
      if (long) this.longClaiming -= 1;
    }
    if (!row) {
      const cur = await this.leaseOf(id);
      if (!cur || ENDED.has(cur.status)) return null;
      // Another worker's lease is still live (it may be slow, not dead): look again once it lapses.
      const at = cur.lease_expires_at ? Date.parse(cur.lease_expires_at) + 200 : Date.now() + 1_000;
      await job.moveToDelayed(Math.max(at, Date.now() + 200), token);
      throw new DelayedError();
    }
    const attempts = job.opts.attempts ?? 1;
    const outcome = await this.run(row, () => job.attemptsMade + 1 < attempts);
    if (outcome === 'released') {
      await job.moveToWait(token);
      throw new WaitingError();
    }
    if (outcome === 'retry') throw new Error('任务失败，稍后重试');
    if (outcome === 'failed') throw new UnrecoverableError('任务失败');
    return outcome;
  }

  override start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const leaseMs = this.leaseMs;
    this.workerConnection = new Redis(this.bullOpts.redisUrl, { maxRetriesPerRequest: null });
    this.worker = new Worker(BULL_QUEUE, (job, token) => this.process(job, token), {
      connection: this.workerConnection,
      prefix: this.bullOpts.prefix,
      concurrency: this.maxRunning,
      lockDuration: leaseMs,
      stalledInterval: Math.max(1_000, Math.floor(leaseMs / 2)),
      // A job that keeps killing its worker is stopped by the table's attempt count instead.
      maxStalledCount: 1_000,
    });
    this.worker.on('error', (err) => this.opts.log?.warn({ err }, 'job worker error'));
    const resync = (staleOnly: boolean) =>
      void this.resync(staleOnly).catch((err) => this.opts.log?.warn({ err }, 'job resync failed'));
    resync(false);
    this.resyncTimer = setInterval(() => resync(true), Math.max(1_000, 2 * leaseMs));
    this.resyncTimer.unref();
  }

  override async stop(): Promise<void> {
    if (this.resyncTimer) clearInterval(this.resyncTimer);
    this.resyncTimer = null;
    await super.stop();
    if (this.worker) {
      const worker = this.worker;
      this.worker = null;
      // Processors hand their jobs back as soon as their handlers return; one that does not, after
      // the wait above, is left to BullMQ's stalled check on another worker.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        worker.close(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.opts.stopTimeoutMs ?? 5_000);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
      await worker.close(true).catch(() => {});
      this.workerConnection?.disconnect();
      this.workerConnection = null;
    }
  }

  /** Stops the worker and lets go of Redis (the last thing on shutdown). */
  override async close(): Promise<void> {
    await this.stop();
    if (this.closed) return;
    this.closed = true;
    await this.queue.close().catch(() => {});
    this.connection.disconnect();
    await this.bus.close();
  }

  /** Jobs waiting and running in BullMQ (metrics, readiness). */
  override async depth(): Promise<{ waiting: number; active: number; delayed: number; failed: number }> {
    const c = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
    return { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
  }
}
