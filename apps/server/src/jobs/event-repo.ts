import { EventEmitter } from 'node:events';
import type { JobEvent, JobEvents } from './queue.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { EventBus } from './event-bus.ts';
import type { Db } from '../db/db.ts';

/** The event log in the `job_events` table, with an in-process emitter for live delivery. */
export class SqlJobEvents implements JobEvents {
  private readonly emitter = new EventEmitter();

  constructor(
    private readonly db: Db,
    /** Other instances' events (REDIS_URL); without it, they arrive by polling the log. */
    private readonly bus?: EventBus,
  ) {
    this.emitter.setMaxListeners(0);
    bus?.onEvent((e) => this.emitter.emit(e.jobId, e));
  }

  private readonly chains = new Map<string, Promise<unknown>>();

  /**
   * Appends in order: appends of one job from this process are chained (no two take the same seq);
   * a clash with another process's writer is retried with the next number.
   */
  append(jobId: string, type: string, data: unknown): Promise<number> {
    const prev = this.chains.get(jobId) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(() => this.insertNext(jobId, type, data));
    this.chains.set(jobId, next);
    void next
      .finally(() => {
        if (this.chains.get(jobId) === next) this.chains.delete(jobId);
      })
      .catch(() => undefined);
    return next;
  }

  private async insertNext(jobId: string, type: string, data: unknown): Promise<number> {
    const text = JSON.stringify(data ?? null);
    for (let attempt = 0; ; attempt++) {
      const last = await this.db
        .selectFrom('job_events')
        .select((eb) => eb.fn.max('seq').as('m'))
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      const seq = Number(last?.m ?? 0) + 1;
      try {
        await this.db
          .insertInto('job_events')
          .values({ job_id: jobId, seq, type, data: text, created_at: new Date().toISOString() })
          .execute();
        const event: JobEvent = { jobId, seq, type, data };
        this.emitter.emit(jobId, event);
        this.bus?.publish(event);
        return seq;
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      }
    }
  }

  async since(jobId: string, afterSeq: number, limit = 1000): Promise<JobEvent[]> {
    const rows = await this.db
      .selectFrom('job_events')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ jobId: r.job_id, seq: r.seq, type: r.type, data: JSON.parse(r.data) }));
  }

  subscribe(jobId: string, fn: (e: JobEvent) => void): () => void {
    this.emitter.on(jobId, fn);
    return () => this.emitter.off(jobId, fn);
  }

  publish(e: JobEvent): void {
    this.emitter.emit(e.jobId, e);
    this.bus?.publish(e);
  }
}
