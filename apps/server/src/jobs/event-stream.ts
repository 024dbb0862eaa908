import type { SseWriter } from '../http/sse.ts';
import type { JobEvent, JobEvents, JobQueue, JobRecord } from './queue.ts';

/** What a page follows of one job: the state it starts from, and how the job's end looks in its events. */
export interface JobFeed {
  /** The job followed; none: the snapshot is all there is. */
  job: JobRecord | null;
  /** The first event (`snapshot`), sent before the log is replayed. */
  snapshot: unknown;
  /** True for the logged event after which the job does nothing more (the stream ends there). */
  isEnd(e: JobEvent): boolean;
  /** The closing event of a job that ended before the stream opened (or was cancelled while queued). */
  endEvent(job: JobRecord): Promise<{ type: string; data: unknown }>;
}

/** Events replayed per read: a long job logs thousands. */
const REPLAY_PAGE = 1000;
const PING_MS = 15_000;
const ENDED = new Set(['done', 'failed', 'cancelled']);

/**
 * A job's event log as a server-sent event stream: the snapshot, the events after Last-Event-ID
 * (`<jobId>:<seq>`; an id of another job replays this one from the start), then live events until
 * the job ends or the client leaves. Events of a job running on another instance arrive through the
 * Redis event bus (REDIS_URL), and in any case by polling the log.
 */
export class JobEventStreams {
  constructor(
    private readonly queue: Pick<JobQueue, 'get'>,
    private readonly events: JobEvents,
    private readonly pollMs = 2_000,
  ) {}

  /** Streams `feed` into `sse`; `onEnd` runs once when the stream is over, whoever ended it. */
  async follow(sse: SseWriter, feed: JobFeed, lastEventId: string, onEnd: () => void): Promise<void> {
    sse.send('snapshot', feed.snapshot);
    const job = feed.job;
    if (!job) {
      sse.end();
      onEnd();
      return;
    }
    const m = /^(\d+):(\d+)$/.exec(lastEventId);
    let seq = m && m[1] === job.id ? Number(m[2]) : 0;
    let finished = false;
    const buffered: JobEvent[] = [];
    let replaying = true;
    const deliver = (e: JobEvent) => {
      if (finished) return;
      if (e.seq === undefined) {
        sse.send(e.type, e.data);
        return;
      }
      if (e.seq <= seq) return;
      seq = e.seq;
      sse.send(e.type, e.data, `${job.id}:${e.seq}`);
      if (feed.isEnd(e)) finish();
    };
    const unsubscribe = this.events.subscribe(job.id, (e) => (replaying ? buffered.push(e) : deliver(e)));
    const ping = setInterval(() => sse.comment('ping'), PING_MS);
    const poll = setInterval(() => {
      void this.events
        .since(job.id, seq)
        .then((list) => list.forEach(deliver))
        .catch(() => {});
    }, this.pollMs);
    function finish() {
      if (finished) return;
      finished = true;
      clearInterval(ping);
      clearInterval(poll);
      unsubscribe();
      sse.end();
      onEnd();
    }
    sse.onClose(finish);
    for (;;) {
      const page = await this.events.since(job.id, seq, REPLAY_PAGE);
      page.forEach(deliver);
      if (page.length < REPLAY_PAGE || finished) break;
    }
    replaying = false;
    for (const e of buffered.splice(0)) deliver(e);
    const fresh = await this.queue.get(job.id);
    if (!finished && fresh && ENDED.has(fresh.status)) {
      const end = await feed.endEvent(fresh);
      sse.send(end.type, end.data);
      finish();
    }
  }
}
