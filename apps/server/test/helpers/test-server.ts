import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import {
  basicAuthValue,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  endpointFor,
  MARKER_HEADER,
  MARKER_VALUE,
  type Endpoint,
} from '@bid/shared';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { startLocalS3, type LocalS3 } from './s3-server.ts';

/** Which database the API suite runs on: the `api-pg` project sets TEST_DB=pg. */
export const TEST_DB: 'sqlite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite';

/** Where the API suite keeps files: the `api-s3` project sets TEST_STORAGE=s3 (a local S3 server). */
export const TEST_STORAGE: 'local' | 's3' = process.env.TEST_STORAGE === 's3' ? 's3' : 'local';

/** The `api-redis` project sets TEST_QUEUE=bull: jobs on BullMQ over TEST_REDIS_URL. */
export const TEST_QUEUE: 'sql' | 'bull' = process.env.TEST_QUEUE === 'bull' ? 'bull' : 'sql';

/** Redis settings of a server: its own key prefix, named after its data (a restart finds its jobs). */
function queueEnv(dataDir: string): Record<string, string> {
  if (TEST_QUEUE !== 'bull') return {};
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_QUEUE=bull needs TEST_REDIS_URL');
  return { REDIS_URL: url, REDIS_PREFIX: `bidtest-${path.basename(dataDir)}` };
}

/** Removes a finished test server's BullMQ keys (its prefix is its own). */
export async function dropRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

let sharedS3: Promise<LocalS3> | null = null;

/**
 * With TEST_STORAGE=s3 every server of this test file keeps its files in one local S3 server's
 * bucket, under a folder named after its data directory (a restart on the same data finds them).
 */
async function storageEnv(dataDir: string): Promise<Record<string, string>> {
  if (TEST_STORAGE !== 's3') return {};
  if (!sharedS3) {
    sharedS3 = startLocalS3();
    const started = sharedS3;
    process.once('beforeExit', () => void started.then((s3) => s3.close()).catch(() => {}));
  }
  return { ...(await sharedS3).env, S3_PREFIX: path.basename(dataDir) };
}

export interface TestServer {
  baseUrl: string;
  built: BuiltApp;
  config: Config;
  dataDir: string;
  /** The PostgreSQL schema of this server's database (TEST_DB=pg). */
  pgSchema?: string;
  /** Calls the API with the client headers (and a token when given). */
  api: ApiClient;
  /**
   * Answers the server sent that do not match the endpoint table, whoever asked (the API client,
   * `app.inject`, a raw fetch); `close()` fails the suite when there are any.
   */
  contractViolations: string[];
  /** Stops the server; unless `keepData`, its data directory and database go too. */
  close(opts?: { keepData?: boolean }): Promise<void>;
}

