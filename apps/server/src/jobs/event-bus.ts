import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { JobEvent } from './queue.ts';

/** Carries job events between instances: what one publishes, every other one hears. */
export interface EventBus {
  publish(e: JobEvent): void;
  onEvent(fn: (e: JobEvent) => void): void;
  close(): Promise<void>;
}

/**
 * Job events over Redis pub/sub (REDIS_URL): an SSE client on instance B sees, live, the events
 * and the streamed text of a job running on instance A. Logged events are also in the database
 * (replay after Last-Event-ID); live-only ones (streamed text) exist only here. An instance does
 * not hear its own messages back (it delivered them in-process already).
 */
export class RedisEventBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly origin = randomBytes(6).toString('hex');
  private readonly listeners: Array<(e: JobEvent) => void> = [];

  constructor(url: string, prefix = 'bid') {
    this.channel = `${prefix}:job-events`;
    this.pub = new Redis(url, { maxRetriesPerRequest: null });
    this.sub = new Redis(url, { maxRetriesPerRequest: null });
    void this.sub.subscribe(this.channel).catch(() => {});
    this.sub.on('message', (_channel: string, text: string) => {
      let msg: { o?: string; e?: JobEvent };
      try {
        msg = JSON.parse(text);
      } catch {
        return;
      }
      if (msg.o === this.origin || !msg.e) return;
      for (const fn of this.listeners) fn(msg.e);
    });
  }

  /** Resolves once the subscription is live (tests; the server does not wait for it). */
  async ready(): Promise<void> {
    await this.sub.subscribe(this.channel);
  }

  publish(e: JobEvent): void {
    void this.pub.publish(this.channel, JSON.stringify({ o: this.origin, e })).catch(() => {});
  }

  onEvent(fn: (e: JobEvent) => void): void {
    this.listeners.push(fn);
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
