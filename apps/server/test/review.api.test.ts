import { describe, expect, it } from 'vitest';
import {
  REMOVED_ITEM_MARK,
  totalsMismatches,
  type BidAnalysis,
  type CatalogNode,
  type InterpretationDetail,
  type ReparseScoringResult,
  type TenderAnalysis,
  type TenderPassage,
} from '@bid/shared';
import { TEST_DB, useTestServer, clientHeaders } from './helpers/test-server.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import {
  MISSING_ROWS,
  partialScoringTenderPdf,
  SCORING_TABLE_TEXT,
  TABLE_ROWS,
} from './helpers/partial-tender.ts';
import { flatten, newWriter, paragraph, type Client } from './catalog-helpers.ts';

/**
 * The writer's review of the analysis before the outline (issue 25): a tender PDF whose scoring
 * table lost a page is read partly, the sums say so, the pasted table is read on its own, the
 * corrected analysis is saved over its version and is what the outline is planned from; re-planning
 * keeps written chapters. The same for an interpretation. Every call: foreign ids 404, stale 409, bad input 400.
 */

const s = useTestServer();

async function uploadPdf(c: Client): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(partialScoringTenderPdf())]), '城东物业招标文件.pdf');
  const up = await fetch(`${s.baseUrl}/api/file/client/uploadTender`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${c.user.token}` },
    body: fd,
  });
  const body = (await up.json()) as { code: number; msg: string; data: { fileId: string } };
  if (body.code !== 200) throw new Error(`upload answered ${body.code} ${body.msg}`);
  return body.data.fileId;
}

async function newBidFromPdf(c: Client) {
  const fileId = await uploadPdf(c);
  const { id } = await c.data<{ id: string }>('/bid/client/saveBid', {
    name: '城东物业投标文件',
    modelType: 'standard',
    pageCount: 40,
    fileId,
  });
  return { id, fileId };
}

/** The review's repair: the pasted table's items replace the analysis's, keeping the ids of items by name. */
function replaced(a: TenderAnalysis, pasted: ReparseScoringResult): TenderAnalysis {
  const byName = new Map(a.scoringItems.map((i) => [i.name, i.id]));
  let next = a.scoringItems.length + 1;
  return {
    ...a,
    scoringItems: pasted.scoringItems.map((i) => ({ ...i, id: byName.get(i.name) ?? `S${next++}` })),
  };
}

const expectRefused = (r: { status: number; code: number; msg: string }, status: number, msg?: RegExp) => {
  expect(r.status).toBe(status);
  expect(r.code).toBe(status);
  if (msg) expect(r.msg).toMatch(msg);
};

describe(`the review of a bid's analysis (${TEST_DB})`, () => {
  it('reads a PDF missing a page of its scoring table partly, and the sums say so', async () => {
    const c = await newWriter(s);
    const { id } = await newBidFromPdf(c);
    const got = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    expect(got.chapters).toBe(0);
    const names = got.analysis!.scoringItems.map((i) => i.name);
    for (const row of MISSING_ROWS) expect(names).not.toContain(row.name);
    expect(got.totals).toHaveLength(1);
    const [t] = got.totals;
    expect(t.stated).toMatchObject({ total: 100, price: 30, technical: 50, commercial: 20 });
    expect(t.found.total).toBeLessThan(100);
    expect(totalsMismatches(t).map((m) => m.key)).toContain('total');
    // Reading again does not make a new analysis or a new version.
    const again = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    expect(again.version).toBe(got.version);
  });

  it('「只粘贴评分表」: reads only the pasted table; passages are the tender’s where it has them', async () => {
    const c = await newWriter(s);
    const { id } = await newBidFromPdf(c);
    const before = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    const pasted = await c.data<ReparseScoringResult>('/ai/client/reparseScoring', {
      id,
      text: SCORING_TABLE_TEXT,
    });
    expect(pasted.scoringItems.map((i) => [i.name, i.points])).toEqual(
      TABLE_ROWS.map((r) => [r.name, r.points]),
    );
    expect(pasted.totals[0].found.total).toBe(100);
    for (const it of pasted.scoringItems) {
      const missing = MISSING_ROWS.some((r) => r.name === it.name);
      if (missing) expect(it.source, it.name).toBeNull();
      else {
        expect(it.source, it.name).not.toBeNull();
        const p = await c.data<TenderPassage>('/bid/client/getTenderPassage', { id, ...it.source! });
        expect(p.text).toBe(it.name);
        expect(p.after).toMatch(new RegExp(`^\\s*${it.points}`));
      }
    }
    // Nothing was saved.
    const after = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    expect(after.version).toBe(before.version);
    expect(after.analysis).toEqual(before.analysis);
  });

  it('a corrected analysis is saved over its version, refused when stale, and the outline answers exactly its items', async () => {
    const c = await newWriter(s);
    const { id } = await newBidFromPdf(c);
    const got = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    const pasted = await c.data<ReparseScoringResult>('/ai/client/reparseScoring', {
      id,
      text: SCORING_TABLE_TEXT,
    });
    const fixed = replaced(got.analysis!, pasted);
    const staff = fixed.scoringItems.find((i) => i.name === '人员配置')!;
    staff.category = 'technical';
    staff.name = '项目人员配置';
    const saved = await c.data<{ version: number }>('/bid/client/updateBidAnalysis', {
      id,
      version: got.version,
      analysis: fixed,
    });
    expect(saved.version).toBe(got.version + 1);

    const stale = await c.call('/bid/client/updateBidAnalysis', {
      id,
      version: got.version,
      analysis: fixed,
    });
    expectRefused(stale, 409, /已在别处修改/);
    expect(stale.data).toEqual({ version: saved.version });

    const now = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    expect(now.version).toBe(saved.version);
    expect(now.analysis!.scoringItems.map((i) => i.name)).toContain('项目人员配置');
    expect(totalsMismatches(now.totals[0])).toEqual([]);
    // What the writer cannot change stays the reader's.
    expect(now.analysis!.chars).toBe(got.analysis!.chars);

    const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId: id });
    const answered = flatten(tree).flatMap((n) =>
      (n.scoringItems ?? []).map((x) => (x as { id: string }).id),
    );
    expect([...answered].sort()).toEqual(fixed.scoringItems.map((i) => i.id).sort());
    const titles = flatten(tree).map((n) => n.title);
    expect(titles).toContain('项目人员配置');
    expect(titles).not.toContain('人员配置');
  });

  it('re-planning after an outline exists keeps written chapters, adds new ones and marks removed ones', async () => {
    const c = await newWriter(s);
    const { id } = await newBidFromPdf(c);
    const got = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    const pasted = await c.data<ReparseScoringResult>('/ai/client/reparseScoring', {
      id,
      text: SCORING_TABLE_TEXT,
    });
    const full = replaced(got.analysis!, pasted);
    const v1 = await c.data<{ version: number }>('/bid/client/updateBidAnalysis', {
      id,
      version: got.version,
      analysis: full,
    });
    const tree = await c.data<CatalogNode[]>('/ai/client/aiGetBidCatalog', { bidId: id });
    const chapterOf = (nodes: CatalogNode[], name: string) =>
      flatten(nodes).find((n) => (n.scoringItems ?? []).some((x) => (x as { name: string }).name === name))!;
    const green = chapterOf(tree, '绿化养护方案');
    const greenLeaf = green.children.length
      ? flatten(green.children).find((n) => !n.children.length)!
      : green;
    const detail = await c.data('/catalog/client/getBidCatalogDetail', { id: greenLeaf.id });
    await c.data('/catalog/client/updateBidCatalogContent', {
      id: greenLeaf.id,
      content: paragraph('已经写好的绿化养护内容'),
      baseVersion: detail.version,
    });
    const safety = chapterOf(tree, '安保服务方案');

    // The writer removes 绿化 (written) and 安保 (empty) and adds an item.
    const edited: TenderAnalysis = {
      ...full,
      scoringItems: [
        ...full.scoringItems.filter((i) => !['绿化养护方案', '安保服务方案'].includes(i.name)),
        {
          id: 'S20',
          name: '智慧物业平台',
          category: 'technical',
          group: null,
          points: 20,
          criteria: '有平台的得20分',
          lot: null,
          source: null,
        },
      ],
    };
    await c.data('/bid/client/updateBidAnalysis', { id, version: v1.version, analysis: edited });
    const r = await c.data<{ outline: CatalogNode[]; added: number; marked: number; removed: number }>(
      '/ai/client/replanBidCatalog',
      { bidId: id },
    );
    expect(r).toMatchObject({ added: 1, marked: 1, removed: 1 });
    const nodes = flatten(r.outline);
    const keptGreen = nodes.find((n) => n.id === green.id)!;
    expect(keptGreen.title).toBe(`${REMOVED_ITEM_MARK}${green.title}`);
    expect(nodes.find((n) => n.id === greenLeaf.id)?.hasContent).toBe(true);
    expect(nodes.some((n) => n.id === safety.id)).toBe(false);
    expect(chapterOf(r.outline, '智慧物业平台').title).toBe('智慧物业平台');
    const answered = nodes.flatMap((n) => (n.scoringItems ?? []).map((x) => (x as { id: string }).id));
    expect([...answered].sort()).toEqual(edited.scoringItems.map((i) => i.id).sort());
    const versions = await c.data('/bid/client/getBidCatalogVersionList', { bidId: id });
    expect(JSON.stringify(versions)).toContain('按修改后的评分项调整大纲前自动保存');
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const c = await newWriter(s);
    const { id } = await newBidFromPdf(c);
    const got = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    const a = got.analysis!;
    const first = a.scoringItems[0];
    const withItem = (over: Record<string, unknown>) => ({
      id,
      version: got.version,
      analysis: { ...a, scoringItems: [{ ...first, ...over }, ...a.scoringItems.slice(1)] },
    });
    const cases: Array<[unknown, RegExp]> = [
      [withItem({ name: '   ' }), /评分项名称不能为空/],
      [withItem({ points: -3 }), /分值不能小于 0/],
      [withItem({ points: 'abc' }), /分值必须是数字/],
      [withItem({ category: 'bonus' }), /评分项类别/],
      [withItem({ id: a.scoringItems[1].id }), /评分项编号 .* 重复/],
      [withItem({ lot: 4 }), /招标文件没有这个采购包/],
      [withItem({ source: { start: 50, end: 10 } }), /原文位置不正确/],
      [
        { id, version: got.version, analysis: { ...a, starClauses: [{ mark: '★', text: ' ' }] } },
        /条款内容不能为空/,
      ],
      [{ id, version: got.version, analysis: { ...a, disqualifications: [''] } }, /废标条款内容不能为空/],
      [
        { id, version: got.version, analysis: { ...a, mandatedOutline: [{ title: '投标函', level: 7 }] } },
        /目录层级/,
      ],
      [{ id, version: got.version, analysis: { ...a, pageLimit: -1 } }, /页数上限/],
      [
        {
          id,
          version: got.version,
          analysis: {
            ...a,
            lots: [
              { no: 1, name: '' },
              { no: 1, name: '' },
            ],
          },
        },
        /采购包编号 1 重复/,
      ],
      [
        {
          id,
          version: got.version,
          analysis: {
            ...a,
            scoringItems: Array.from({ length: 501 }, (_, i) => ({ ...first, id: `S${i}` })),
          },
        },
        /评分项不能超过 500 项/,
      ],
      [{ id, version: -1, analysis: a }, /版本号不能小于 0/],
      [{ id, analysis: a }, /版本号|version/],
    ];
    for (const [body, msg] of cases)
      expectRefused(await c.call('/bid/client/updateBidAnalysis', body), 400, msg);
    for (const [body, msg] of [
      [{ id, text: '   ' }, /请粘贴评分表的内容/],
      [{ id, text: 'x'.repeat(100_001) }, /不能超过 100000 字/],
      [{ id, text: '评分', target: 'other' }, /target/],
    ] as Array<[unknown, RegExp]>)
      expectRefused(await c.call('/ai/client/reparseScoring', body), 400, msg);
    for (const [body, msg] of [
      [{ id, start: 10, end: 5 }, /结束位置在开始位置之前/],
      [{ id, start: -1, end: 5 }, /原文位置不能小于 0/],
      [{ id, start: 1, end: 5, context: 9999 }, /上下文字数不能超过/],
      [{ id, start: 9_000_000, end: 9_000_001 }, /超出了招标文件的范围/],
    ] as Array<[unknown, RegExp]>)
      expectRefused(await c.call('/bid/client/getTenderPassage', body), 400, msg);
    const after = await c.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    expect(after.version).toBe(got.version);
    expect(after.analysis).toEqual(a);
  });

  it("another user's bid is missing (404) for every call, and a bid in the recycle bin is read-only", async () => {
    const owner = await newWriter(s);
    const other = await newWriter(s);
    const { id } = await newBidFromPdf(owner);
    const got = await owner.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    const calls: Array<[string, unknown]> = [
      ['/bid/client/getBidAnalysis', { id }],
      ['/bid/client/updateBidAnalysis', { id, version: got.version, analysis: got.analysis }],
      ['/bid/client/getTenderPassage', { id, start: 0, end: 5 }],
      ['/ai/client/reparseScoring', { id, text: SCORING_TABLE_TEXT }],
      ['/ai/client/reparseScoring', { id, text: SCORING_TABLE_TEXT, target: 'interpretation' }],
      ['/ai/client/replanBidCatalog', { bidId: id }],
    ];
    for (const [path, body] of calls) expectRefused(await other.call(path, body), 404);
    const unchanged = await owner.data<BidAnalysis>('/bid/client/getBidAnalysis', { id });
    expect(unchanged.version).toBe(got.version);

    await owner.data('/bid/client/clientRemoveBid', { id });
    const r = await owner.call('/bid/client/updateBidAnalysis', {
      id,
      version: got.version,
      analysis: got.analysis,
    });
    expect(r.code).toBe(601);
    expect(r.msg).toMatch(/回收站/);
    // Still readable.
    expect((await owner.data<BidAnalysis>('/bid/client/getBidAnalysis', { id })).version).toBe(got.version);
  });
});

