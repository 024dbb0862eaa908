import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { AccountsInfra } from '../src/modules/auth/accounts.ts';
import { createCompany } from '../src/modules/employee/service.ts';
import { startTestServer, TEST_DB, type ApiResult, type TestServer } from './helpers/test-server.ts';
import { nextPhone } from './helpers/fixtures.ts';

export { nextPhone };

/** Every accounts test server trusts X-Forwarded-For so that each test can act from its own address. */
export function startAccountsServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ TRUST_PROXY: 'true', ...env });
}

let ipSeq = 0;
/** A fresh client address (the per-IP SMS cap is 30 a day). */
export function nextIp(): string {
  ipSeq += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export function infra(s: TestServer): AccountsInfra {
  return s.built.ctx.services.accounts;
}

/** Moves the accounts clock (codes, captchas, scenes, rate limits) by `ms` from real time. */
export function shiftClock(s: TestServer, ms: number): void {
  infra(s).clock.now = () => Date.now() + ms;
}

/** Moves the accounts clock forward by `ms` from wherever it is now. */
export function advanceClock(s: TestServer, ms: number): void {
  const clock = infra(s).clock;
  const before = clock.now.bind(clock);
  clock.now = () => before() + ms;
}

export function resetClock(s: TestServer): void {
  infra(s).clock.now = () => Date.now();
}

export interface OutboxLine {
  phone: string;
  code: string;
  purpose: string;
  at: string;
}

export function readOutbox(s: TestServer): OutboxLine[] {
  const file = path.join(s.dataDir, 'sms-outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutboxLine);
}

export function lastCode(s: TestServer, phone: string, purpose = 'login'): string {
  const hit = readOutbox(s)
    .filter((l) => l.phone === phone && l.purpose === purpose)
    .at(-1);
  if (!hit) throw new Error(`no ${purpose} code for ${phone} in the outbox`);
  return hit.code;
}

/** POST /api/blade-auth/oauth/token with a form body (as the web app sends it). */
export function tokenCall(
  s: TestServer,
  params: Record<string, string>,
  headers: Record<string, string> = {},
  ip = nextIp(),
): Promise<ApiResult> {
  return s.api.call('/blade-auth/oauth/token', undefined, {
    method: 'POST',
    raw: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...headers },
  });
}

export async function sendLoginCode(s: TestServer, phone: string, ip = nextIp()): Promise<ApiResult> {
  return s.api.post(
    '/blade-system/client/send-validate-not-auth',
    { phone },
    { headers: { 'x-forwarded-for': ip } },
  );
}

/** Logs in (registering when new) by SMS code read from the outbox; returns the token answer. */
export async function loginBySms(
  s: TestServer,
  phone: string,
  extra: Record<string, string> = {},
): Promise<{ token: string; body: any }> {
  const sent = await sendLoginCode(s, phone);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const r = await tokenCall(s, {
    grant_type: 'sms_code',
    username: phone,
    code: lastCode(s, phone),
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { token: r.body.access_token, body: r.body };
}

export async function userInfo(s: TestServer, token: string): Promise<any> {
  const r = await s.api.post('/blade-system/client/get-userInfo', {}, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/**
 * Sets a password through the SMS path (purpose change-password) for a logged-in user. The clock
 * moves 61 s first: one phone gets at most one code a minute, whatever the purpose.
 */
export async function setPassword(
  s: TestServer,
  token: string,
  phone: string,
  password: string,
): Promise<void> {
  advanceClock(s, 61_000);
  const sent = await s.api.post(
    '/blade-system/client/send-validate-logged',
    { purpose: 'change-password' },
    { token, headers: { 'x-forwarded-for': nextIp() } },
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const r = await s.api.post(
    '/blade-system/client/update-password',
    { newPassword: md5(password), code: lastCode(s, phone, 'change-password') },
    { token },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A company with an administrator who is logged in by SMS. */
export async function companyWithAdmin(
  s: TestServer,
  name: string,
  bids = 0,
): Promise<{ tenantId: string; adminId: string; phone: string; token: string }> {
  const phone = nextPhone();
  const { tenantId, userId } = await createCompany(s.built.ctx.db, { name, phone, bids });
  const { token } = await loginBySms(s, phone);
  return { tenantId, adminId: userId, phone, token };
}

/**
 * Everything the database holds, as bytes: the SQLite files (main, WAL, shared memory) or, on
 * PostgreSQL, every row of every table of the test schema rendered as text.
 */
export async function databaseBytes(s: TestServer): Promise<Buffer> {
  if (TEST_DB === 'sqlite') {
    const files = fs.readdirSync(s.dataDir).filter((f) => f.startsWith('bid.sqlite'));
    expect(files).toContain('bid.sqlite');
    return Buffer.concat(files.map((f) => fs.readFileSync(path.join(s.dataDir, f))));
  }
  const db = s.built.ctx.db;
  const tables = await sql<{
    table_name: string;
  }>`select table_name from information_schema.tables where table_schema = current_schema()`.execute(db);
  const parts: string[] = [];
  for (const t of tables.rows) {
    const rows = await sql.raw(`select * from "${t.table_name}"`).execute(db);
    parts.push(JSON.stringify(rows.rows));
  }
  return Buffer.from(parts.join('\n'));
}
