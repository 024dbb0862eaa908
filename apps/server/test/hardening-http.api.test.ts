import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { buildApp, createLogger, type BuiltApp } from '../src/app.ts';
import { clientHeaders, makeApiClient, TEST_DB } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';

/** A server whose log lines are kept (the shared helper's server logs nothing). */
let built: BuiltApp;
let base: string;
let dataDir: string;
const lines: Array<Record<string, unknown>> = [];
const rawLog: string[] = [];
const pgSchema = `t_http_${Date.now().toString(36)}`;

async function pgQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  await c.query(text);
  await c.end();
}

/** The model key of this server, and a provider that refuses it by echoing it (some do). */
const API_KEY = 'sk-live-h1Secret0123456789abcdefXYZ';
let provider: http.Server;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(401, { 'content-type': 'application/json' });
      const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      res.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${key}. Retry at ${req.url}?api_key=${key}`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const providerUrl = `http://127.0.0.1:${(provider.address() as { port: number }).port}/v1`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-http-'));
  const sink = new Writable({
    write(chunk, _enc, done) {
      const text = chunk.toString();
      rawLog.push(text);
      for (const l of text.split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    AI_STANDARD_BASE_URL: providerUrl,
    AI_STANDARD_API_KEY: API_KEY,
    AI_STANDARD_MODEL: 'test-model',
    AI_RETRY_BACKOFF_MS: '1',
    ...(TEST_DB === 'pg' ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}),
  });
  if (TEST_DB === 'pg') await pgQuery(`create schema ${pgSchema}`);
  // The server's own logger (with its scrubbing), writing to this test's sink.
  built = await buildApp(config, {
    logger: createLogger(config, sink),
    ...(TEST_DB === 'pg' ? { pgSchema } : {}),
  });
  base = (await built.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
});
afterAll(async () => {
  await built?.close();
  await new Promise((r) => provider?.close(r));
  if (TEST_DB === 'pg') await pgQuery(`drop schema if exists ${pgSchema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function raw(url: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${url}`, init);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as { code: number; success: boolean; msg: string } };
}

