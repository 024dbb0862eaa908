import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode, TenderAnalysis } from '@bid/shared';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { flatten, newWriter, type Client } from './catalog-helpers.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import { startFakeOpenAi, fillerText, type FakeOpenAi } from './fake-openai/server.ts';
import { readSse, scriptBidWriter, streamCall } from './fake-openai/helpers.ts';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../src/ai/fixtures/${name}.txt`, import.meta.url), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const leaves = (tree: CatalogNode[]) => flatten(tree).filter((n) => n.children.length === 0);

/** The chapter's path as the prompt states it (`当前章节：A > B > C`). */
function pathLine(tree: CatalogNode[], id: string): string {
  const walk = (nodes: CatalogNode[], trail: string[]): string[] | null => {
    for (const n of nodes) {
      if (n.id === id) return [...trail, n.title];
      const f = walk(n.children, [...trail, n.title]);
      if (f) return f;
    }
    return null;
  };
  return `当前章节：${walk(tree, [])!.join(' > ')}\n`;
}

/** A leaf under the technical part (several chapters share a title; the path tells them apart). */
function technicalLeaf(tree: CatalogNode[], index = 0): CatalogNode {
  // The model's 技术部分 (kept under the tender's mandated technical chapter when there is one).
  const tech = flatten(tree).find((n) => n.title === '技术部分')!;
  return leaves(tech.children)[index];
}

let s: TestServer;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ charsPerToken: 4 });
  scriptBidWriter(fake);
  s = await startTestServer({
    AI_STANDARD_BASE_URL: fake.url,
    AI_STANDARD_API_KEY: 'test-key-standard',
    AI_STANDARD_MODEL: 'fake-standard',
    AI_STANDARD_CONCURRENCY: '4',
    AI_PREMIUM_BASE_URL: fake.url,
    AI_PREMIUM_API_KEY: 'test-key-premium',
    AI_PREMIUM_MODEL: 'fake-premium',
    AI_PREMIUM_CONCURRENCY: '3',
    AI_RETRY_BACKOFF_MS: '20',
  });
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

async function waitForJob(c: Client, bidId: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const w = await c.data('/ai/client/isWriting', { bidId });
    if (!w.writing) return w;
    if (Date.now() > end) throw new Error('full-text job did not finish');
    await sleep(150);
  }
}

async function bidWithOutline(c: Client, name: string, modelType: 'standard' | 'premium', pageCount = 20) {
  const { id: bidId } = await c.data('/bid/client/saveBid', {
    name,
    modelType,
    pageCount,
    tenderText: fixture(name),
  });
  const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId });
  return { bidId, tree };
}

describe(`AI through an OpenAI-compatible provider (fake server, ${TEST_DB})`, () => {
  it('health answers openai', async () => {
    expect((await s.api.get('/health')).body.data.ai).toBe('openai');
  });

  it('premium bid: analysis, outline and every chapter go to the premium model, streamed; coverage is repaired in code', async () => {
    const c = await newWriter(s);
    const before = fake.requests.length;
    const { bidId, tree } = await bidWithOutline(c, 'tender-property', 'premium');
    const analysis = (await c.data('/bid/client/getBidDetail', { id: bidId })).analysis as TenderAnalysis;
    expect(analysis.engine).toBe('openai');
    expect(analysis.model).toBe('fake-premium');
    const mapped = new Set(
      flatten(tree).flatMap((n) => ((n.scoringItems ?? []) as Array<{ id: string }>).map((i) => i.id)),
    );
    // The fake model left out the last item; the server put it back.
    for (const item of analysis.scoringItems) expect(mapped).toContain(item.id);

    await c.data('/ai/client/aiGetExpandRange', { bidId });
    const w = await waitForJob(c, bidId);
    expect(w.done).toBe(w.total);
    const mine = fake.requests.slice(before);
    expect(mine.length).toBeGreaterThan(w.total);
    for (const r of mine) {
      expect(r.model).toBe('fake-premium');
      expect(r.stream).toBe(true);
    }
    expect(mine.filter((r) => r.prompt.includes('【任务：招标分析】'))).toHaveLength(1);
    expect(mine.filter((r) => r.prompt.includes('【任务：招标分析】'))[0].json).toBe(true);
    const after = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
    for (const leaf of leaves(after)) {
      expect(leaf.status).toBe('done');
      // Tables built from the analysis (the scoring index, response tables) are written by rule.
      expect(leaf.engine).toBe(/索引表|偏离表|响应表/.test(leaf.title) ? 'offline' : 'openai:fake-premium');
    }
    // Each chapter prompt carries the facts, the path, the neighbours and the budget.
    const chapterPrompt = mine.find(
      (r) => r.prompt.includes('【任务：撰写章节】') && r.prompt.includes(' > '),
    )!.prompt;
    expect(chapterPrompt).toContain('南湖区人民医院物业管理服务采购项目');
    expect(chapterPrompt).toMatch(/当前章节：.+ > /);
    expect(chapterPrompt).toMatch(/约 \d+ 字/);
    expect(chapterPrompt).toContain('同级的其他章节');
  });

  it('standard bid uses the standard model; a 429 is retried and the job completes', async () => {
    const c = await newWriter(s);
    const { bidId } = await bidWithOutline(c, 'tender-it-gov', 'standard');
    const before = fake.requests.length;
    fake.fault({ kind: 'status', status: 429, retryAfter: 0, match: '【任务：撰写章节】', times: 2 });
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    const w = await waitForJob(c, bidId);
    expect(w.done).toBe(w.total);
    const mine = fake.requests.slice(before);
    expect(mine.filter((r) => r.outcome === 'status:429')).toHaveLength(2);
    expect(new Set(mine.map((r) => r.model))).toEqual(new Set(['fake-standard']));
  });

  it('a mid-stream disconnect is retried once; broken again, that chapter is in error; retrying it alone completes it', async () => {
    const c = await newWriter(s);
    const { bidId, tree } = await bidWithOutline(c, 'tender-construction', 'standard');
    const victim = technicalLeaf(tree, 3);
    const before = fake.requests.length;
    fake.fault({ kind: 'disconnect', afterTokens: 5, match: pathLine(tree, victim.id), times: 2 });
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    const w = await waitForJob(c, bidId);
    expect(w.done).toBe(w.total - 1);
    expect(w.failed).toBe(1);
    expect(
      fake.requests
        .slice(before)
        .filter((r) => r.prompt.includes(pathLine(tree, victim.id)) && r.outcome === 'disconnect'),
    ).toHaveLength(2);
    const statuses = await c.data<Array<{ id: string; status: string }>>(
      '/catalog/client/getBidCatalogStatus',
      { bidId },
    );
    expect(statuses.find((x) => x.id === victim.id)!.status).toBe('error');
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).progress).toBeLessThan(100);
    const events = await readSse(
      await streamCall(s, c.user.token, `/ai/client/writingEvents?bidId=${bidId}`),
    );
    expect(
      events.find(
        (e) => e.event === 'chapter' && e.data.catalogId === victim.id && e.data.status === 'error',
      )!.data.msg,
    ).toMatch(/连接中断/);
    expect(events.filter((e) => e.event === 'job').at(-1)!.data).toMatchObject({ status: 'done', failed: 1 });

    const retried = await c.data('/ai/client/aiGetBidContent', { catalogId: victim.id });
    expect(retried.status).toBe('done');
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).progress).toBe(100);
  });

  it('a second start while the job runs answers 10014 with the running job; cancel stops it', async () => {
    const c = await newWriter(s);
    const { bidId } = await bidWithOutline(c, 'tender-property', 'standard');
    fake.options.tokensPerSecond = 20;
    try {
      const { jobId } = await c.data('/ai/client/aiGetExpandRange', { bidId });
      const again = await c.call('/ai/client/aiGetExpandRange', { bidId });
      expect(again.status).toBe(200);
      expect(again.code).toBe(10014);
      expect(again.data).toEqual({ jobId });
      const outline = await c.call('/ai/client/aiGetBidCatalog', { bidId });
      expect(outline.code).toBe(10014);
      await sleep(300);
      const stop = await c.data('/ai/client/cancelWriting', { bidId });
      expect(stop).toEqual({ jobId, cancelled: true });
      const w = await waitForJob(c, bidId, 20_000);
      expect(w.writing).toBe(false);
      const statuses = await c.data<Array<{ status: string }>>('/catalog/client/getBidCatalogStatus', {
        bidId,
      });
      expect(statuses.some((x) => x.status === 'writing')).toBe(false);
      const events = await readSse(
        await streamCall(s, c.user.token, `/ai/client/writingEvents?bidId=${bidId}`),
      );
      expect(events.filter((e) => e.event === 'job').at(-1)!.data.status).toBe('cancelled');
    } finally {
      fake.options.tokensPerSecond = 0;
    }
  });

  it('one chapter streams deltas before it is done; below the floor gets exactly one continuation', async () => {
    const c = await newWriter(s);
    const { tree } = await bidWithOutline(c, 'tender-it-gov', 'standard');
    const leaf = technicalLeaf(tree, 1);
    const where = pathLine(tree, leaf.id);
    await c.data('/catalog/client/updateBidCatalogSetting', { id: leaf.id, settings: { targetWords: 600 } });
    // The first answer is far too short, the continuation brings it up.
    fake.scriptFirst({
      match: (r) =>
        r.prompt.includes(where) &&
        r.prompt.includes('【任务：撰写章节】') &&
        !r.prompt.includes('【任务：续写章节】'),
      reply: '内容很短。',
      times: 1,
    });
    fake.scriptFirst({ match: '【任务：续写章节】', reply: fillerText(500), times: 1 });
    fake.options.tokensPerSecond = 200;
    const before = fake.requests.length;
    try {
      const res = await streamCall(s, c.user.token, '/ai/client/aiGetBidContent', { catalogId: leaf.id });
      const seen: string[] = [];
      const events = await readSse(res, (e) => seen.push(e.event));
      expect(seen.filter((e) => e === 'delta').length).toBeGreaterThan(3);
      expect(seen.at(-1)).toBe('done');
      const chapter = events.at(-1)!.data.chapter;
      expect(chapter.wordCount).toBeGreaterThanOrEqual(360);
      const mine = fake.requests.slice(before);
      expect(mine.filter((r) => r.prompt.includes('【任务：续写章节】'))).toHaveLength(1);
      expect(mine).toHaveLength(2);
    } finally {
      fake.options.tokensPerSecond = 0;
    }
  });

  it('an answer far over the cap is trimmed at a paragraph end, without another call', async () => {
    const c = await newWriter(s);
    const { tree } = await bidWithOutline(c, 'tender-it-gov', 'standard');
    const leaf = technicalLeaf(tree, 2);
    const where = pathLine(tree, leaf.id);
    await c.data('/catalog/client/updateBidCatalogSetting', { id: leaf.id, settings: { targetWords: 300 } });
    fake.scriptFirst({
      match: (r) => r.prompt.includes(where) && r.prompt.includes('【任务：撰写章节】'),
      reply: fillerText(2000),
      times: 1,
    });
    const before = fake.requests.length;
    const chapter = await c.data('/ai/client/aiGetBidContent', { catalogId: leaf.id });
    expect(chapter.wordCount).toBeLessThanOrEqual(480);
    expect(chapter.wordCount).toBeGreaterThan(150);
    expect(fake.requests.length - before).toBe(1);
  });

  it('selection edits go to the model and return only the replacement', async () => {
    const c = await newWriter(s);
    const { tree } = await bidWithOutline(c, 'tender-it-gov', 'standard');
    const catalogId = leaves(tree)[0].id;
    fake.scriptFirst({ match: '【任务：改写】', reply: '```markdown\n改写后的**文字**。\n```', times: 1 });
    const r = await c.data('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'rewrite',
      selection: '原来的文字。',
    });
    expect(r).toEqual({ markdown: '改写后的**文字**。', text: '改写后的文字。', engine: 'openai' });
    expect(fake.requests.at(-1)!.prompt).toContain('原来的文字。');
    fake.scriptFirst({ match: '【任务：自定义指令】', reply: '按指令处理后的文字', times: 1 });
    const custom = await c.data('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'custom',
      selection: '原文',
      instruction: '写成承诺语气',
    });
    expect(custom.text).toBe('按指令处理后的文字');
    expect(fake.requests.at(-1)!.prompt).toContain('写成承诺语气');
  });

  it('a model that returns broken JSON is asked once to repair, then the analysis falls back to the rules', async () => {
    const c = await newWriter(s);
    fake.scriptFirst({ match: '【任务：招标分析】', reply: 'not json at all', times: 2 });
    const before = fake.requests.length;
    const started = await c.data('/ai/chat/start-analysis', {
      text: fixture('tender-construction'),
      name: '修复测试',
    });
    const r = await waitForInterpretation(s, c.user.token, started.id);
    expect(r.status).toBe('done');
    expect(r.analysis!.engine).toBe('offline');
    expect(r.analysis!.warnings[0]).toMatch(/AI 模型解析失败/);
    expect(r.analysis!.scoringItems).toHaveLength(12);
    const mine = fake.requests.slice(before);
    expect(mine).toHaveLength(2);
    expect(mine[1].prompt).toContain('【任务：修正JSON】');
  });
});
