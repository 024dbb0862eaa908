import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { markdownToDoc, docSchema } from '@bid/document';
import { diagramSchema, taskEnd, type GanttModel } from '@bid/document/diagrams/model';
import { renderDiagramSvg } from '@bid/document/diagrams/render';
import { elementResultSchema, imageSearchResultSchema, type CatalogNode } from '@bid/shared';
import { clientHeaders, startTestServer, type TestServer } from './helpers/test-server.ts';
import { findByTitle, newBid, newWriter, type Client } from './catalog-helpers.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai/server.ts';

const TENDER = `某县人民医院门诊综合楼施工总承包工程 招标文件
工程名称：某县人民医院门诊综合楼
建设规模：框架结构，地上 6 层，建筑面积 9800 平方米
计划工期：180 日历天
招标范围：土建、装饰装修、给排水、电气、消防及室外附属工程，主体结构采用现浇混凝土，钢筋工程，竣工验收。`;

const QUALITY_MD = `## 质量管理体系
- 项目经理：对工程质量全面负责
- 技术负责人：组织技术交底和质量策划
- 质检员：负责工序检查与验收

## 质量控制流程
1. 编制专项施工方案并报监理审批
2. 对作业班组进行技术交底
3. 材料进场验收并见证取样
4. 按工序组织施工
5. 班组自检、互检、交接检
6. 报监理工程师验收

## 质量保证措施
- 样板引路制度
- 三检制度
- 成品保护措施`;

async function setupBid(
  c: Client,
): Promise<{ bidId: string; quality: CatalogNode; schedule: CatalogNode; empty: CatalogNode }> {
  const { id: bidId } = await c.data<{ id: string }>('/bid/client/saveBid', {
    name: '门诊综合楼施工',
    modelType: 'standard',
    pageCount: 60,
    tenderText: TENDER,
  });
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [
      {
        title: '施工组织设计',
        children: [
          { title: '质量保证措施' },
          { title: '施工进度计划' },
          { title: '安全文明施工', children: [{ title: '安全管理体系' }, { title: '文明施工措施' }] },
        ],
      },
    ],
  });
  const quality = findByTitle(tree, '质量保证措施');
  const detail = await c.data<{ version: number }>('/catalog/client/getBidCatalogDetail', { id: quality.id });
  await c.data('/catalog/client/updateBidCatalogContent', {
    id: quality.id,
    content: markdownToDoc(QUALITY_MD),
    baseVersion: detail.version,
  });
  return {
    bidId,
    quality,
    schedule: findByTitle(tree, '施工进度计划'),
    empty: findByTitle(tree, '安全文明施工'),
  };
}

function pngOf(w: number, h: number): Buffer {
  return new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#93c5fd"/></svg>`,
  )
    .render()
    .asPng();
}