describe(`HTTP edges (${TEST_DB})`, () => {
  it('a 16 KB query string answers 431 with the JSON envelope, a 10 KB one 414', async () => {
    const huge = await raw(`/api/health?q=${'a'.repeat(16 * 1024)}`);
    expect(huge.status).toBe(431);
    expect(huge.body).toMatchObject({ code: 431, success: false });
    expect(huge.body.msg).toContain('请求头过大');
    const long = await raw(`/api/health?q=${'a'.repeat(10 * 1024)}`);
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ code: 414, success: false, msg: '请求地址过长，请缩短参数后重试' });
    const cookie = await raw('/api/health', { headers: { cookie: `x=${'c'.repeat(20 * 1024)}` } });
    expect(cookie.status).toBe(431);
    expect((await raw('/api/health')).status).toBe(200);
  });

  it('validation messages are Chinese and name the field', async () => {
    const api = makeApiClient(base);
    const u = await createUserWithSession({ built } as never);
    // Either the schema's own Chinese label or, from the zod error map, the field's key.
    const cases: Array<[string, unknown, RegExp]> = [
      ['/bid/client/saveBid', { name: '标书', modelType: 'standard', pageCount: 'many' }, /页数/],
      ['/bid/client/saveBid', { name: '标书', modelType: 'xx', pageCount: 5 }, /模型类型/],
      ['/picture/client/list', { current: 'a', size: 5 }, /current/],
    ];
    for (const [p, body, field] of cases) {
      const r = await api.post(p, body, { token: u.token });
      expect(r.status, `${p} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(r.body.msg, r.body.msg).toMatch(field);
    }
  });

  it('a model key echoed back in a provider error, a bearer token and secret parameters never reach the log', async () => {
    const u = await createUserWithSession({ built } as never);
    const api = makeApiClient(base);
    const saved = await api.post(
      '/bid/client/saveBid',
      {
        name: '日志测试',
        modelType: 'standard',
        pageCount: 20,
        tenderText: '项目名称：日志测试项目\n评分标准：技术方案 60 分',
      },
      { token: u.token },
    );
    expect(saved.status).toBe(200);
    const before = lines.length;
    // The model refuses the key; the analysis falls back to the rules and says so in the log.
    const analysed = await api.post(
      '/ai/client/analyzeBid',
      { bidId: saved.body.data.id },
      { token: u.token },
    );
    expect(analysed.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const fresh = lines.slice(before);
    expect(
      fresh.some((l) => l.msg === 'model analysis failed, using rules'),
      JSON.stringify(fresh),
    ).toBe(true);
    // What an exception may carry: secret parameters, JSON fields, a bearer token.
    built.ctx.log.warn(
      {
        err: new Error(
          `GET /cb?code=778899&password=Hunter2pass&access_token=AT-998877665544 Authorization: Bearer ${u.token}`,
        ),
        body: { password: 'Body-Pass-123', refresh_token: 'RT-11223344' },
      },
      'upstream failed',
    );
    await new Promise((r) => setTimeout(r, 50));
    const all = rawLog.join('');
    for (const secret of [
      API_KEY,
      API_KEY.slice(3),
      '778899',
      'Hunter2pass',
      'AT-998877665544',
      u.token,
      'Body-Pass-123',
      'RT-11223344',
    ])
      expect(all, secret).not.toContain(secret);
    expect(all).toContain('upstream failed');
  });

  it('a business warning (601) is an answer: logged at info, no error line, no stack', async () => {
    const u = await createUserWithSession({ built } as never);
    const api = makeApiClient(base);
    const saved = await api.post(
      '/bid/client/saveBid',
      { name: '空大纲', modelType: 'standard', pageCount: 20 },
      { token: u.token },
    );
    const before = lines.length;
    const r = await api.post(
      '/ai/client/aiGetExpandRange',
      { bidId: saved.body.data.id },
      { token: u.token },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 601, success: false });
    await new Promise((res) => setTimeout(res, 50));
    const fresh = lines.slice(before);
    const call = fresh.find((l) => l.path === '/api/ai/client/aiGetExpandRange');
    expect(call?.level).toBe(30);
    expect(fresh.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(JSON.stringify(fresh)).not.toContain('"stack"');
  });

  it('logs no password or code from a token call URL, and 4xx answers are not errors', async () => {
    const secret = 'Pa55-word-in-url-7731';
    const res = await fetch(
      `${base}/api/blade-auth/oauth/token?grant_type=password&username=13800000000&password=${secret}&code=654321`,
      { method: 'POST', headers: clientHeaders() },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    await fetch(`${base}/api/no-such-call?code=112233`, { headers: clientHeaders() });
    await new Promise((r) => setTimeout(r, 50));
    const all = rawLog.join('');
    expect(all).not.toContain(secret);
    expect(all).not.toContain('654321');
    expect(all).not.toContain('112233');
    const errors = lines.filter((l) => Number(l.level) >= 50);
    expect(errors, JSON.stringify(errors)).toEqual([]);
    expect(lines.some((l) => l.path === '/api/no-such-call' && l.status === 404 && l.level === 30)).toBe(
      true,
    );
  });

  it('every answer carries a request id, kept from a sane X-Request-ID, and the log lines carry it too', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const a = await fetch(`${base}/api/health`);
    const b = await fetch(`${base}/api/health`);
    const idA = a.headers.get('x-request-id')!;
    expect(idA).toMatch(uuid);
    expect(b.headers.get('x-request-id')).toMatch(uuid);
    expect(b.headers.get('x-request-id')).not.toBe(idA);

    // The proxy's id (nginx $request_id: 32 hex digits) is kept, in the answer and in the log.
    const given = 'f3a1c2d4e5b6978812345678abcdef01';
    const err = await fetch(`${base}/api/no-such-call-for-id`, {
      headers: { ...clientHeaders(), 'x-request-id': given },
    });
    expect(err.status).toBe(404);
    expect(err.headers.get('x-request-id')).toBe(given);
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => l.path === '/api/no-such-call-for-id');
    expect(line?.reqId).toBe(given);
    expect(lines.find((l) => l.path === '/api/health' && l.reqId === idA)).toBeTruthy();

    // Anything that could forge a log field or grow without end is replaced.
    for (const bad of ['a b c d e f g h', 'x'.repeat(200), 'short', '{"level":60}']) {
      const r = await fetch(`${base}/api/health`, { headers: { 'x-request-id': bad } });
      const id = r.headers.get('x-request-id');
      expect(id, bad).toMatch(uuid);
    }
  });

  it('every error body carries the request id of its X-Request-ID header', async () => {
    const u = await createUserWithSession({ built } as never);
    const auth = { ...clientHeaders(), 'content-type': 'application/json' };
    const cases: Array<[string, string, RequestInit]> = [
      ['unknown call (404)', '/api/no-such-call', { headers: clientHeaders() }],
      [
        'not logged in (401)',
        '/api/bid/client/getBidList',
        { method: 'POST', headers: auth, body: JSON.stringify({ current: 1, size: 10 }) },
      ],
      [
        'validation (400)',
        '/api/bid/client/saveBid',
        {
          method: 'POST',
          headers: { ...auth, 'blade-auth': `bearer ${u.token}` },
          body: JSON.stringify({ name: '标书', modelType: 'xx', pageCount: 5 }),
        },
      ],
      ['bad JSON (400)', '/api/bid/client/saveBid', { method: 'POST', headers: auth, body: '{' }],
      ['URL too long (414)', `/api/health?q=${'a'.repeat(10 * 1024)}`, {}],
      // Refused by Node's parser before Fastify: the id is made where the answer is written.
      ['headers too large (431)', `/api/health?q=${'a'.repeat(16 * 1024)}`, {}],
      // A business warning (601, HTTP 200) is a failure envelope too.
      [
        'business warning (601)',
        '/api/bid/client/getBidDetail',
        { method: 'POST', headers: { ...auth, 'blade-auth': `bearer ${u.token}` }, body: '{"id":"1"}' },
      ],
    ];
    for (const [what, url, init] of cases) {
      const res = await fetch(`${base}${url}`, init);
      const body = (await res.json()) as { success: boolean; requestId?: string };
      const id = res.headers.get('x-request-id');
      expect(body.success, what).toBe(false);
      expect(id, what).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.requestId, what).toBe(id);
    }
    // The id a proxy sent is the one in the body, as in the header and the log.
    const given = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const res = await fetch(`${base}/api/no-such-call`, {
      headers: { ...clientHeaders(), 'x-request-id': given },
    });
    expect(((await res.json()) as { requestId: string }).requestId).toBe(given);
    // Successes do not carry it in the body (the header has it).
    const ok = await fetch(`${base}/api/health`);
    expect(Object.keys((await ok.json()) as object)).not.toContain('requestId');
    // The token call's failure has its own shape: request_id, snake case like error_code.
    const token = await fetch(`${base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'sms_code',
        username: '13900001111',
        code: '000000',
      }).toString(),
    });
    const failure = (await token.json()) as { success: boolean; request_id?: string };
    expect(failure.success).toBe(false);
    expect(failure.request_id).toBe(token.headers.get('x-request-id'));
  });

  it('an event stream (hijacked reply) carries the request id too', async () => {
    const u = await createUserWithSession({ built } as never);
    const saved = await makeApiClient(base).post(
      '/bid/client/saveBid',
      { name: '事件流编号', modelType: 'standard', pageCount: 5, tenderText: '项目名称：事件流编号' },
      { token: u.token },
    );
    expect(saved.status).toBe(200);
    const res = await fetch(`${base}/api/ai/client/writingEvents?bidId=${saved.body.data.id}`, {
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${u.token}`, accept: 'text/event-stream' },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await res.body?.cancel();
  });
});
