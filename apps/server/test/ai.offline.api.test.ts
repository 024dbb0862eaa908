import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CatalogNode, TenderAnalysis } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';
import { client, flatten, newWriter, type Client } from './catalog-helpers.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import { readSse, streamCall } from './fake-openai/helpers.ts';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../src/ai/fixtures/${name}.txt`, import.meta.url), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const s = useTestServer();

async function waitForJob(c: Client, bidId: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const w = await c.data('/ai/client/isWriting', { bidId });
    if (!w.writing) return w;
    if (Date.now() > end) throw new Error('full-text job did not finish');
    await sleep(200);
  }
}

const leaves = (tree: CatalogNode[]) => flatten(tree).filter((n) => n.children.length === 0);

describe(`AI with no configuration: the offline engine (${TEST_DB})`, () => {
  it('health says which provider serves', async () => {
    const r = await s.api.get('/health');
    expect(r.body.data.ai).toBe('offline');
  });

  for (const [name, pages] of [
    ['tender-it-gov', 60],
    ['tender-construction', 80],
    ['tender-property', 50],
  ] as const) {
    it(`${name}: outline maps every scoring item, full text fills every leaf, progress counts only written ones`, async () => {
      const c = await newWriter(s);
      const { id: bidId } = await c.data('/bid/client/saveBid', {
        name: `测试-${name}`,
        modelType: 'standard',
        pageCount: pages,
        tenderText: fixture(name),
      });
      const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId });
      const detail = await c.data('/bid/client/getBidDetail', { id: bidId });
      const analysis = detail.analysis as TenderAnalysis;
      expect(analysis.scoringItems.length).toBeGreaterThanOrEqual(10);
      expect(analysis.engine).toBe('offline');
      // Every scoring item is answered by at least one chapter.
      const mapped = new Set(
        flatten(tree).flatMap((n) => ((n.scoringItems ?? []) as Array<{ id: string }>).map((i) => i.id)),
      );
      for (const item of analysis.scoringItems) expect(mapped, `${item.id} ${item.name}`).toContain(item.id);
      // The tender's own top-level order comes first.
      const top = analysis.mandatedOutline.filter((x) => x.level === 1).map((x) => x.title);
      expect(tree.map((n) => n.title).slice(0, top.length)).toEqual(top);
      // Budgets: leaves carry target words that add up to about the page count.
      const sum = leaves(tree).reduce((a, n) => a + (n.targetWords ?? 0), 0);
      expect(sum).toBeGreaterThan(pages * 700 * 0.75);
      expect(sum).toBeLessThan(pages * 700 * 1.15);

      const { jobId } = await c.data('/ai/client/aiGetExpandRange', { bidId });
      expect(jobId).toMatch(/^\d+$/);
      const w = await waitForJob(c, bidId);
      expect(w.done).toBe(w.total);
      const after = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
      for (const leaf of leaves(after)) {
        expect(leaf.status, leaf.title).toBe('done');
        expect(leaf.hasContent).toBe(true);
        expect(leaf.engine).toBe('offline');
      }
      // A template draft is mostly placeholders and the tender's own words: progress is the share of
      // leaves whose own text reached 60 % of their target, as the tree says, and not 100 %.
      const written = leaves(after).filter((n) => n.written).length;
      const done = await c.data('/bid/client/getBidDetail', { id: bidId });
      expect(done.progress).toBe(Math.floor((written * 100) / leaves(after).length));
      expect(done.progress).toBeLessThan(100);
      const own = leaves(after).reduce((a, n) => a + n.ownWords, 0);
      const all = leaves(after).reduce((a, n) => a + n.wordCount, 0);
      expect(own).toBeLessThan(all);

      // The events stream replays the job to its end.
      const res = await streamCall(s, c.user.token, `/ai/client/writingEvents?bidId=${bidId}`);
      expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
      const events = await readSse(res);
      expect(events[0].event).toBe('snapshot');
      const last = events.filter((e) => e.event === 'job').at(-1)!;
      expect(last.data).toMatchObject({ status: 'done', done: w.total, total: w.total });
      expect(events.filter((e) => e.event === 'chapter' && e.data.status === 'done')).toHaveLength(w.total);
    });
  }

  it('a reconnect with Last-Event-ID gets only what it missed', async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '续传',
      modelType: 'standard',
      pageCount: 20,
      tenderText: fixture('tender-property'),
    });
    await c.data('/ai/client/aiGetBidCatalog', { bidId });
    await c.data('/ai/client/aiGetExpandRange', { bidId });
    await waitForJob(c, bidId);
    const all = (
      await readSse(await streamCall(s, c.user.token, `/ai/client/writingEvents?bidId=${bidId}`))
    ).filter((e) => e.id);
    const cut = all[Math.floor(all.length / 2)];
    const rest = (
      await readSse(
        await streamCall(s, c.user.token, `/ai/client/writingEvents?bidId=${bidId}`, undefined, {
          'last-event-id': cut.id!,
        }),
      )
    ).filter((e) => e.id);
    expect(rest.map((e) => e.id)).toEqual(all.slice(all.indexOf(cut) + 1).map((e) => e.id));
  });

  it('writes one chapter as JSON and as a stream; each write is a new version marked as a draft', async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '单章',
      modelType: 'standard',
      pageCount: 30,
      tenderText: fixture('tender-it-gov'),
    });
    const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId });
    const leaf = leaves(tree).find((n) => n.title === '运维组织')!;
    const json = await c.data('/ai/client/aiGetBidContent', {
      catalogId: leaf.id,
      requirement: '突出7×24小时响应',
    });
    expect(json.status).toBe('done');
    expect(json.engine).toBe('offline');
    expect(JSON.stringify(json.content)).toContain('离线模板草稿');
    // The requirement steers the draft; it is not pasted into it (gear.api.test.ts).
    expect(JSON.stringify(json.content)).not.toContain('突出7×24小时响应');

    const res = await streamCall(s, c.user.token, '/ai/client/aiGetBidContent', { catalogId: leaf.id });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.chapter.version).toBe(json.version + 1);
    const streamed = deltas.map((d) => d.data.text).join('');
    expect(streamed).toContain('离线模板草稿');
    const versions = await c.data('/catalog/client/getCatalogContentVersionList', { id: leaf.id });
    expect(versions.filter((v: { source: string }) => v.source === 'ai')).toHaveLength(2);
  });

  it('a check that fails before streaming answers the JSON envelope even when a stream was asked for', async () => {
    const c = await newWriter(s);
    const res = await streamCall(s, c.user.token, '/ai/client/aiGetBidContent', { catalogId: '999999' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(404);
  });

  it('selection edits: polish and shorten work offline, rewrite and custom say they need a model', async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '选区',
      modelType: 'standard',
      tenderText: fixture('tender-it-gov'),
    });
    const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId });
    const catalogId = leaves(tree)[0].id;
    const polished = await c.data('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'polish',
      selection: '我方承诺,按期完成.',
    });
    expect(polished).toMatchObject({ text: '我方承诺，按期完成。', engine: 'offline' });
    const shortened = await c.data('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'shorten',
      selection: '第一句。第二句。第三句。第四句。第五句。',
    });
    expect(shortened.text.length).toBeLessThan(15);
    // Nothing the offline engine can do: it says so rather than answering the selection unchanged.
    const cleanAlready = await c.call('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'polish',
      selection: '我方承诺，按期完成。',
    });
    expect(cleanAlready.code).toBe(601);
    expect(cleanAlready.msg).toContain('离线引擎无法润色');
    const oneSentence = await c.call('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'shorten',
      selection: '我方承诺按期完成全部工作。',
    });
    expect(oneSentence.code).toBe(601);
    expect(oneSentence.msg).toContain('离线引擎无法缩写');
    const custom = await c.call('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'custom',
      selection: '文字',
      instruction: '改成表格',
    });
    expect(custom.code).toBe(601);
    expect(custom.msg).toMatch(/离线引擎/);
    const bad = await c.call('/ai/client/aiGenerateCustomizeContent', {
      catalogId,
      action: 'rewrite',
      selection: '',
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('请先选中要处理的文字');
  });

  it('regenerating the outline keeps the old one as an outline version; children of one chapter', async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '版本',
      modelType: 'standard',
      tenderText: fixture('tender-construction'),
    });
    await c.data('/ai/client/aiGetBidCatalog', { bidId });
    const tree2 = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId, pageCount: 120 });
    const versions = await c.data('/bid/client/getBidCatalogVersionList', { bidId });
    expect(versions.length).toBeGreaterThanOrEqual(1);
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).pageCount).toBe(120);
    const chapter = flatten(tree2).find((n) => n.title === '质量管理体系与措施')!;
    const node = await c.data<CatalogNode>('/ai/client/aiGetBidCatalogChild', { catalogId: chapter.id });
    expect(node.children.length).toBeGreaterThanOrEqual(2);
    expect(node.children.map((x) => x.title)).toContain('质量目标');
  });

  it("a disabled tier answers 601; another user's bid is missing (404)", async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '禁用',
      modelType: 'premium',
      tenderText: fixture('tender-property'),
    });
    await s.built.ctx.db
      .updateTable('users')
      .set({ premium_disabled: 1 })
      .where('id', '=', c.user.userId)
      .execute();
    const r = await c.call('/ai/client/aiGetBidCatalog', { bidId });
    expect(r.code).toBe(601);
    expect(r.msg).toMatch(/高级模型已停用/);
    const other = client(s, await createUserWithSession(s));
    for (const path of [
      '/ai/client/aiGetBidCatalog',
      '/ai/client/aiGetExpandRange',
      '/ai/client/isWriting',
      '/ai/client/cancelWriting',
    ]) {
      const x = await other.call(path, { bidId });
      expect(x.code, path).toBe(404);
    }
  });

  it('without an outline the full text refuses with a clear message; analysis is stored with the bid', async () => {
    const c = await newWriter(s);
    const { id: bidId } = await c.data('/bid/client/saveBid', {
      name: '空',
      modelType: 'standard',
      tenderText: fixture('tender-it-gov'),
    });
    const r = await c.call('/ai/client/aiGetExpandRange', { bidId });
    expect(r.code).toBe(601);
    const a = await c.data<TenderAnalysis>('/ai/client/analyzeBid', { bidId });
    expect(a.project.name).toBe('滨江市政务服务数据共享平台建设项目');
    expect((await c.data('/bid/client/getBidDetail', { id: bidId })).analysis.project.name).toBe(
      '滨江市政务服务数据共享平台建设项目',
    );
  });

  it('file interpretation: start-analysis on text, detail by id, the same text is not analysed twice', async () => {
    const c = await newWriter(s);
    const started = await c.data('/ai/chat/start-analysis', { text: fixture('tender-property') });
    const first = await waitForInterpretation(s, c.user.token, started.id);
    expect(first.status).toBe('done');
    expect(first.analysis!.scoringItems).toHaveLength(13);
    const again = await c.data('/ai/chat/start-analysis', { text: fixture('tender-property') });
    expect(again.id).toBe(first.id);
    const got = await s.api.get(
      '/ai/fileInterpretationClient/detail',
      { id: first.id },
      { token: c.user.token },
    );
    expect(got.body.data.analysis.project.name).toBe('南湖区人民医院物业管理服务采购项目');
    const other = client(s, await createUserWithSession(s));
    const foreign = await s.api.get(
      '/ai/fileInterpretationClient/detail',
      { id: first.id },
      { token: other.user.token },
    );
    expect(foreign.body.code).toBe(404);
    const empty = await c.call('/ai/chat/start-analysis', {});
    expect(empty.code).toBe(400);
  });
});
