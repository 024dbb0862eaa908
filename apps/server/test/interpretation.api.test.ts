import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  locatePassage,
  type InterpretationDetail,
  type InterpretationListItem,
  type Page,
} from '@bid/shared';
import { unzip } from '@bid/document/docx/zip';
import { clientHeaders, startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import { client, newWriter, type Client } from './catalog-helpers.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai/server.ts';
import { scriptBidWriter } from './fake-openai/helpers.ts';
import { newId, nowIso } from '../src/lib/ids.ts';

/**
 * File interpretation (招标文件解读): start-analysis answers at once and the analysis runs as a durable
 * job; detail, list, remove and the Word report; foreign ids answer 404; a job whose worker died is
 * taken over when its lease expires; progress moves while a (slow) model works.
 */

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../src/ai/fixtures/${name}.txt`, import.meta.url), 'utf8');
const TENDER = fixture('tender-property');

describe(`file interpretation (${TEST_DB})`, () => {
  let s: TestServer;
  let c: Client;

  beforeAll(async () => {
    s = await startTestServer({ AI_JOB_POLL_MS: '100', AI_JOB_LEASE_MS: '1500' });
    c = await newWriter(s);
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (path: string, query: Record<string, string | number>, token = c.user.token) =>
    s.api.get(path, query, { token });

  it('start-analysis answers at once with a running (or reused) record; the job finishes it with text and offsets', async () => {
    const started = await c.data<InterpretationDetail>('/ai/chat/start-analysis', {
      text: `\n${TENDER}\n`,
      name: '南湖物业',
    });
    expect(started.id).toBeTruthy();
    expect(started.name).toBe('南湖物业');
    expect(['running', 'done']).toContain(started.status);
    expect(started.text).toBeNull();

    const done = await waitForInterpretation(s, c.user.token, started.id);
    expect(done.status).toBe('done');
    expect(done.progress).toBe(100);
    expect(done.stage).toBeNull();
    expect(done.analysis!.project.name).toBe('南湖区人民医院物业管理服务采购项目');
    expect(done.analysis!.scoringItems).toHaveLength(13);
    // The analysed text is the trimmed paste: every item can be shown in it.
    expect(done.text).toBe(TENDER.trim());
    for (const item of done.analysis!.scoringItems) {
      const span = locatePassage(done.text!, item.source, item.name);
      expect(span, item.name).not.toBeNull();
      if (item.source) expect(item.source.end).toBeLessThanOrEqual(done.text!.length);
    }

    // The same text is not analysed twice.
    const again = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { text: TENDER });
    expect(again.id).toBe(started.id);
    expect(again.status).toBe('done');
  });

  it('an uploaded file: the record names the file and keeps its text', async () => {
    const fileId = await c.uploadTender('滨江招标文件.txt', fixture('tender-it-gov'));
    const r = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { fileId });
    expect(r.name).toBe('滨江招标文件');
    expect(r.file).toMatchObject({ fileId, kind: 'txt' });
    const done = await waitForInterpretation(s, c.user.token, r.id);
    expect(done.analysis!.project.name).toBe('滨江市政务服务数据共享平台建设项目');
    expect(done.text).toContain('滨江市政务服务数据共享平台建设项目');
    expect(done.file?.name).toBe('滨江招标文件.txt');
  });

  it("list: newest first, a page of the caller's own records; bad paging is a Chinese 400", async () => {
    const w = await newWriter(s);
    const a = await w.data<InterpretationDetail>('/ai/chat/start-analysis', {
      text: fixture('tender-construction'),
      name: '第一份',
    });
    const b = await w.data<InterpretationDetail>('/ai/chat/start-analysis', { text: TENDER, name: '第二份' });
    await waitForInterpretation(s, w.user.token, a.id);
    await waitForInterpretation(s, w.user.token, b.id);
    const page = (await get('/ai/fileInterpretationClient/list', { current: 1, size: 10 }, w.user.token)).body
      .data as Page<InterpretationListItem>;
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.name)).toEqual(['第二份', '第一份']);
    expect(page.records[0]).toMatchObject({ status: 'done', progress: 100, fileKind: null });
    expect(page.records[0].chars).toBe(TENDER.trim().length);
    const second = (await get('/ai/fileInterpretationClient/list', { current: 2, size: 1 }, w.user.token))
      .body.data as Page<InterpretationListItem>;
    expect(second.records.map((r) => r.name)).toEqual(['第一份']);
    const bad = await get('/ai/fileInterpretationClient/list', { current: 1, size: 0 }, w.user.token);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/每页条数/);
  });

  it('export: a .docx report with the facts, a real scoring table, ★ and 废标 clauses, dates and materials', async () => {
    const r = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { text: TENDER });
    const done = await waitForInterpretation(s, c.user.token, r.id);
    const res = await fetch(`${s.baseUrl}/api/ai/fileInterpretationClient/export-fileInterpretation`, {
      method: 'POST',
      headers: {
        ...clientHeaders(),
        'blade-auth': `bearer ${c.user.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id: r.id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('wordprocessingml');
    expect(decodeURIComponent(res.headers.get('content-disposition')!)).toContain(
      `${done.name}-解读报告.docx`,
    );
    const files = unzip(new Uint8Array(await res.arrayBuffer()));
    const xml = new TextDecoder().decode(files.get('word/document.xml'));
    const plain = xml.replace(/<[^>]+>/g, '');
    for (const heading of [
      '项目概况',
      '资格要求',
      '评分标准',
      '★号与▲号条款',
      '废标与无效投标条款',
      '关键时间节点',
      '投标保证金',
      '需要准备的材料',
    ])
      expect(plain).toContain(heading);
    expect(plain.replace(/\s+/g, '')).toContain('招标文件解读报告');
    expect(plain).not.toContain('投标保证金缴纳凭证');
    expect(plain).toContain('南湖区人民医院物业管理服务采购项目');
    // The scoring table is a Word table holding every item.
    expect((xml.match(/<w:tbl>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    for (const item of done.analysis!.scoringItems) expect(plain).toContain(item.name);
    expect(plain).toContain(done.analysis!.starClauses[0].text.slice(0, 20));
    expect(plain).toContain(done.analysis!.disqualifications[0].slice(0, 20));
  });

  it('foreign and missing ids answer 404 everywhere; bad input answers a Chinese 400 and changes nothing', async () => {
    const r = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { text: TENDER });
    const other = client(s, await createUserWithSession(s));
    expect((await get('/ai/fileInterpretationClient/detail', { id: r.id }, other.user.token)).body.code).toBe(
      404,
    );
    expect((await other.call('/ai/fileInterpretationClient/remove', { id: r.id })).code).toBe(404);
    expect(
      (await other.call('/ai/fileInterpretationClient/export-fileInterpretation', { id: r.id })).code,
    ).toBe(404);
    expect((await get('/ai/fileInterpretationClient/detail', { id: 'no-such-id' })).body.code).toBe(404);
    expect((await c.call('/ai/fileInterpretationClient/remove', { id: 'no-such-id' })).code).toBe(404);
    const otherList = (
      await get('/ai/fileInterpretationClient/list', { current: 1, size: 10 }, other.user.token)
    ).body.data;
    expect(otherList.total).toBe(0);
    // The record is untouched by the foreign calls.
    expect((await waitForInterpretation(s, c.user.token, r.id)).status).toBe('done');

    const empty = await c.call('/ai/chat/start-analysis', {});
    expect(empty.status).toBe(400);
    expect(empty.msg).toMatch(/请上传招标文件或粘贴招标文件内容/);
    const blank = await c.call('/ai/chat/start-analysis', { text: '   \n  ' });
    expect(blank.status).toBe(400);
    const foreignFile = await other.call('/ai/chat/start-analysis', { fileId: 'no-such-file' });
    expect(foreignFile.code).toBe(404);
    const noId = await c.call('/ai/fileInterpretationClient/export-fileInterpretation', {});
    expect(noId.status).toBe(400);
    expect(noId.msg).toMatch(/id/);
  });

  it('remove: the record is gone from detail and list; export of a removed record is 404', async () => {
    const w = await newWriter(s);
    const r = await w.data<InterpretationDetail>('/ai/chat/start-analysis', { text: TENDER, name: '待删除' });
    await waitForInterpretation(s, w.user.token, r.id);
    expect(await w.data('/ai/fileInterpretationClient/remove', { id: r.id })).toBeNull();
    expect((await get('/ai/fileInterpretationClient/detail', { id: r.id }, w.user.token)).body.code).toBe(
      404,
    );
    expect(
      (await get('/ai/fileInterpretationClient/list', { current: 1, size: 10 }, w.user.token)).body.data
        .total,
    ).toBe(0);
    expect((await w.call('/ai/fileInterpretationClient/export-fileInterpretation', { id: r.id })).code).toBe(
      404,
    );
    // Removing it again is a 404, not a 500.
    expect((await w.call('/ai/fileInterpretationClient/remove', { id: r.id })).code).toBe(404);
  });

  it('a job whose worker died (lease expired) is taken over and finishes the record', async () => {
    const db = s.built.ctx.db;
    const id = newId();
    const jobId = newId();
    const now = nowIso();
    const past = new Date(Date.now() - 60_000).toISOString();
    await db
      .insertInto('interpretations')
      .values({
        id,
        user_id: c.user.userId,
        tenant_id: c.user.tenantId,
        name: '中断的解读',
        file_id: null,
        status: 'running',
        error: null,
        analysis: null,
        text_hash: `crashed-${id}`,
        tier: 'standard',
        created_at: now,
        updated_at: now,
        text: TENDER,
        chars: TENDER.length,
        progress: 40,
        stage: '解析评分标准、★号条款、废标条款与关键时间',
        job_id: jobId,
      })
      .execute();
    // What a process killed in the middle of the analysis leaves behind: a running job whose lease nobody
    // renews any more (it runs out a moment from now).
    const leaseEnds = new Date(Date.now() + 1_500).toISOString();
    await db
      .insertInto('jobs')
      .values({
        id: jobId,
        kind: 'interpretation',
        dedupe_key: `interpretation:${id}`,
        owner_id: c.user.userId,
        payload: JSON.stringify({ id }),
        status: 'running',
        attempts: 1,
        max_attempts: 5,
        lease_owner: 'dead-host:1:dead',
        lease_expires_at: leaseEnds,
        cancel_requested: 0,
        progress: null,
        error: null,
        created_at: past,
        updated_at: past,
        started_at: past,
        finished_at: null,
      })
      .execute();
    const running = (await get('/ai/fileInterpretationClient/detail', { id })).body
      .data as InterpretationDetail;
    expect(running.status).toBe('running');
    expect(running.progress).toBe(40);
    const done = await waitForInterpretation(s, c.user.token, id, 30_000);
    expect(done.status).toBe('done');
    expect(done.analysis!.scoringItems).toHaveLength(13);
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(2);
  });

  it('a job the queue gave up on reads as failed with a Chinese message, and can be removed', async () => {
    const db = s.built.ctx.db;
    const id = newId();
    const jobId = newId();
    const now = nowIso();
    await db
      .insertInto('interpretations')
      .values({
        id,
        user_id: c.user.userId,
        tenant_id: c.user.tenantId,
        name: '放弃的解读',
        file_id: null,
        status: 'running',
        error: null,
        analysis: null,
        text_hash: `failed-${id}`,
        tier: 'standard',
        created_at: now,
        updated_at: now,
        text: TENDER,
        chars: TENDER.length,
        progress: 30,
        stage: null,
        job_id: jobId,
      })
      .execute();
    await db
      .insertInto('jobs')
      .values({
        id: jobId,
        kind: 'interpretation',
        dedupe_key: null,
        owner_id: c.user.userId,
        payload: JSON.stringify({ id }),
        status: 'failed',
        attempts: 6,
        max_attempts: 5,
        lease_owner: null,
        lease_expires_at: null,
        cancel_requested: 0,
        progress: null,
        error: 'worker crashed',
        created_at: now,
        updated_at: now,
        started_at: now,
        finished_at: now,
      })
      .execute();
    const listed = (
      (await get('/ai/fileInterpretationClient/list', { current: 1, size: 100 })).body
        .data as Page<InterpretationListItem>
    ).records.find((r) => r.id === id);
    expect(listed).toMatchObject({ status: 'error', error: '解析失败，请重新解析' });
    const d = (await get('/ai/fileInterpretationClient/detail', { id })).body.data as InterpretationDetail;
    expect(d.status).toBe('error');
    expect(d.error).toBe('解析失败，请重新解析');
    expect((await c.call('/ai/fileInterpretationClient/export-fileInterpretation', { id })).status).toBe(400);
    expect(await c.data('/ai/fileInterpretationClient/remove', { id })).toBeNull();
  });
});

