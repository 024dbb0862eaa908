import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';

/**
 * Fair parsing (issue 29): one user's 30 uploads at once never make another user wait for more than
 * one parse. The parse children run a stand-in (test/fixtures/slow-parse.fixture.ts: the real parser,
 * held 300 ms per file) that logs when each parse starts and ends; the test reads that order.
 */

const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parse-fair-')), 'parses.log');
let s: TestServer;
let heavy: TestUser;
let light: TestUser;

beforeAll(async () => {
  process.env.SLOW_PARSE_LOG = logFile;
  process.env.SLOW_PARSE_MS = '300';
  s = await startTestServer({ PARSE_PARALLEL: '2', PARSE_USER_CONCURRENCY: '2' }, undefined, {
    parseWorker: new URL('./fixtures/slow-parse.fixture.ts', import.meta.url),
  });
  heavy = await createUserWithSession(s);
  light = await createUserWithSession(s);
});
afterAll(async () => {
  await s?.close();
  delete process.env.SLOW_PARSE_LOG;
  delete process.env.SLOW_PARSE_MS;
});

async function upload(user: TestUser, label: string): Promise<{ code: number; ms: number }> {
  const fd = new FormData();
  const body = `${label}\n项目名称：${label} 测试项目\n评分标准：技术方案 30 分\n`;
  fd.append('file', new Blob([body]), `${label}.txt`);
  const t = Date.now();
  const res = await fetch(`${s.baseUrl}/api/file/client/uploadTender`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${user.token}` },
    body: fd,
  });
  const json = (await res.json()) as { code: number };
  return { code: json.code, ms: Date.now() - t };
}

const marks = () =>
  fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

describe(`fair parsing (${TEST_DB})`, () => {
  it("another user's upload waits for one parse at most while one user sends 30 at once", async () => {
    const idle = await upload(light, 'L-idle');
    expect(idle.code).toBe(200);

    const heavyUploads = Array.from({ length: 30 }, (_, i) =>
      upload(heavy, `H-${String(i).padStart(2, '0')}`),
    );
    // All 30 have reached the parse queue: the ones not running wait in it.
    const parser = s.built.ctx.services.file.parser;
    await until(() => parser.queued >= 28);
    const before = marks();
    const endsBefore = before.filter((m) => m.startsWith('end H-')).length;
    const mine = await upload(light, 'L-busy');
    expect(mine.code).toBe(200);
    const after = marks();
    const startAt = after.indexOf('start L-busy');
    const endsUntilStart = after.slice(0, startAt).filter((m) => m.startsWith('end H-')).length;
    console.log(
      `fair parsing: idle upload ${idle.ms} ms, under 30 parallel uploads ${mine.ms} ms; ` +
        `${endsUntilStart - endsBefore} of the other user's parses ended before it started`,
    );
    expect(startAt).toBeGreaterThan(0);
    expect(endsUntilStart - endsBefore).toBeLessThanOrEqual(1);
    // The heavy user's uploads all succeed, and never ran more than two at once.
    const results = await Promise.all(heavyUploads);
    expect(results.every((r) => r.code === 200)).toBe(true);
    let running = 0;
    let peak = 0;
    for (const m of marks()) {
      if (!m.includes(' H-')) continue;
      running += m.startsWith('start') ? 1 : -1;
      peak = Math.max(peak, running);
    }
    expect(peak).toBeLessThanOrEqual(2);
  }, 120_000);
});
