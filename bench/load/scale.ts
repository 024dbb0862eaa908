// bench/load's LOAD_SCALE mode (issue 32): the servers on PostgreSQL and the summary of the rounds.
/** A server (or servers behind a proxy) to put the load on. */
export interface Target {
  name: string;
  base: string;
  /** Where the SMS outboxes are (the instance that sent a code wrote it). */
  outboxDirs: string[];
  /** The server processes whose CPU is counted. */
  pids: number[];
  /** What each of `pids` is. */
  labels: string[];
  stop(): Promise<void>;
}

export interface Result {
  calls: number;
  perSecond: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  lostWrites: number;
}

/**
 * Instances on one PostgreSQL schema. `scaled`: two (LOAD_SCALE_INSTANCES) with Redis (BullMQ, the
 * event bus, shared limits) and a local S3 bucket, behind the round-robin proxy in a process of its
 * own. Otherwise one instance on the database alone (local disk, in-process queue), called directly:
 * the same database both sides, so two/one measures Redis, the bucket, the proxy hop and the split,
 * not SQLite against PostgreSQL (a PostgreSQL query is a round trip to another process; an
 * in-process SQLite read is not).
 */
export async function startOnPostgres(serverEnv: Record<string, string>, scaled: boolean): Promise<Target> {
  // Loaded only here: the plain run needs neither PostgreSQL nor Redis.
  const { startCluster } = await import('../../apps/server/test/helpers/two-instances.ts');
  // LOAD_SCALE_INSTANCES=1: one instance on the same services behind the same proxy (what the
  // services and the hop cost, apart from splitting the work).
  const count = scaled ? Number(process.env.LOAD_SCALE_INSTANCES ?? 2) : 1;
  // LOAD_NODE_ARGS: the instances get the same node flags as the embedded server (profiling).
  const nodeArgs = (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const cluster = await startCluster({ ...serverEnv, LOG_LEVEL: 'warn' }, count, {
    proxyProcess: true,
    nodeArgs,
    ...(scaled ? {} : { only: 'database' as const }),
  });
  return {
    name: scaled
      ? `${count} instance(s) on PostgreSQL, Redis and S3 behind the proxy`
      : 'one instance on PostgreSQL (local disk, in-process queue, no proxy)',
    base: cluster.proxy.url,
    outboxDirs: cluster.instances.map((i) => i.dataDir),
    pids: [...cluster.instances.map((i) => i.pid), ...(cluster.proxy.pid ? [cluster.proxy.pid] : [])],
    labels: [
      ...cluster.instances.map((_, k) => `instance ${k + 1}`),
      ...(cluster.proxy.pid ? ['proxy'] : []),
    ],
    stop: () => cluster.close(),
  };
}

/** Median two/one throughput and p99s of the rounds, with their spread printed; errors and lost writes summed. */
export function summarize(pairs: Array<[Result, Result]>): {
  ratio: number;
  p99two: number;
  errors: number;
  lost: number;
} {
  const rounds = pairs.length;
  const median = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const spread = (xs: number[], digits: number) =>
    `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
  const ratios = pairs.map(([one, two]) => two.perSecond / one.perSecond);
  const p99one = pairs.map(([one]) => one.p99);
  const p99two = pairs.map(([, two]) => two.p99);
  const errors = pairs.reduce((a, [one, two]) => a + one.errors + two.errors, 0);
  const lost = pairs.reduce((a, [one, two]) => a + one.lostWrites + two.lostWrites, 0);
  console.log(
    `\ntwo/one throughput, median of ${rounds}: ${median(ratios).toFixed(2)} (spread ${spread(ratios, 2)}; goal ≥ 0.9)`,
  );
  console.log(
    `p99 median: one ${median(p99one).toFixed(1)} ms (${spread(p99one, 1)}), two ${median(p99two).toFixed(1)} ms (${spread(p99two, 1)}) (goal < 300); errors ${errors}; lost writes ${lost}`,
  );
  return { ratio: median(ratios), p99two: median(p99two), errors, lost };
}
