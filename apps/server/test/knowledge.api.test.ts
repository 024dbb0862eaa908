import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BusinessBidResult,
  CatalogNode,
  CompanyFact,
  KnowledgeHit,
  KnowledgeListResult,
} from '@bid/shared';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';
import { client, flatten, newWriter, type Client } from './catalog-helpers.ts';
import { pastBidDocx, uploadFile } from './knowledge-helpers.ts';
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from './fake-openai/server.ts';
import { scriptBidWriter } from './fake-openai/helpers.ts';

/** The knowledge base and the company library: search, grounded writing, 商务标, and who sees what. */

const corpus = (name: string) => fs.readFileSync(new URL(`./corpus/${name}.txt`, import.meta.url), 'utf8');

function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: string; content?: unknown[] };
  if (typeof n.text === 'string') return n.text;
  return (n.content ?? []).map(textOf).join('\n');
}

async function libraryWithPastBid(s: TestServer, c: Client) {
  const fileId = await uploadFile(s, c.user.token, '滨江大道改造工程投标文件.docx', await pastBidDocx());
  const { id } = await c.data<{ id: string }>('/knowledge/client/saveDocument', {
    fileId,
    library: 'private',
    folder: '历史标书',
    tags: ['市政', '道路'],
  });
  return id;
}

async function teamChapter(c: Client): Promise<string> {
  const { id: bidId } = await c.data<{ id: string }>('/bid/client/saveBid', {
    name: '知识库写作测试',
    modelType: 'standard',
    pageCount: 30,
  });
  await c.data('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [
      { title: '施工组织设计', children: [{ title: '项目管理机构与人员配备' }, { title: '环境保护措施' }] },
    ],
  });
  const tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
  return flatten(tree).find((n) => n.title === '项目管理机构与人员配备')!.id;
}

