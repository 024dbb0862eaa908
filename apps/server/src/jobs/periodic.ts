import type { Logger } from 'pino';
import { JobConflictError, type JobContext, type JobQueue } from './queue.ts';

/**
 * Work that comes back on a clock: sweeps, stale-record checks, refreshes. Each runs once when the
 * server starts and then every `everyMs`.
 * - `cluster`: work on the shared database or storage. It runs as a job on the queue under one key,
 *   so of several instances one runs each turn (the others find the turn taken or done recently).
 * - `instance`: work on what each process holds itself (its temporary files, its in-memory engine):
 *   every instance runs it, in-process.
 */
export interface PeriodicWork {
  name: string;
  everyMs: number;
  scope: 'cluster' | 'instance';
  /**
   * The server already ran this before it listened: the first turn waits a period. A second turn
   * right at start would only race what the start read (and what a request changes meanwhile).
   */
  doneAtStart?: boolean;
  run(signal: AbortSignal): Promise<void>;
}

const keyOf = (name: string) => `every:${name}`;

/** Runs the periodic work: registers the cluster kinds on the queue, then keeps the clocks. */
export class PeriodicRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopping = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly queue: JobQueue,
    private readonly works: PeriodicWork[],
    private readonly log: Logger,
  ) {
    for (const w of works)
      if (w.scope === 'cluster') queue.register(keyOf(w.name), (ctx: JobContext<null>) => w.run(ctx.signal));
  }

  /** Starts every clock; each work's first turn is now, or a period on when it was done at start. */
  start(): void {
    for (const w of this.works) {
      const turn = () => this.turn(w);
      if (!w.doneAtStart) turn();
      const t = setInterval(turn, w.everyMs);
      t.unref();
      this.timers.push(t);
    }
  }

  async stop(): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private turn(w: PeriodicWork): void {
    const p = (w.scope === 'cluster' ? this.enqueue(w) : w.run(this.stopping.signal))
      .catch((err: unknown) => this.log.warn({ err, work: w.name }, 'periodic work failed'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Queues the turn unless another instance queued one within the period (or it still runs). */
  private async enqueue(w: PeriodicWork): Promise<void> {
    const key = keyOf(w.name);
    const last = await this.queue.latest(key);
    // A little slack: two instances whose clocks tick at nearly the same time share one turn.
    if (last && Date.now() - Date.parse(last.createdAt) < w.everyMs * 0.9) return;
    try {
      await this.queue.enqueue(key, null, { dedupeKey: key, maxAttempts: 1 });
    } catch (e) {
      if (!(e instanceof JobConflictError)) throw e;
    }
  }
}