describe(`file interpretation with a slow model (${TEST_DB})`, () => {
  let fake: FakeOpenAi;
  let s: TestServer;

  beforeAll(async () => {
    // About three seconds per analysis: long enough to watch the progress move.
    fake = await startFakeOpenAi({ firstTokenDelayMs: 300, tokensPerSecond: 400, charsPerToken: 3 });
    scriptBidWriter(fake);
    s = await startTestServer({
      AI_STANDARD_BASE_URL: fake.url,
      AI_STANDARD_API_KEY: 'k',
      AI_STANDARD_MODEL: 'fake-slow',
      AI_JOB_POLL_MS: '100',
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it("progress rises while the model works, then the model's analysis is kept", async () => {
    const c = await newWriter(s);
    const r = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { text: TENDER });
    expect(r.status).toBe('running');
    const seen: number[] = [];
    let d: InterpretationDetail = r;
    const end = Date.now() + 60_000;
    while (d.status === 'running' && Date.now() < end) {
      d = (await s.api.get('/ai/fileInterpretationClient/detail', { id: r.id }, { token: c.user.token })).body
        .data;
      if (d.status === 'running') {
        seen.push(d.progress);
        expect(d.stage).toBeTruthy();
      }
      await new Promise((res) => setTimeout(res, 150));
    }
    expect(d.status).toBe('done');
    expect(d.analysis!.engine).toBe('openai');
    expect(d.analysis!.model).toBe('fake-slow');
    const moving = seen.filter((p) => p > 10 && p < 100);
    expect(moving.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
  });

  it(
    'a server stopped in the middle of an analysis gives the job back; the next server on the same data finishes it',
    { timeout: 90_000 },
    async () => {
      const env = {
        AI_STANDARD_BASE_URL: fake.url,
        AI_STANDARD_API_KEY: 'k',
        AI_STANDARD_MODEL: 'fake-slow',
        AI_JOB_POLL_MS: '100',
      };
      const first = await startTestServer(env);
      let second: TestServer | undefined;
      try {
        const user = await createUserWithSession(first);
        const started = (
          await first.api.post(
            '/ai/chat/start-analysis',
            { text: fixture('tender-construction') },
            { token: user.token },
          )
        ).body.data as InterpretationDetail;
        // Stop while the model is still answering.
        const end = Date.now() + 20_000;
        let d = started;
        while (d.status === 'running' && d.progress < 15 && Date.now() < end) {
          await new Promise((res) => setTimeout(res, 100));
          d = (
            await first.api.get(
              '/ai/fileInterpretationClient/detail',
              { id: started.id },
              { token: user.token },
            )
          ).body.data;
        }
        expect(d.status).toBe('running');
        const modelCalls = fake.requests.length;
        await first.close({ keepData: true });

        second = await startTestServer(env, { dataDir: first.dataDir, pgSchema: first.pgSchema });
        const job = await second.built.ctx.db
          .selectFrom('interpretations')
          .select(['job_id'])
          .where('id', '=', started.id)
          .executeTakeFirstOrThrow();
        const done = await waitForInterpretation(second, user.token, started.id, 60_000);
        expect(done.status).toBe('done');
        expect(done.analysis!.model).toBe('fake-slow');
        expect(done.analysis!.scoringItems.length).toBeGreaterThan(0);
        // The second server asked the model again (the first answer was cut off by the stop).
        expect(fake.requests.length).toBeGreaterThan(modelCalls);
        const jobRow = await second.built.ctx.db
          .selectFrom('jobs')
          .selectAll()
          .where('id', '=', job.job_id!)
          .executeTakeFirstOrThrow();
        expect(jobRow.status).toBe('done');
      } finally {
        await second?.close();
        if (!second) await first.close().catch(() => undefined);
      }
    },
  );
});