/** The data of a stopped server, to start another one on (a restart). */
export interface ReusedData {
  dataDir: string;
  pgSchema?: string;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  method?: string;
  /** Raw body (string/Buffer) instead of JSON. */
  raw?: string | Buffer;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export type ApiClient = ReturnType<typeof makeApiClient>;

export function clientHeaders(): Record<string, string> {
  return {
    authorization: basicAuthValue(DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET),
    [MARKER_HEADER]: MARKER_VALUE,
  };
}

/**
 * Every successful answer of a path in the shared endpoint table must parse with its response
 * schema: the table the web client is typed from cannot drift from what the server sends.
 */
export function checkAgainstContract(method: string, urlPath: string, status: number, body: unknown): void {
  if (status !== 200 || !body || typeof body !== 'object' || (body as { success?: unknown }).success !== true)
    return;
  const endpoint = endpointFor(method, urlPath.split('?')[0]);
  if (!endpoint) return;
  const r = endpoint.response.safeParse((body as { data?: unknown }).data);
  if (!r.success)
    throw new Error(`${method} ${urlPath}: the answer does not match the endpoint table: ${r.error.message}`);
}

/**
 * Calls a row of the endpoint table and resolves with its answer's `data`, parsed by the row's
 * response schema; anything but a successful envelope that parses fails the test at the call.
 */
async function callEndpoint<Req, Res>(
  raw: RawCall,
  endpoint: Endpoint<Req, Res>,
  input: Req | undefined,
  token: string | undefined,
): Promise<Res> {
  if (endpoint.kind !== 'json')
    throw new Error(`${endpoint.path} answers ${endpoint.kind}, not an envelope: call it with its path`);
  const isGet = endpoint.method === 'GET';
  const query = isGet && input && typeof input === 'object' ? (input as CallOptions['query']) : undefined;
  const r = await raw(endpoint.path, isGet ? undefined : (input ?? {}), {
    method: endpoint.method,
    token,
    query,
  });
  const body = r.body as { success?: unknown; msg?: unknown; data?: unknown } | null;
  if (r.status !== 200 || !body || typeof body !== 'object' || body.success !== true) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} failed: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`,
    );
  }
  const parsed = endpoint.response.safeParse(body.data);
  if (!parsed.success)
    throw new Error(
      `${endpoint.method} ${endpoint.path}: the answer does not match the endpoint table: ${parsed.error.message}`,
    );
  // The row's type parameter names what its response schema parses to.
  return parsed.data as Res;
}

type RawCall = <T = any>(urlPath: string, body?: unknown, opts?: CallOptions) => Promise<ApiResult<T>>;

export function makeApiClient(baseUrl: string) {
  async function rawCall<T = any>(
    urlPath: string,
    body?: unknown,
    opts: CallOptions = {},
  ): Promise<ApiResult<T>> {
    const url = new URL(`/api${urlPath}`, baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...clientHeaders(), ...(opts.headers ?? {}) };
    if (opts.token) headers['blade-auth'] = `bearer ${opts.token}`;
    let payload: string | Buffer | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const method = opts.method ?? (body === undefined && opts.raw === undefined ? 'GET' : 'POST');
    // A Buffer is sent as its bytes (the DOM's fetch types, which the browser tests compile with, take no Buffer).
    const sent = typeof payload === 'string' || payload === undefined ? payload : new Uint8Array(payload);
    const res = await fetch(url, { method, headers, body: sent });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    checkAgainstContract(method, urlPath, res.status, parsed);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  /** `call(endpoints.x, input, token)`: typed by the table; `call('/path', body, opts)`: any answer. */
  function call<Req, Res>(endpoint: Endpoint<Req, Res>, input?: Req, token?: string): Promise<Res>;
  function call<T = any>(urlPath: string, body?: unknown, opts?: CallOptions): Promise<ApiResult<T>>;
  function call(
    target: string | Endpoint<unknown, unknown>,
    body?: unknown,
    third?: CallOptions | string,
  ): Promise<unknown> {
    if (typeof target !== 'string')
      return callEndpoint(rawCall, target, body, typeof third === 'string' ? third : undefined);
    return rawCall(target, body, typeof third === 'object' ? third : {});
  }
  return {
    call,
    get: <T = any>(p: string, query?: CallOptions['query'], opts: CallOptions = {}) =>
      rawCall<T>(p, undefined, { ...opts, query, method: 'GET' }),
    post: <T = any>(p: string, body: unknown = {}, opts: CallOptions = {}) =>
      rawCall<T>(p, body, { ...opts, method: 'POST' }),
  };
}

/** A real server on a free port with a fresh database (SQLite in a temp dir, or a fresh PG schema). */
export async function startTestServer(
  env: Record<string, string> = {},
  reuse?: ReusedData,
  opts: { parseWorker?: URL } = {},
): Promise<TestServer> {
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bid-test-'));
  let pgSchema: string | undefined = reuse?.pgSchema;
  let databaseUrl: string | undefined;
  if (TEST_DB === 'pg') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  }
  if (TEST_DB === 'pg' && !reuse) {
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CAPTCHA: 'on',
    // The PostgreSQL suite writes answers as production does (fast-json-stringify, no zod check);
    // the contract check below still reads every answer, so both ways of writing are tested.
    RESPONSE_VALIDATION: process.env.TEST_RESPONSE_VALIDATION ?? (TEST_DB === 'pg' ? 'off' : 'on'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(await storageEnv(dataDir)),
    ...queueEnv(dataDir),
    ...env,
  });
  const built = await buildApp(config, {
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    pgSchema,
    parseWorker: opts.parseWorker,
  });
  const contractViolations: string[] = [];
  built.app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload === 'string' && req.url.startsWith('/api/')) {
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        return payload;
      }
      try {
        checkAgainstContract(req.method, req.url.slice('/api'.length), reply.statusCode, body);
      } catch (e) {
        contractViolations.push((e as Error).message);
      }
    }
    return payload;
  });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = address.replace('[::1]', '127.0.0.1');
  return {
    baseUrl,
    built,
    config,
    dataDir,
    pgSchema,
    api: makeApiClient(baseUrl),
    contractViolations,
    async close(opts = {}) {
      await built.close();
      if (!opts.keepData) {
        if (pgSchema && databaseUrl) {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          await client.query(`drop schema if exists ${pgSchema} cascade`);
          await client.end();
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (config.REDIS_URL) await dropRedisKeys(config.REDIS_URL, `${config.REDIS_PREFIX}:*`);
      }
      if (contractViolations.length) {
        throw new Error(
          `answers that do not match the endpoint table:\n${[...new Set(contractViolations)].join('\n')}`,
        );
      }
    },
  };
}

/**
 * Registers the enclosing suite's beforeAll/afterAll: a test server (fresh database) started before
 * its tests and closed, with its data, after them. `start` is the server's extra settings, or a
 * function that starts it (another helper, or settings known only once an earlier hook has run).
 * The answer stands for the server: reading it before the server has started fails with a message.
 */
export function useTestServer(start: Record<string, string> | (() => Promise<TestServer>) = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await (typeof start === 'function' ? start() : startTestServer(start));
  });
  afterAll(async () => {
    await server?.close();
  });
  // A stand-in rather than a `let` in every file: the file reads `s.api` as if the server were there.
  return new Proxy({} as TestServer, {
    get(_target, key) {
      // Not a promise, and nothing to show to an inspector before the start.
      if (!server && (key === 'then' || typeof key === 'symbol')) return undefined;
      if (!server)
        throw new Error('useTestServer: the server is not started yet (use it inside tests or hooks)');
      return Reflect.get(server, key);
    },
  });
}