async function uploadPicture(s: TestServer, c: Client, name: string, tags: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('tags', tags);
  form.append('file', new Blob([new Uint8Array(pngOf(40, 30))]), `${name}.png`);
  const res = await fetch(`${s.baseUrl}/api/picture/client/upload`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${c.user.token}` },
    body: form,
  });
  expect(res.status).toBe(200);
}

function expectDiagram(data: unknown, kind: string) {
  const r = elementResultSchema.parse(data);
  expect(r.kind).toBe(kind);
  expect(r.node.type).toBe('diagram');
  const attrs = r.node.attrs as { kind: string; model: unknown; caption: string };
  expect(attrs.caption).toBe(r.caption);
  const d = diagramSchema.parse({ kind: attrs.kind, model: attrs.model });
  expect(renderDiagramSvg(d)).toContain('<svg');
  return { result: r, model: d.model };
}

describe('elements with the offline engine', () => {
  let s: TestServer;
  let c: Client;
  let bid: Awaited<ReturnType<typeof setupBid>>;

  beforeAll(async () => {
    s = await startTestServer();
    c = await newWriter(s);
    bid = await setupBid(c);
  });
  afterAll(async () => s?.close());

  it('plans the Gantt chart over the tender period: ≥ 5 tasks spanning 180 days', async () => {
    const r = await c.call('/ai/client/aiGenerateGantt', { catalogId: bid.schedule.id });
    expect(r.status).toBe(200);
    const { result, model } = expectDiagram(r.data, 'gantt');
    expect(result.engine).toBe('offline');
    expect(result.caption).toContain('180');
    const g = model as GanttModel;
    expect(g.tasks.filter((t) => !t.milestone).length).toBeGreaterThanOrEqual(5);
    expect(Math.min(...g.tasks.map((t) => t.start))).toBe(0);
    expect(Math.max(...g.tasks.map(taskEnd))).toBe(180);
  });

  it('maps the chapter from its headings and lists, and charts its numbered steps', async () => {
    const mind = expectDiagram(
      (await c.call('/ai/client/aiGenerateMindMap', { catalogId: bid.quality.id })).data,
      'mindmap',
    );
    const root = (
      mind.model as { root: { text: string; children: Array<{ text: string; children?: unknown[] }> } }
    ).root;
    expect(root.text).toBe('质量保证措施');
    expect(root.children.map((b) => b.text)).toEqual(['质量管理体系', '质量控制流程', '质量保证措施']);
    const flow = expectDiagram(
      (await c.call('/ai/client/aiGenerateFlowchart', { catalogId: bid.quality.id })).data,
      'flowchart',
    );
    const labels = (flow.model as { nodes: Array<{ label: string }> }).nodes.map((n) => n.label);
    expect(labels).toEqual(expect.arrayContaining(['开始', '对作业班组进行技术交底', '结束']));
  });

  it('tabulates the chapter as a document table', async () => {
    const r = elementResultSchema.parse(
      (await c.call('/ai/client/aiGenerateTable', { catalogId: bid.quality.id })).data,
    );
    expect(r.node.type).toBe('table');
    expect(docSchema.safeParse({ type: 'doc', content: [r.node] }).success).toBe(true);
    const rows = r.node.content as Array<{ content: Array<{ type: string }> }>;
    expect(rows[0].content.every((cell) => cell.type === 'tableHeader')).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(4);
  });

  it('builds from the outline children when the chapter is empty, and says so', async () => {
    const r = elementResultSchema.parse(
      (await c.call('/ai/client/aiGenerateMindMap', { catalogId: bid.empty.id })).data,
    );
    const root = (r.node.attrs as { model: { root: { children: Array<{ text: string }> } } }).model.root;
    expect(root.children.map((b) => b.text)).toEqual(['安全管理体系', '文明施工措施']);
    expect(r.notice).toContain('本章还没有内容');
  });

  it('keeps the chapter as a content version before a replace', async () => {
    const r = await c.data<{ versionId: string }>('/ai/client/aiGenerateFlowchart', {
      catalogId: bid.quality.id,
      replace: true,
    });
    expect(r.versionId).toBeTruthy();
    const versions = await c.data<Array<{ id: string; name: string }>>(
      '/catalog/client/getCatalogContentVersionList',
      { id: bid.quality.id },
    );
    expect(versions.find((v) => v.id === r.versionId)?.name).toBe('重新生成流程图前');
    // An empty chapter has nothing to keep: no version, no error.
    const empty = await c.data<{ versionId: string | null }>('/ai/client/aiGenerateTable', {
      catalogId: bid.schedule.id,
      replace: true,
    });
    expect(empty.versionId).toBeNull();
  });

  it('finds pictures in the library by the chapter keywords', async () => {
    await uploadPicture(s, c, '工程质量检测现场', '质量,检测');
    await uploadPicture(s, c, '塔吊基础', '起重设备');
    const r = imageSearchResultSchema.parse(
      (await c.call('/ai/client/aiSearchImages', { catalogId: bid.quality.id })).data,
    );
    expect(r.keywords).toContain('质量');
    expect(r.images.map((i) => i.title)).toEqual(['工程质量检测现场']);
    expect(r.images[0]).toMatchObject({
      source: 'library',
      url: expect.stringMatching(/^\/api\/picture\/client\/file\//),
    });
    const none = imageSearchResultSchema.parse(
      (await c.call('/ai/client/aiSearchImages', { catalogId: bid.schedule.id, instruction: '航拍' })).data,
    );
    expect(none.images).toEqual([]);
    expect(none.notice).toContain('图片库中没有');
  });

  it('answers 404 for another user’s chapter and names bad fields', async () => {
    const other = await newWriter(s);
    const r = await other.call('/ai/client/aiGenerateMindMap', { catalogId: bid.quality.id });
    expect(r.status).toBe(404);
    const imgs = await other.call('/ai/client/aiSearchImages', { catalogId: bid.quality.id });
    expect(imgs.status).toBe(404);
    const missing = await c.call('/ai/client/aiGenerateTable', {});
    expect(missing.status).toBe(400);
    const long = await c.call('/ai/client/aiGenerateTable', {
      catalogId: bid.quality.id,
      instruction: '长'.repeat(600),
    });
    expect(long.status).toBe(400);
    expect(long.msg).toContain('补充要求不能超过 500 个字');
  });

  it('limits element calls per user with a 429 that says how long to wait', async () => {
    const w = await newWriter(s);
    const mine = await setupBid(w);
    let last = { status: 200, msg: '' };
    for (let i = 0; i < 31 && last.status === 200; i++)
      last = await w.call('/ai/client/aiGenerateMindMap', { catalogId: mine.quality.id });
    expect(last.status).toBe(429);
    expect(last.msg).toMatch(/生成图表过于频繁，请 \d+ 秒后再试/);
    // Another writer is not affected.
    expect((await c.call('/ai/client/aiGenerateMindMap', { catalogId: bid.quality.id })).status).toBe(200);
  });

  it('refuses a finished bid with a business warning', async () => {
    const w = await newWriter(s);
    const bidId = await newBid(w, '已完成的标书');
    const [leaf] = await w.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
      bidId,
      catalogs: [{ title: '唯一章节' }],
    });
    const d = await w.data<{ version: number }>('/catalog/client/getBidCatalogDetail', { id: leaf.id });
    await w.data('/catalog/client/updateBidCatalogContent', {
      id: leaf.id,
      content: markdownToDoc('1. 准备\n2. 实施\n3. 验收'),
      baseVersion: d.version,
    });
    await w.data('/bid/client/finishBid', { id: bidId });
    const r = await w.call('/ai/client/aiGenerateFlowchart', { catalogId: leaf.id });
    expect(r.code).toBe(601);
  });
});

describe('elements with a model (fake OpenAI-compatible server)', () => {
  let fake: FakeOpenAi;
  let s: TestServer;
  let c: Client;
  let bid: Awaited<ReturnType<typeof setupBid>>;

  const flow = {
    caption: '质量控制流程图',
    direction: 'TB',
    nodes: [
      { id: 'a', label: '开始', shape: 'terminal' },
      { id: 'b', label: '技术交底', shape: 'process' },
      { id: 'c', label: '验收是否合格', shape: 'decision' },
      { id: 'd', label: '结束', shape: 'terminal' },
    ],
    edges: [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'c', to: 'b', label: '否' },
      { from: 'c', to: 'd', label: '是' },
    ],
  };
  const mind = {
    caption: '质量保证体系',
    root: {
      text: '质量保证',
      children: [
        { text: '组织保证', children: [{ text: '项目经理' }, { text: '质检员' }] },
        { text: '制度保证', children: [{ text: '三检制度' }] },
        { text: '技术保证' },
      ],
    },
  };
  const mindCut = JSON.stringify(mind).slice(0, JSON.stringify(mind).indexOf('技术保证') + 2);
  const gantt = {
    caption: '施工进度计划',
    unit: 'day',
    tasks: [
      { id: 't1', name: '施工准备', group: '准备', start: 0, duration: 20 },
      { id: 't2', name: '基础工程', group: '土建', start: 20, duration: 80, dependsOn: ['t1'] },
      { id: 't3', name: '主体结构', group: '土建', start: 100, duration: 120, dependsOn: ['t2'] },
      { id: 't4', name: '装饰装修', group: '装修', start: 200, duration: 100, dependsOn: ['t3'] },
      { id: 't5', name: '竣工验收', group: '验收', start: 300, duration: 60, dependsOn: ['t4'] },
      { id: 'm1', name: '竣工', start: 360, milestone: true, dependsOn: ['t5'] },
    ],
  };
  const table = {
    caption: '质量管理职责表',
    columns: ['序号', '岗位', '职责'],
    rows: [
      ['1', '项目经理', '全面负责'],
      ['2', '技术负责人', '技术交底'],
      ['3', '质检员', '检查验收'],
    ],
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      scripts: [
        // The repair request carries the original prompt too: it must be matched first.
        {
          match: (r) => r.prompt.includes('【任务：修正JSON】') && !r.prompt.includes('坏掉'),
          reply: JSON.stringify(table),
        },
        {
          match: (r) => r.prompt.includes('【任务：生成流程图】') && !r.prompt.includes('坏掉'),
          reply: `好的，根据本章内容，流程图如下：\n\`\`\`json\n${JSON.stringify(flow, null, 2)}\n\`\`\`\n如需调整请告诉我。`,
        },
        { match: '【任务：生成思维导图】', reply: mindCut },
        { match: '【任务：生成甘特图】', reply: `计划如下：${JSON.stringify(gantt)}` },
        { match: '【任务：生成表格】', reply: '抱歉，这一章的内容不适合做成表格。' },
        { match: '【任务：配图关键词】', reply: '{"keywords":["检测","质量"]}' },
      ],
    });
    s = await startTestServer({
      AI_STANDARD_BASE_URL: fake.url,
      AI_STANDARD_API_KEY: 'test-key',
      AI_STANDARD_MODEL: 'fake-model',
    });
    c = await newWriter(s);
    bid = await setupBid(c);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('uses a reply wrapped in prose and a ```json fence', async () => {
    const { result, model } = expectDiagram(
      (await c.call('/ai/client/aiGenerateFlowchart', { catalogId: bid.quality.id })).data,
      'flowchart',
    );
    expect(result).toMatchObject({ engine: 'openai', caption: '质量控制流程图', notice: null });
    expect((model as { nodes: unknown[] }).nodes).toHaveLength(4);
    const req = fake.requests.find((r) => r.prompt.includes('【任务：生成流程图】'))!;
    expect(req.json).toBe(true);
    expect(req.prompt).toContain('对作业班组进行技术交底');
    expect(req.prompt).toContain('工期/服务期：180 日历天');
  });

  it('uses a reply cut short, keeping its complete part', async () => {
    const { result, model } = expectDiagram(
      (await c.call('/ai/client/aiGenerateMindMap', { catalogId: bid.quality.id })).data,
      'mindmap',
    );
    expect(result.engine).toBe('openai');
    const branches = (model as { root: { children: Array<{ text: string }> } }).root.children.map(
      (b) => b.text,
    );
    expect(branches).toEqual(['组织保证', '制度保证']);
  });

  it('scales a plan longer than the tender period back into 180 days', async () => {
    const { result, model } = expectDiagram(
      (await c.call('/ai/client/aiGenerateGantt', { catalogId: bid.schedule.id })).data,
      'gantt',
    );
    expect(result.engine).toBe('openai');
    const g = model as GanttModel;
    expect(g.tasks).toHaveLength(6);
    expect(Math.max(...g.tasks.map(taskEnd))).toBeLessThanOrEqual(180);
  });

  it('asks once more with the validation error when the reply has no JSON', async () => {
    const before = fake.requests.length;
    const r = elementResultSchema.parse(
      (await c.call('/ai/client/aiGenerateTable', { catalogId: bid.quality.id })).data,
    );
    expect(r).toMatchObject({ engine: 'openai', caption: '质量管理职责表' });
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[1].prompt).toContain('回答中没有 JSON 对象');
    // Both calls' tokens are recorded: elements spend the same daily budget as chapters.
    const usage = await s.built.ctx.db
      .selectFrom('ai_usage')
      .selectAll()
      .where('user_id', '=', c.user.userId)
      .where('task', '=', 'element-table')
      .execute();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      tenant_id: c.user.tenantId,
      bid_id: bid.bidId,
      catalog_id: bid.quality.id,
      tier: 'standard',
    });
    expect(Number(usage[0].prompt_tokens) + Number(usage[0].completion_tokens)).toBeGreaterThan(0);
  });

  it('falls back to the offline engine with a notice when the model stays broken', async () => {
    fake.script({ match: '补充要求：坏掉', reply: '{"nodes": "这不是数组"}' });
    const r = elementResultSchema.parse(
      (await c.call('/ai/client/aiGenerateFlowchart', { catalogId: bid.quality.id, instruction: '坏掉' }))
        .data,
    );
    expect(r.engine).toBe('offline');
    expect(r.notice).toContain('AI 返回的流程图数据无法识别');
    expect(
      diagramSchema.safeParse({ kind: 'flowchart', model: (r.node.attrs as { model: unknown }).model })
        .success,
    ).toBe(true);
  });

  it('searches images with the model keywords', async () => {
    await uploadPicture(s, c, '混凝土试块送检', '检测');
    const r = imageSearchResultSchema.parse(
      (await c.call('/ai/client/aiSearchImages', { catalogId: bid.quality.id })).data,
    );
    expect(r.engine).toBe('openai');
    expect(r.keywords.slice(0, 2)).toEqual(['检测', '质量']);
    expect(r.images.map((i) => i.title)).toContain('混凝土试块送检');
  });
});
