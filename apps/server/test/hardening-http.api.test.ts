import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { buildApp, type BuiltApp } from '../src/app.ts';
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

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-http-'));
  const sink = new Writable({
    write(chunk, _enc, done) {
      const text = chunk.toString();
      rawLog.push(text);
      for (const l of text.split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...(TEST_DB === 'pg' ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}) });
  if (TEST_DB === 'pg') await pgQuery(`create schema ${pgSchema}`);
  built = await buildApp(config, { logger: pino({ level: 'info' }, sink), ...(TEST_DB === 'pg' ? { pgSchema } : {}) });
  base = (await built.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
});
afterAll(async () => {
  await built?.close();
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

  it('logs no password or code from a token call URL, and 4xx answers are not errors', async () => {
    const secret = 'Pa55-word-in-url-7731';
    const res = await fetch(`${base}/api/blade-auth/oauth/token?grant_type=password&username=13800000000&password=${secret}&code=654321`, { method: 'POST', headers: clientHeaders() });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await fetch(`${base}/api/no-such-call?code=112233`, { headers: clientHeaders() });
    await new Promise((r) => setTimeout(r, 50));
    const all = rawLog.join('');
    expect(all).not.toContain(secret);
    expect(all).not.toContain('654321');
    expect(all).not.toContain('112233');
    const errors = lines.filter((l) => Number(l.level) >= 50);
    expect(errors, JSON.stringify(errors)).toEqual([]);
    expect(lines.some((l) => l.path === '/api/no-such-call' && l.status === 404 && l.level === 30)).toBe(true);
  });
});
