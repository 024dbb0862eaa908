import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { dropRedisKeys, makeApiClient, type ApiClient } from './test-server.ts';
import { startLocalS3, type LocalS3 } from './s3-server.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A round-robin HTTP proxy in front of the instances, as a load balancer is in production: requests
 * and answers are streamed both ways (uploads, downloads, text/event-stream), the client's address
 * is appended to X-Forwarded-For as nginx does, and the answer says which instance served it
 * (`x-backend: <index>`). A request with `x-backend: <index>` goes to that instance: the tests that
 * need "through A, then through B" say so instead of counting turns.
 */
export interface RoundRobinProxy {
  url: string;
  /** Answers each instance gave through the proxy. */
  served: number[];
  /** Takes an instance out of the rotation (what a readiness check does for a dead one). */
  setDown(index: number): void;
  /** The proxy's process when it runs in one of its own. */
  pid?: number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const served = backends.map(() => 0);
  const down = new Set<number>();
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true });
  const pick = (pinned: string | undefined): number => {
    if (pinned !== undefined && /^\d+$/.test(pinned) && Number(pinned) < backends.length)
      return Number(pinned);
    for (let k = 0; k < backends.length; k++) {
      const i = turn++ % backends.length;
      if (!down.has(i)) return i;
    }
    return turn++ % backends.length;
  };
  const server = http.createServer((req, res) => {
    const pinned = req.headers['x-backend'];
    const i = pick(Array.isArray(pinned) ? pinned[0] : pinned);
    const target = new URL(backends[i]);
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    delete headers['x-backend'];
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        served[i] += 1;
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(i) });
        // Each chunk as it comes: an event stream must not wait for a buffer to fill.
        answer.pipe(res);
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') down.add(i);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain', 'x-backend': String(i) });
        res.end(`bad gateway: ${err.code ?? err.message}`);
      } else res.destroy();
    });
    // A client that leaves (a closed event stream) closes its upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  // nginx keeps an idle client connection 75 s; Node's default is 5 s, and a client that reuses a
  // connection the proxy is closing at that moment gets "socket hang up" (bench/load saw 98 at a
  // load average of 17, when some of its 200 keep-alive connections sat idle for seconds).
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 76_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    setDown: (index) => void down.add(index),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** The same proxy in a child process (its CPU apart from the caller's); `served` stays empty. */
async function spawnProxy(backends: string[]): Promise<RoundRobinProxy> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./proxy-child.ts', import.meta.url)), ...backends],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /proxy on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`proxy exited with ${code}`)));
  });
  return {
    url,
    served: [],
    pid: child.pid,
    setDown: () => {
      throw new Error('the proxy process keeps its rotation');
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A server started as `npm start` starts it (apps/server/src/main.ts), in a child process. */
export interface Instance {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** `GET /metrics` on its own port, when started with METRICS_PORT. */
  metricsUrl: string | null;
  dataDir: string;
  /** Everything it wrote to stdout and stderr (its log lines). */
  output(): string;
  /** Kills it (SIGKILL: no chance to hand anything back) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function spawnInstance(env: Record<string, string>, nodeArgs: string[] = []): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-scale-'));
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>) };
  // Nothing of the test runner's own settings leaks into the server's configuration.
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'STORAGE', 'METRICS_PORT']) delete childEnv[k];
  Object.assign(childEnv, {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const withMetrics = childEnv.METRICS_PORT !== undefined;
  const [baseUrl, metricsUrl] = await new Promise<[string, string | null]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      const metrics = /metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(out);
      if (m && (metrics || !withMetrics)) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve([m[1], metrics?.[1] ?? null]);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    pid: child.pid!,
    baseUrl,
    metricsUrl,
    dataDir,
    output: () => out,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface Cluster {
  instances: Instance[];
  proxy: RoundRobinProxy;
  /** The API through the proxy. */
  api: ApiClient;
  /** The shared database, for setting up users and looking at what was written. */
  db: DbHandle;
  s3: LocalS3;
  /** The Redis prefix every instance shares (its keys go at close). */
  redisPrefix: string;
  close(): Promise<void>;
}

/** Why the suite cannot run here, or null: it needs this machine's PostgreSQL and Redis. */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set';
  if (!process.env.TEST_REDIS_URL) return 'TEST_REDIS_URL is not set';
  return null;
}

/**
 * `count` instances on one fresh PostgreSQL schema, one Redis key prefix and one S3 bucket (a local
 * s3rver), each with its own DATA_DIR (nothing may be shared through the local disk), behind a
 * round-robin proxy. `env` is given to every instance.
 */
export async function startCluster(
  env: Record<string, string> = {},
  count = 2,
  opts: {
    proxyProcess?: boolean;
    nodeArgs?: string[];
    /**
     * 'database': the instances get only the PostgreSQL schema (local disk, in-process queue, no
     * Redis) and no proxy (`proxy.url` is the first instance's): bench/load's single instance, on
     * the same database as the cluster it is compared with.
     */
    only?: 'database';
  } = {},
): Promise<Cluster> {
  const why = clusterUnavailable();
  if (why) throw new Error(`the two-instance suite needs PostgreSQL and Redis: ${why}`);
  const databaseUrl = process.env.TEST_DATABASE_URL!;
  const redisUrl = process.env.TEST_REDIS_URL!;
  const run = randomBytes(6).toString('hex');
  const pgSchema = `t_${run}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${pgSchema}`);
  await admin.end();
  // Migrated once here, before the instances race to do it.
  const db = openDatabase({ databaseUrl, dataDir: os.tmpdir(), pgSchema });
  await migrateToLatest(db.db);
  const s3 = await startLocalS3();
  const redisPrefix = `bidtest-scale-${run}`;
  const shared: Record<string, string> = {
    DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`,
    ...(opts.only === 'database'
      ? {}
      : { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, ...s3.env, S3_PREFIX: run }),
    // One secret for all, as production sets it: what one instance seals the other opens.
    SECRET_KEY: `scale-test-secret-${run}`,
    // The proxy's address is the one trusted to report the client's (DEPLOY.md, "Behind a reverse proxy").
    TRUST_PROXY: '127.0.0.1',
    ...env,
  };
  const instances: Instance[] = [];
  let proxy: RoundRobinProxy | null = null;
  const close = async () => {
    for (const i of instances) await i.kill('SIGTERM');
    await proxy?.close();
    await db.close();
    await s3.close();
    await dropRedisKeys(redisUrl, `${redisPrefix}:*`);
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`drop schema if exists ${pgSchema} cascade`);
    await c.end();
    for (const i of instances) fs.rmSync(i.dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: two cold starts at once on two cores only make both slower.
    for (let k = 0; k < count; k++) instances.push(await spawnInstance(shared, opts.nodeArgs));
    const backends = instances.map((i) => i.baseUrl);
    proxy =
      opts.only === 'database'
        ? { url: backends[0], served: [], setDown: () => {}, close: async () => {} }
        : opts.proxyProcess
          ? await spawnProxy(backends)
          : await startRoundRobinProxy(backends);
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
  return { instances, proxy, api: makeApiClient(proxy.url), db, s3, redisPrefix, close };
}

/** Which instance holds a job's lease now (the worker id is `<host>:<pid>:<random>`), or -1. */
export async function runnerOf(cluster: Cluster, jobId: string): Promise<number> {
  const row = await cluster.db.db
    .selectFrom('jobs')
    .select(['lease_owner', 'status'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  const pid = Number(row?.lease_owner?.split(':')[1]);
  return cluster.instances.findIndex((i) => i.pid === pid);
}