describe(`the review of an interpretation (${TEST_DB})`, () => {
  it('saves over its version, 409 when stale, passages from the tender, foreign ids 404', async () => {
    const c = await newWriter(s);
    const other = await newWriter(s);
    const fileId = await uploadPdf(c);
    const started = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { fileId });
    const done = await waitForInterpretation(s, c.user.token, started.id);
    expect(done.version).toBe(0);
    const id = done.id;
    const pasted = await c.data<ReparseScoringResult>('/ai/client/reparseScoring', {
      id,
      text: SCORING_TABLE_TEXT,
      target: 'interpretation',
    });
    expect(pasted.scoringItems).toHaveLength(TABLE_ROWS.length);
    const fixed = replaced(done.analysis!, pasted);
    const saved = await c.data<{ version: number }>('/ai/fileInterpretationClient/updateAnalysis', {
      id,
      version: 0,
      analysis: fixed,
    });
    expect(saved.version).toBe(1);
    expectRefused(
      await c.call('/ai/fileInterpretationClient/updateAnalysis', { id, version: 0, analysis: fixed }),
      409,
      /已在别处修改/,
    );
    const now = await waitForInterpretation(s, c.user.token, id);
    expect(now.version).toBe(1);
    expect(now.analysis!.scoringItems).toHaveLength(TABLE_ROWS.length);

    const item = now.analysis!.scoringItems.find((i) => i.source)!;
    const p = await c.data<TenderPassage>('/ai/fileInterpretationClient/passage', {
      id,
      ...item.source!,
      context: 20,
    });
    expect(p.text).toBe(item.name);
    expect(p.before.length).toBeLessThanOrEqual(20);
    expect(p.total).toBe(now.text!.length);

    expectRefused(
      await c.call('/ai/fileInterpretationClient/updateAnalysis', {
        id,
        version: 1,
        analysis: { ...fixed, scoringItems: [{ ...fixed.scoringItems[0], name: '' }] },
      }),
      400,
      /评分项名称不能为空/,
    );
    for (const [path, body] of [
      ['/ai/fileInterpretationClient/updateAnalysis', { id, version: 1, analysis: fixed }],
      ['/ai/fileInterpretationClient/passage', { id, start: 0, end: 3 }],
      ['/ai/client/reparseScoring', { id, text: SCORING_TABLE_TEXT, target: 'interpretation' }],
    ] as Array<[string, unknown]>)
      expectRefused(await other.call(path, body), 404);
    expect((await waitForInterpretation(s, c.user.token, id)).version).toBe(1);
  });
});
