/**
 * Chapters that answer the tender, on the model path (the fake OpenAI server): prompts carry the
 * chapter's requirement items and the 暗标 rule of its part, a prose answer to the outline call
 * still yields an outline, a broken stream is retried once, and the overlap check after 全文写作
 * brings repetition between chapters under 5 % of 8-grams.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisForLot, type CatalogNode, type TenderAnalysis } from '@bid/shared';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { flatten, newWriter, type Client } from './catalog-helpers.ts';
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from './fake-openai/server.ts';
import { scriptBidWriter } from './fake-openai/helpers.ts';
import { chapterContext, leavesOf, locate } from '../src/modules/ai/context.ts';
import { sharedShingleShare } from '../src/ai/overlap.ts';
import { ANONYMOUS_RULE } from '../src/ai/plan/prompt.ts';

const corpus = (name: string) => fs.readFileSync(new URL(`./corpus/${name}.txt`, import.meta.url), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BOILERPLATE =
  '我方高度重视本项目，将调集公司优势资源，严格按照招标文件要求组织实施，确保项目优质高效完成，让采购人满意。';

/** Text no other chapter holds: characters drawn from a pool with a seed of the chapter's path. */
function ownText(words: number, seed: string): string {
  const pool =
    '方案组织实施质量安全进度管理人员设备材料检测验收服务响应维护培训保障控制计划协调记录监督整改评估优化交付运行巡检应急预案数据系统平台接口网络存储备份恢复监测分析报告审核制度流程标准规范岗位职责考核沟通现场施工工序节点风险';
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  let out = '';
  for (let i = 0; i < words; i++) {
    h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
    out += pool[h % pool.length];
    if (i % 40 === 39) out += i % 160 === 159 ? '。\n\n' : '，';
  }
  return `${out}。`;
}

/** A model that writes what the prompt asks, and (on the first pass) one stock paragraph in every chapter. */
function chapterReply(r: RecordedRequest): string {
  const words = Number(/约 (\d+) 字/.exec(r.prompt)?.[1] ?? 300);
  const path = /当前章节：(.+)/.exec(r.prompt)?.[1] ?? r.prompt.slice(-80);
  const reqs = [...r.prompt.matchAll(/^- \[(R\d+)\] (.+)$/gm)].map(
    (m) => `- 针对招标要求 ${m[1]}：${m[2]}，我方完全响应。`,
  );
  const rewrite = r.prompt.includes('其他章节已经写过');
  return [
    ...(rewrite ? [] : [BOILERPLATE]),
    ...reqs,
    ownText(Math.max(100, words - reqs.join('').length), path),
  ].join('\n\n');
}

let s: TestServer;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ charsPerToken: 4 });
  fake.script({ match: '【任务：撰写章节】', reply: chapterReply });
  scriptBidWriter(fake);
  s = await startTestServer({
    AI_STANDARD_BASE_URL: fake.url,
    AI_STANDARD_API_KEY: 'k',
    AI_STANDARD_MODEL: 'fake-standard',
    AI_STANDARD_CONCURRENCY: '4',
    AI_RETRY_BACKOFF_MS: '20',
  });
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

async function waitForJob(c: Client, bidId: string, ms = 90_000) {
  const end = Date.now() + ms;
  for (;;) {
    const w = await c.data('/ai/client/isWriting', { bidId });
    if (!w.writing) return w;
    if (Date.now() > end) throw new Error('full-text job did not finish');
    await sleep(200);
  }
}

function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: string; content?: unknown[] };
  return typeof n.text === 'string' ? n.text : (n.content ?? []).map(textOf).join('\n');
}

async function bid(c: Client, tender: string, pages = 40) {
  const { id: bidId } = await c.data('/bid/client/saveBid', {
    name: '章节测试',
    modelType: 'standard',
    pageCount: pages,
    tenderText: tender,
  });
  const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId });
  const detail = await c.data('/bid/client/getBidDetail', { id: bidId });
  const analysis = analysisForLot(detail.analysis as TenderAnalysis, detail.lot ?? null);
  return { bidId, tree, analysis };
}

