import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { flatten, newWriter } from './catalog-helpers.ts';
import { startFakeOpenAi, fillerText, type FakeOpenAi, type RecordedRequest } from './fake-openai/server.ts';
import { scriptBidWriter } from './fake-openai/helpers.ts';

/**
 * The chapter gear (写作要求 / 应包含) steers a write and never appears in the chapter: on the offline
 * engine (which follows it with subsections of its own) and on a model that echoes it back.
 */

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../src/ai/fixtures/${name}.txt`, import.meta.url), 'utf8');
const REQUIREMENT = '请重点突出质量验收与创优措施，语气正式';
const INCLUDE = ['应急预案', '服务承诺'];

/** All text of a ProseMirror document, paragraphs on their own lines. */
function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: string; content?: unknown[] };
  if (typeof n.text === 'string') return n.text;
  return (n.content ?? []).map(textOf).join('\n');
}

function headingsOf(doc: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; content?: unknown[] };
    if (n.type === 'heading') out.push(textOf(n));
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return out;
}

function assertNoGear(text: string): void {
  expect(text).not.toContain(REQUIREMENT);
  expect(text).not.toContain('写作要求');
  expect(text).not.toContain('编写人的要求');
  expect(text).not.toMatch(/应包含[：:]/);
  expect(text).not.toContain(INCLUDE.join('、'));
}

async function technicalLeaf(s: TestServer) {
  const c = await newWriter(s);
  const { id: bidId } = await c.data('/bid/client/saveBid', {
    name: '齿轮测试',
    modelType: 'standard',
    pageCount: 30,
    tenderText: fixture('tender-it-gov'),
  });
  const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId });
  // A prose chapter (the scoring index and response tables are built from the analysis, not written).
  const leaf = flatten(tree).filter(
    (n) => n.children.length === 0 && !/投标函|报价|资格|业绩|人员|授权|索引表|偏离表|响应表/.test(n.title),
  )[0];
  await c.data('/catalog/client/updateBidCatalogSetting', {
    id: leaf.id,
    settings: { requirement: REQUIREMENT, include: INCLUDE },
  });
  return { c, leaf };
}

describe(`the gear steers and never appears: offline engine (${TEST_DB})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a chapter written with a requirement and 应包含 items has a subsection per item and no gear text', async () => {
    const { c, leaf } = await technicalLeaf(s);
    const plain = await c.data('/ai/client/aiGetBidContent', { catalogId: leaf.id });
    const chapter = await c.data('/catalog/client/getBidCatalogDetail', { id: leaf.id });
    expect(chapter.version).toBe(plain.version);
    const text = textOf(chapter.content);
    assertNoGear(text);
    const headings = headingsOf(chapter.content);
    for (const item of INCLUDE) expect(headings).toContain(item);
    // The requirement chose the measures the chapter stresses (质量 topic).
    expect(headings).toContain('重点措施');
    expect(text).toContain('三检制度');
    // A per-call requirement is treated the same way.
    const again = await c.data('/ai/client/aiGetBidContent', {
      catalogId: leaf.id,
      requirement: '突出7×24小时响应',
    });
    assertNoGear(textOf(again.content));
    expect(textOf(again.content)).not.toContain('突出7×24小时响应');
  });
});

describe(`the gear steers and never appears: model engine on the fake OpenAI server (${TEST_DB})`, () => {
  let s: TestServer;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ charsPerToken: 4 });
    scriptBidWriter(fake);
    // A careless model: it repeats the writer's instructions before writing.
    fake.scriptFirst({
      match: (r: RecordedRequest) =>
        r.prompt.includes('【任务：撰写章节】') && r.prompt.includes(REQUIREMENT),
      reply: (r: RecordedRequest) =>
        [
          `**写作要求：** ${REQUIREMENT}`,
          '',
          `本章应包含：${INCLUDE.join('、')}`,
          '',
          `${REQUIREMENT}。`,
          '',
          '### 应急预案',
          '',
          fillerText(400, r.prompt.slice(-40)),
        ].join('\n'),
    });
    s = await startTestServer({
      AI_STANDARD_BASE_URL: fake.url,
      AI_STANDARD_API_KEY: 'k',
      AI_STANDARD_MODEL: 'fake-standard',
      AI_RETRY_BACKOFF_MS: '20',
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('the prompt carries the gear as an instruction; the echoed lines are not saved', async () => {
    const { c, leaf } = await technicalLeaf(s);
    const before = fake.requests.length;
    await c.data('/ai/client/aiGetBidContent', { catalogId: leaf.id });
    const prompt = fake.requests.slice(before).find((r) => r.prompt.includes('【任务：撰写章节】'))!.prompt;
    expect(prompt).toContain(`编写人的要求：${REQUIREMENT}`);
    expect(prompt).toContain(`本章应包含：${INCLUDE.join('、')}`);
    expect(prompt).toContain('不要在正文中复述这些要求本身');
    const chapter = await c.data('/catalog/client/getBidCatalogDetail', { id: leaf.id });
    const text = textOf(chapter.content);
    assertNoGear(text);
    expect(headingsOf(chapter.content)).toContain('应急预案');
    expect(text.length).toBeGreaterThan(300);
  });
});
