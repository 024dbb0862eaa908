import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { openDatabase, type DbHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { SessionRepo } from '../src/modules/session/repo.ts';
import { SessionService } from '../src/modules/session/service.ts';
import { newId, nowIso } from '../src/lib/ids.ts';
import { makeApiClient, TEST_DB, TEST_QUEUE } from './helpers/test-server.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai/server.ts';
import { scriptBidWriter } from './fake-openai/helpers.ts';

/**
 * The full-text job survives SIGKILL: a real server process is killed with -9 while it writes,
 * started again on the same data, and the job completes with every chapter written exactly once
 * and the quota charged once (at saveBid).
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) =>
  fs.readFileSync(new URL(`../src/ai/fixtures/${name}.txt`, import.meta.url), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let fake: FakeOpenAi;
let dataDir: string;
let databaseUrl: string | undefined;
let pgSchema: string | undefined;
const children: ChildProcess[] = [];

function openDb(): DbHandle {
  return openDatabase({ databaseUrl, dataDir, pgSchema });
}

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AI_STANDARD_BASE_URL: fake.url,
    AI_STANDARD_API_KEY: 'crash-test',
    AI_STANDARD_MODEL: 'fake-crash',
    AI_STANDARD_CONCURRENCY: '2',
    AI_JOB_LEASE_MS: '2000',
    AI_JOB_POLL_MS: '200',
    AI_EVENT_POLL_MS: '500',
  };
  delete env.DATABASE_URL;
  // The api-redis project: the restarted server finds the job in BullMQ under the same prefix.
  if (TEST_QUEUE === 'bull') {
    env.REDIS_URL = process.env.TEST_REDIS_URL!;
    env.REDIS_PREFIX = `bidtest-${path.basename(dataDir)}`;
  }
  if (databaseUrl)
    env.DATABASE_URL = `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
  return { child, baseUrl };
}

async function createUser(): Promise<{ userId: string; token: string }> {
  const h = openDb();
  try {
    await migrateToLatest(h.db);
    const now = nowIso();
    const userId = newId();
    const tenantId = newId();
    await h.db
      .insertInto('tenants')
      .values({
        id: tenantId,
        name: '',
        registration_no: null,
        admin_user_id: userId,
        bid_number: 0,
        month_bid_number: 0,
        temporary_bid_number: 0,
        grant_bid_number: 0,
        package_unit: null,
        package_unlimited_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await h.db
      .insertInto('users')
      .values({
        id: userId,
        tenant_id: tenantId,
        phone: '13900001111',
        account: '13900001111',
        name: '',
        password_hash: null,
        wechat_openid: null,
        source: 'pc',
        regist_source: null,
        invitation_code: null,
        extension_code: null,
        own_invite_code: newId(),
        invited_by: null,
        is_employee: 0,
        role: 'personal',
        bid_number: 5,
        month_bid_number: 0,
        temporary_bid_number: 0,
        grant_bid_number: 0,
        package_unit: null,
        package_unlimited_until: null,
        expire_date: null,
        bid_file_show_flag: 1,
        project_list_show_flag: 1,
        need_user_info: 1,
        is_buy: 0,
        premium_disabled: 0,
        standard_disabled: 0,
        status: 'active',
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const { token } = await new SessionService(new SessionRepo(h.db), 3600).create(userId, tenantId);
    return { userId, token };
  } finally {
    await h.close();
  }
}

beforeAll(async () => {
  // Each chapter takes about 0.4 s: long enough to be killed in the middle of the job (the kill
  // comes after the third chapter, of dozens), short enough not to hold the suite for a minute.
  fake = await startFakeOpenAi({ firstTokenDelayMs: 100, tokensPerSecond: 400, charsPerToken: 4 });
  scriptBidWriter(fake);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-crash-'));
  if (TEST_DB === 'pg') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`create schema ${pgSchema}`);
    await c.end();
  }
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await fake?.close();
  if (pgSchema && databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`drop schema if exists ${pgSchema} cascade`);
    await c.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`full-text job across SIGKILL (${TEST_DB})`, () => {
  it(
    'resumes after kill -9: completes, no chapter written twice, no duplicate version, quota charged once',
    { timeout: 180_000 },
    async () => {
      const { userId, token } = await createUser();
      let server = await startServer();
      let api = makeApiClient(server.baseUrl);
      const data = async (p: string, body: unknown) => {
        const r = await api.post(p, body, { token });
        if (r.body?.code !== 200) throw new Error(`${p}: ${r.status} ${JSON.stringify(r.body)}`);
        return r.body.data;
      };

      const { id: bidId } = await data('/bid/client/saveBid', {
        name: '崩溃恢复',
        modelType: 'standard',
        pageCount: 10,
        tenderText: fixture('tender-property'),
      });
      const tree: CatalogNode[] = await data('/ai/client/aiGetBidCatalog', { bidId });
      const { jobId } = await data('/ai/client/aiGetExpandRange', { bidId });

      // Let a few chapters finish, then kill the process without a chance to clean up.
      let doneBeforeKill: string[] = [];
      for (let i = 0; i < 300; i++) {
        const st: Array<{ id: string; status: string }> = await data('/catalog/client/getBidCatalogStatus', {
          bidId,
        });
        doneBeforeKill = st.filter((x) => x.status === 'done').map((x) => x.id);
        if (doneBeforeKill.length >= 3) break;
        await sleep(100);
      }
      const total = (await data('/ai/client/isWriting', { bidId })).total;
      expect(doneBeforeKill.length).toBeGreaterThanOrEqual(3);
      expect(doneBeforeKill.length).toBeLessThan(total);
      server.child.kill('SIGKILL');
      await new Promise((r) => server.child.once('exit', r));
      const killedAt = Date.now();

      server = await startServer();
      api = makeApiClient(server.baseUrl);
      let w: { writing: boolean; done: number; total: number } = { writing: true, done: 0, total };
      for (let i = 0; i < 600 && w.writing; i++) {
        await sleep(200);
        w = await data('/ai/client/isWriting', { bidId });
      }
      expect(w).toMatchObject({ writing: false, done: total, total });
      expect((await data('/bid/client/getBidDetail', { id: bidId })).progress).toBe(100);

      // Chapters saved before the kill were not asked of the model again.
      const pathsOf = (nodes: CatalogNode[], trail: string[] = []): Array<[string, string]> =>
        nodes.flatMap((n) => [
          [n.id, [...trail, n.title].join(' > ')] as [string, string],
          ...pathsOf(n.children, [...trail, n.title]),
        ]);
      const paths = new Map(pathsOf(tree));
      const after = fake.requests.filter((r) => r.at > killedAt && r.prompt.includes('【任务：撰写章节】'));
      expect(after.length).toBeGreaterThan(0);
      for (const id of doneBeforeKill) {
        const p = `当前章节：${paths.get(id)}\n`;
        expect(
          after.filter((r) => r.prompt.includes(p)),
          paths.get(id),
        ).toHaveLength(0);
      }
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));

      const h = openDb();
      try {
        const job = await h.db
          .selectFrom('jobs')
          .selectAll()
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow();
        expect(job.status).toBe('done');
        expect(job.attempts).toBe(2);
        const rows = await h.db
          .selectFrom('ai_job_chapters')
          .selectAll()
          .where('job_id', '=', jobId)
          .execute();
        expect(rows).toHaveLength(total);
        expect(rows.every((r) => r.status === 'done' && r.version_id)).toBe(true);
        // Exactly one AI version per chapter.
        const versions = await h.db
          .selectFrom('catalog_content_versions')
          .select(['catalog_id', 'source'])
          .where('bid_id', '=', bidId)
          .execute();
        for (const r of rows)
          expect(
            versions.filter((v) => v.catalog_id === r.catalog_id && v.source === 'ai'),
            r.catalog_id,
          ).toHaveLength(1);
        // One quota unit, taken by saveBid; the job took none.
        const user = await h.db
          .selectFrom('users')
          .select(['bid_number'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        expect(user.bid_number).toBe(4);
        const logs = await h.db
          .selectFrom('user_bid_logs')
          .selectAll()
          .where('user_id', '=', userId)
          .execute();
        expect(logs).toHaveLength(1);
      } finally {
        await h.close();
      }
    },
  );
});