describe(`knowledge base (${TEST_DB})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a past bid uploaded as DOCX is split by headings and found by a query in other words, with highlights', async () => {
    const c = await newWriter(s);
    const docId = await libraryWithPastBid(s, c);
    const list = await c.data<KnowledgeListResult>('/knowledge/client/list', { library: 'private' });
    expect(list.documents.map((d) => d.id)).toEqual([docId]);
    expect(list.documents[0].passages).toBeGreaterThanOrEqual(3);
    expect(list.folders).toEqual([{ name: '历史标书', count: 1 }]);
    expect(list.tags.map((t) => t.name).sort()).toEqual(['市政', '道路']);

    // Not one of these words is the passage's phrase: 项目负责人 / 建造师证书 / 从业年限.
    const hits = await c.data<KnowledgeHit[]>('/knowledge/client/search', {
      query: '项目负责人的建造师证书和从业年限',
      size: 5,
    });
    expect(hits[0].documentId).toBe(docId);
    expect(hits[0].text).toContain('王建国');
    expect(hits[0].highlights.length).toBeGreaterThan(0);
    const query = '项目负责人的建造师证书和从业年限';
    for (const [a, b] of hits[0].highlights)
      for (const ch of hits[0].text.slice(a, b)) expect(query).toContain(ch);
    expect(hits[0].highlights.map(([a, b]) => hits[0].text.slice(a, b))).toEqual(
      expect.arrayContaining(['项目', '建造师', '证书']),
    );
    const cold = await c.data<KnowledgeHit[]>('/knowledge/client/search', { query: '冬天混凝土怎么养护' });
    expect(cold[0].text).toContain('蓄热法');
  });

  it('bad input is a clear 400 and changes nothing; public documents need an operator', async () => {
    const c = await newWriter(s);
    const empty = await c.call('/knowledge/client/search', { query: '  ' });
    expect(empty.code).toBe(400);
    expect(empty.msg).toContain('搜索');
    const wrong = await c.call('/knowledge/client/saveDocument', { fileId: 'nope', library: 'shared' });
    expect(wrong.code).toBe(400);
    const fileId = await uploadFile(s, c.user.token, 'a.docx', await pastBidDocx());
    const pub = await c.call('/knowledge/client/saveDocument', { fileId, library: 'public' });
    expect(pub.code).toBe(403);
    await s.built.ctx.db
      .insertInto('operators')
      .values({ user_id: c.user.userId, created_at: new Date().toISOString() })
      .execute();
    const ok = await c.data<{ id: string }>('/knowledge/client/saveDocument', { fileId, library: 'public' });
    const other = await newWriter(s);
    const pubList = await other.data<KnowledgeListResult>('/knowledge/client/list', { library: 'public' });
    expect(pubList.documents.find((d) => d.id === ok.id)?.removable).toBe(false);
    expect((await other.call('/knowledge/client/removeDocument', { id: ok.id })).code).toBe(403);
    expect((await c.call('/knowledge/client/removeDocument', { id: ok.id })).code).toBe(200);
    const badFact = await c.call('/company/client/saveFact', {
      kind: 'qualification',
      data: { name: '安全生产许可证', validUntil: '2026/13/01' },
    });
    expect(badFact.code).toBe(400);
    expect(badFact.msg).toContain('有效期');
    expect(await c.data<CompanyFact[]>('/company/client/listFacts', {})).toEqual([]);
  });

  it('a chapter written offline afterwards cites the document in sources', async () => {
    const c = await newWriter(s);
    const docId = await libraryWithPastBid(s, c);
    const leaf = await teamChapter(c);
    const written = await c.data('/ai/client/aiGetBidContent', { catalogId: leaf });
    const detail = await c.data('/catalog/client/getBidCatalogDetail', { id: leaf });
    expect(detail.sources.length).toBeGreaterThan(0);
    expect(detail.sources[0]).toMatchObject({
      documentId: docId,
      documentName: '滨江大道改造工程投标文件.docx',
    });
    expect(detail.sources[0].text).toContain('王建国');
    expect(textOf(written.content)).toContain('滨江大道改造工程投标文件');
    // Removing the document does not rewrite history: the chapter still names what it used.
    expect((await c.call('/knowledge/client/removeDocument', { id: docId })).code).toBe(200);
    expect(
      (await c.data('/catalog/client/getBidCatalogDetail', { id: leaf })).sources.length,
    ).toBeGreaterThan(0);
  });

  it('全文写作 grounds every chapter: the team chapter cites the document, a chapter on another topic does not', async () => {
    const c = await newWriter(s);
    const docId = await libraryWithPastBid(s, c);
    const leaf = await teamChapter(c);
    const bidId = (await c.data('/catalog/client/getBidCatalogDetail', { id: leaf })).bidId;
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    const end = Date.now() + 60_000;
    let tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
    while (
      !flatten(tree)
        .filter((n) => !n.children.length)
        .every((n) => n.hasContent) &&
      Date.now() < end
    ) {
      await new Promise((r) => setTimeout(r, 100));
      tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
    }
    const team = await c.data('/catalog/client/getBidCatalogDetail', { id: leaf });
    expect(team.hasContent).toBe(true);
    expect(team.sources.map((x: { documentId: string }) => x.documentId)).toContain(docId);
    const other = flatten(tree).find((n) => n.title === '环境保护措施')!;
    const env = await c.data('/catalog/client/getBidCatalogDetail', { id: other.id });
    expect(env.hasContent).toBe(true);
    expect(env.sources).toEqual([]);
  });

  it('an employee sees the company library; another company gets 404 on every id', async () => {
    const admin = await newWriter(s);
    const employee = client(
      s,
      await createUserWithSession(s, { tenantId: admin.user.tenantId, isEmployee: 1, role: 'employee' }),
    );
    const docId = await libraryWithPastBid(s, employee);
    const { id: factId } = await admin.data<{ id: string }>('/company/client/saveFact', {
      kind: 'person',
      data: { name: '王建国', role: '项目经理', title: '高级工程师', certificates: ['一级建造师'] },
    });
    expect(
      (await admin.data<KnowledgeListResult>('/knowledge/client/list', {})).documents.map((d) => d.id),
    ).toEqual([docId]);
    expect(
      (await employee.data<CompanyFact[]>('/company/client/listFacts', { kind: 'person' })).map((f) => f.id),
    ).toEqual([factId]);
    expect(
      (await admin.data<KnowledgeHit[]>('/knowledge/client/search', { query: '质量管理体系' }))[0].documentId,
    ).toBe(docId);

    const stranger = await newWriter(s);
    expect((await stranger.data<KnowledgeListResult>('/knowledge/client/list', {})).documents).toEqual([]);
    expect(
      await stranger.data<KnowledgeHit[]>('/knowledge/client/search', { query: '质量管理体系' }),
    ).toEqual([]);
    expect(await stranger.data<CompanyFact[]>('/company/client/listFacts', {})).toEqual([]);
    expect((await stranger.call('/knowledge/client/removeDocument', { id: docId })).code).toBe(404);
    expect((await stranger.call('/knowledge/client/detail', { id: docId })).code).toBe(404);
    expect((await admin.data('/knowledge/client/detail', { id: docId })).items.length).toBeGreaterThanOrEqual(
      3,
    );
    expect((await stranger.call('/company/client/removeFact', { id: factId })).code).toBe(404);
    expect(
      (
        await stranger.call('/company/client/saveFact', {
          id: factId,
          kind: 'person',
          data: { name: '冒名' },
        })
      ).code,
    ).toBe(404);
    const leaf = await teamChapter(admin);
    expect((await stranger.call('/catalog/client/getBidCatalogDetail', { id: leaf })).code).toBe(404);
    expect(
      (
        await stranger.call('/company/client/generateBusinessBid', {
          bidId: (await admin.data('/catalog/client/getBidCatalogDetail', { id: leaf })).bidId,
        })
      ).code,
    ).toBe(404);
    // Nothing changed for the owner.
    expect(
      (await employee.data<CompanyFact[]>('/company/client/listFacts', {})).map((f) => f.data.name),
    ).toEqual(['王建国']);
    expect((await admin.data<KnowledgeListResult>('/knowledge/client/list', {})).documents).toHaveLength(1);
  });

  it('the 商务标 of a corpus tender holds the library in the right tables, flags the lapsing qualification, fills what it knows', async () => {
    const c = await newWriter(s);
    const facts: Array<[string, Record<string, unknown>]> = [
      ['other', { name: '投标人名称', value: '临川市宏远建设工程有限公司' }],
      ['other', { name: '法定代表人', value: '赵志强' }],
      [
        'qualification',
        {
          name: '建筑工程施工总承包一级',
          number: 'D136012345',
          issuer: '省住房和城乡建设厅',
          validUntil: '2029-12-31',
        },
      ],
      [
        'qualification',
        {
          name: '安全生产许可证',
          number: '(赣)JZ安许证字[2020]000123',
          issuer: '省住房和城乡建设厅',
          validUntil: '2026-05-31',
        },
      ],
      [
        'qualification',
        {
          name: 'ISO9001 质量管理体系认证',
          number: '00121Q34567R0M',
          issuer: '中国质量认证中心',
          validUntil: '2027-08-15',
          fileId: 'scan-iso9001',
        },
      ],
      [
        'person',
        {
          name: '王建国',
          role: '项目经理',
          title: '高级工程师',
          certificates: ['一级建造师（市政）', '安全生产考核合格证B证'],
        },
      ],
      ['person', { name: '李明', role: '技术负责人', title: '高级工程师', certificates: ['注册监理工程师'] }],
      [
        'project',
        {
          name: '滨江大道改造工程',
          owner: '临川市城市建设投资有限公司',
          amount: 38500000,
          year: 2023,
          scope: '道路、排水及照明',
        },
      ],
      [
        'project',
        {
          name: '临川新区学府路新建工程',
          owner: '临川新区管委会',
          amount: 21600000,
          year: 2022,
          scope: '道路及管网',
        },
      ],
      [
        'project',
        {
          name: '东湖片区老旧小区改造',
          owner: '东湖区住建局',
          amount: 9800000,
          year: 2024,
          scope: '小区道路及配套',
        },
      ],
    ];
    for (const [kind, data] of facts) await c.data('/company/client/saveFact', { kind, data });
    const listed = await c.data<CompanyFact[]>('/company/client/listFacts', { kind: 'qualification' });
    expect(listed).toHaveLength(3);

    const { id: bidId } = await c.data<{ id: string }>('/bid/client/saveBid', {
      name: '商务标测试',
      modelType: 'standard',
      pageCount: 30,
      tenderText: corpus('t03'),
    });
    const r = await c.data<BusinessBidResult>('/company/client/generateBusinessBid', {
      bidId,
      price: 12345678.9,
      apply: true,
    });
    const by = Object.fromEntries(r.sections.map((x) => [x.title, x.markdown]));
    expect(Object.keys(by)).toEqual([
      '投标函',
      '法定代表人授权书',
      '开标一览表（报价一览表）',
      '资格证明文件',
      '类似项目业绩表',
      '拟派人员表',
      '商务条款响应及偏离表',
    ]);
    for (const q of ['建筑工程施工总承包一级', '安全生产许可证', 'ISO9001 质量管理体系认证'])
      expect(by['资格证明文件']).toContain(q);
    for (const p of ['滨江大道改造工程', '临川新区学府路新建工程', '东湖片区老旧小区改造'])
      expect(by['类似项目业绩表']).toContain(p);
    for (const p of ['王建国', '李明', '一级建造师（市政）']) expect(by['拟派人员表']).toContain(p);
    expect(by['资格证明文件']).toMatch(/2026-05-31（开标前到期）/);
    // The scan is placed under its certificate (a picture of the library: shown and exported as an image).
    expect(by['资格证明文件']).toContain(
      '![ISO9001 质量管理体系认证扫描件](/api/picture/client/file/scan-iso9001)',
    );
    expect(r.findings.filter((f) => f.kind === 'qualification-lapses').map((f) => f.message)).toEqual([
      expect.stringContaining('安全生产许可证'),
    ]);
    // The bid checks name it as a blocking finding too.
    const checks = await c.data('/bid/client/getBidChecks', { id: bidId });
    expect(checks.blockers).toEqual(
      expect.arrayContaining([
        expect.stringContaining('资质“安全生产许可证”有效期至 2026-05-31，早于开标日期 2026-06-18'),
      ]),
    );
    // Amounts in 大写 and 小写 agree everywhere they appear.
    for (const t of ['投标函', '开标一览表（报价一览表）']) {
      expect(by[t]).toContain('壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角整');
      expect(by[t]).toContain('¥12,345,678.90');
    }
    // Facts the library holds are filled, never left as placeholders.
    const all = r.sections.map((x) => x.markdown).join('\n');
    expect(all).toContain('临川市宏远建设工程有限公司');
    expect(all).toContain('赵志强');
    expect(all).not.toMatch(
      /【待填写：(投标人名称|法定代表人|委托代理人姓名|投标总报价|资质证书|类似项目业绩|拟派人员)/,
    );
    expect(all).toContain('90日历天');
    expect(r.findings.filter((f) => f.kind === 'inconsistent')).toEqual([]);
    // Applied: a 商务文件 part with one chapter per document.
    const tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
    const part = tree.find((n) => n.id === r.catalogId)!;
    expect(part.children.map((n) => n.title)).toEqual(Object.keys(by));
    expect(part.children.every((n) => n.hasContent)).toBe(true);

    // A chapter that says another 投标有效期 is named by the consistency check.
    const leaf = part.children[0].id;
    const d = await c.data('/catalog/client/getBidCatalogDetail', { id: leaf });
    await c.data('/catalog/client/updateBidCatalogContent', {
      id: leaf,
      baseVersion: d.version,
      content: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: '本投标文件的投标有效期为60日历天。' }] },
        ],
      },
    });
    const again = await c.data<BusinessBidResult>('/company/client/generateBusinessBid', {
      bidId,
      price: 12345678.9,
    });
    expect(
      again.findings.some(
        (f) =>
          f.kind === 'inconsistent' && f.message.includes('投标有效期') && f.message.includes('60日历天'),
      ),
    ).toBe(true);
    // Adding it again replaces the documents instead of adding a second 商务文件.
    const third = await c.data<BusinessBidResult>('/company/client/generateBusinessBid', {
      bidId,
      price: 12345678.9,
      apply: true,
    });
    expect(third.catalogId).toBe(r.catalogId);
    const after = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
    expect(after.filter((n) => n.title === '商务文件')).toHaveLength(1);
  });
});

describe(`grounded writing on a model (fake OpenAI server, ${TEST_DB})`, () => {
  let s: TestServer;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ charsPerToken: 4 });
    scriptBidWriter(fake);
    // The model writes what it was given and leaves two facts open: one the library holds, one not.
    fake.scriptFirst({
      match: (r: RecordedRequest) =>
        r.prompt.includes('【任务：撰写章节】') && r.prompt.includes('知识库中与本章相关的资料'),
      reply: () =>
        '### 项目管理机构\n\n本项目由项目经理【待填写：项目经理姓名】全面负责，配备施工机械【待填写：施工机械数量】台套。项目部下设工程技术部、质量安全部。',
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

  it('the prompt carries the passages and cards; sources are recorded; a known fact fills its placeholder, an unknown one stays', async () => {
    const c = await newWriter(s);
    const docId = await libraryWithPastBid(s, c);
    await c.data('/company/client/saveFact', {
      kind: 'person',
      data: { name: '周海涛', role: '项目经理', title: '高级工程师', certificates: ['一级建造师'] },
    });
    const leaf = await teamChapter(c);
    const before = fake.requests.length;
    await c.data('/ai/client/aiGetBidContent', { catalogId: leaf });
    const prompt = fake.requests.slice(before).find((r) => r.prompt.includes('【任务：撰写章节】'))!.prompt;
    expect(prompt).toContain('《滨江大道改造工程投标文件.docx》');
    expect(prompt).toContain('王建国');
    expect(prompt).toContain('人员：周海涛，项目经理，高级工程师，持有一级建造师');
    const detail = await c.data('/catalog/client/getBidCatalogDetail', { id: leaf });
    expect(detail.engine).toBe('openai:fake-standard');
    expect(detail.sources.map((x: { documentId: string }) => x.documentId)).toContain(docId);
    const text = textOf(detail.content);
    expect(text).toContain('项目经理周海涛全面负责');
    // The open fact stays a placeholder (the document model keeps it as a placeholder node).
    expect(JSON.stringify(detail.content)).toContain('施工机械数量');
    expect(JSON.stringify(detail.content)).not.toContain('项目经理姓名');
  });
});