describe(`chapters answer the tender on the model path (${TEST_DB})`, () => {
  it('a model answering prose to the outline call still yields an outline (the rule outline)', async () => {
    const c = await newWriter(s);
    fake.scriptFirst({
      match: '【任务：生成大纲】',
      reply: '好的，以下是为您生成的投标文件大纲：\n一、投标函\n二、技术方案\n三、商务部分',
      times: 2,
    });
    const r = await c.call('/bid/client/saveBid', {
      name: '大纲测试',
      modelType: 'standard',
      pageCount: 30,
      tenderText: corpus('t03'),
    });
    const out = await c.call('/ai/client/aiGetBidCatalog', { bidId: r.data.id });
    expect(out.code, out.msg).toBe(200);
    expect(out.msg ?? '').not.toContain('格式不正确');
    expect((out.data as CatalogNode[]).length).toBeGreaterThan(2);
  });

  it('every chapter prompt carries its requirement items and, in an anonymous part, the 暗标 rule; repetition ends under 5 %', async () => {
    const c = await newWriter(s);
    for (const name of ['t01', 't09']) {
      const { bidId, tree, analysis } = await bid(c, corpus(name));
      const before = fake.requests.length;
      await c.data('/ai/client/aiGetExpandRange', { bidId });
      const w = await waitForJob(c, bidId);
      expect(w.failed).toBe(0);
      const prompts = fake.requests.slice(before).filter((r) => r.prompt.includes('【任务：撰写章节】'));
      let withRequirements = 0;
      for (const leaf of leavesOf(tree)) {
        const ctx = chapterContext(tree, locate(tree, leaf.id)!, analysis, '章节测试');
        if (ctx.plan?.table) continue;
        const mine = prompts.filter((r) => r.prompt.includes(`当前章节：${ctx.path.join(' > ')}\n`));
        expect(mine.length, ctx.path.join(' > ')).toBeGreaterThan(0);
        for (const r of mine) {
          for (const req of ctx.plan!.requirements) expect(r.prompt).toContain(req.text);
          expect(r.prompt.includes(ANONYMOUS_RULE), `${name} ${ctx.path.join(' > ')}`).toBe(ctx.darkBid);
        }
        if (ctx.plan!.requirements.length) withRequirements += 1;
        if (analysis.darkBid && ctx.plan!.part === 'technical') expect(ctx.darkBid).toBe(true);
      }
      if (analysis.requirements.length) expect(withRequirements).toBeGreaterThan(0);
      // Every chapter opened with the same stock paragraph; the overlap check had them rewritten.
      const texts: string[] = [];
      for (const leaf of leavesOf(
        await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId }),
      )) {
        const ctx = chapterContext(tree, locate(tree, leaf.id)!, analysis, '章节测试');
        if (ctx.plan?.kind !== 'prose') continue;
        texts.push(textOf((await c.data('/catalog/client/getBidCatalogDetail', { id: leaf.id })).content));
      }
      expect(texts.length).toBeGreaterThan(3);
      // The stock paragraph stays in the first chapter only.
      expect(texts.filter((t) => t.includes(BOILERPLATE)).length, name).toBeLessThanOrEqual(1);
      expect(sharedShingleShare(texts), name).toBeLessThan(0.05);
    }
  });

  it('a stream broken once is retried and completes; isWriting reports no error', async () => {
    const c = await newWriter(s);
    const { bidId, tree } = await bid(c, corpus('t03'), 20);
    const victim = flatten(tree).filter((n) => !n.children.length && !/表$/.test(n.title))[2];
    const path = (id: string) => {
      const loc = locate(tree, id)!;
      return `当前章节：${loc.path.map((p) => p.title).join(' > ')}\n`;
    };
    fake.fault({ kind: 'disconnect', afterTokens: 5, match: path(victim.id), times: 1 });
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    const w = await waitForJob(c, bidId);
    expect(w).toMatchObject({ done: w.total, failed: 0 });
    const detail = await c.data('/catalog/client/getBidCatalogDetail', { id: victim.id });
    expect(detail.status).toBe('done');
  });

  it('the scoring index follows the outline: a renamed chapter appears in it on the next 全文写作', async () => {
    const c = await newWriter(s);
    const { bidId, tree } = await bid(c, corpus('t09'), 20);
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    await waitForJob(c, bidId);
    const owner = flatten(tree).find(
      (n) => Array.isArray(n.scoringItems) && n.scoringItems.length && !/报价|开标/.test(n.title),
    )!;
    await c.data('/catalog/client/updateBidCatalogTitle', { id: owner.id, title: `${owner.title}（改）` });
    await c.data('/catalog/client/addSameLevelBidCatalog', { id: owner.id, title: '补充说明' });
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    await waitForJob(c, bidId);
    const index = flatten(await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId })).find(
      (n) => n.title === '评分索引表',
    )!;
    expect(textOf((await c.data('/catalog/client/getBidCatalogDetail', { id: index.id })).content)).toContain(
      `${owner.title}（改）`,
    );
  });
});
