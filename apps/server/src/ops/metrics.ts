import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the SMS service reports (sends, and refusals by the limit that refused). */
export interface SmsMeter {
  sent(): void;
  limited(rule: string): void;
}

/** What the metrics read from the job queue at each scrape. */
export interface JobSource {
  /** Jobs in the table by kind and state (every instance's, it is one table). */
  countsByKind(): Promise<Array<{ kind: string; status: string; count: number }>>;
  /** The dispatcher's own backlog: BullMQ's lists, or the table's queued and running rows. */
  depth(): Promise<{ waiting: number; active: number; delayed: number }>;
}

/**
 * Prometheus metrics of one instance (prom-client), in a registry of its own (tests build many apps
 * in one process). Counters are this instance's; the job gauges read the shared table and queue, so
 * every instance reports the same job figures (sum counters across instances, not gauges).
 */
export class Metrics {
  readonly registry = new Registry();
  private jobs: JobSource | null = null;

  readonly httpRequests = new Counter({
    name: 'bid_http_requests_total',
    help: 'HTTP requests answered, by method, route (the pattern, not the URL) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'bid_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'bid_job_run_seconds',
    help: 'Runs of jobs on this instance, by kind and outcome (done, failed, retry, released, cancelled, lost)',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });

  readonly modelTokenCount = new Counter({
    name: 'bid_model_tokens_total',
    help: 'Model tokens used, by model, tier and kind (prompt, completion)',
    labelNames: ['model', 'tier', 'kind'] as const,
    registers: [this.registry],
  });

  readonly modelErrors = new Counter({
    name: 'bid_model_errors_total',
    help: 'Failed model calls (each attempt, retried or not), by model and kind (rate_limited, timeout, connection, …)',
    labelNames: ['model', 'kind'] as const,
    registers: [this.registry],
  });

  readonly smsSent = new Counter({
    name: 'bid_sms_sent_total',
    help: 'SMS codes handed to the gateway by this instance',
    registers: [this.registry],
  });

  readonly smsLimited = new Counter({
    name: 'bid_sms_limited_total',
    help: 'SMS code requests refused by a send limit, by rule',
    labelNames: ['rule'] as const,
    registers: [this.registry],
  });

  constructor() {
    // prom-client calls collect() with the gauge as `this`; the source is reached through this arrow.
    const source = () => this.jobs;
    new Gauge({
      name: 'bid_jobs',
      help: 'Jobs in the jobs table by kind and state',
      labelNames: ['kind', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const jobs = source();
        if (!jobs) return;
        for (const r of await jobs.countsByKind()) this.set({ kind: r.kind, state: r.status }, r.count);
      },
    });
    new Gauge({
      name: 'bid_queue_jobs',
      help: 'Jobs waiting, running and delayed in the dispatcher (BullMQ or the lease table)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const jobs = source();
        if (!jobs) return;
        const d = await jobs.depth();
        for (const state of ['waiting', 'active', 'delayed'] as const) this.set({ state }, d[state]);
      },
    });
  }

  /** The queue the job gauges read (set once the services exist). */
  watchJobs(source: JobSource): void {
    this.jobs = source;
  }

  readonly sms: SmsMeter = {
    sent: () => this.smsSent.inc(),
    limited: (rule) => this.smsLimited.inc({ rule }),
  };

  /** One answered request; `route` is the route's pattern (bounded label values). */
  request(method: string, route: string, status: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
    this.httpDuration.observe({ method, route }, seconds);
  }

  modelTokens(model: string, tier: string, prompt: number, completion: number): void {
    if (prompt > 0) this.modelTokenCount.inc({ model, tier, kind: 'prompt' }, prompt);
    if (completion > 0) this.modelTokenCount.inc({ model, tier, kind: 'completion' }, completion);
  }

  modelError(model: string, kind: string): void {
    this.modelErrors.inc({ model, kind });
  }

  jobRun(kind: string, outcome: string, seconds: number): void {
    this.jobDuration.observe({ kind, outcome }, seconds);
  }

  /**
   * `GET /metrics` on a port of its own (METRICS_PORT), away from the public port: the proxy in
   * front of the app never forwards it, and a scrape costs the API nothing but the queries above.
   */
  async listen(port: number, host: string): Promise<MetricsServer> {
    // The process's own figures (memory, event loop delay, GC) only when someone scrapes them.
    collectDefaultMetrics({ register: this.registry, prefix: 'bid_' });
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address();
    // Listening on a host and port, the address is never a pipe's name nor null.
    if (!address || typeof address === 'string') throw new Error('metrics server has no TCP address');
    return {
      port: address.port,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}
