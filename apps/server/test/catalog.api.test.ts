import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import {
  assertOutlineInvariants,
  findByTitle,
  flatten,
  newBid,
  newWriter,
  paragraph,
  shape,
  type Client,
} from './catalog-helpers.ts';

let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

const P = '/catalog/client';

/** A bid with the outline A[A1,A2[A2a]],B,C. */
async function bidWithOutline(): Promise<{ bidId: string; tree: CatalogNode[] }> {
  const bidId = await newBid(c);
  const tree = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
    bidId,
    catalogs: [
      { title: 'A', children: [{ title: 'A1' }, { title: 'A2', children: [{ title: 'A2a' }] }] },
      { title: 'B' },
      { title: 'C' },
    ],
  });
  return { bidId, tree };
}

async function treeOf(bidId: string) {
  return assertOutlineInvariants(s, c, bidId);
}

describe(`catalog operations (${TEST_DB})`, () => {
  it('bidCatalogSave stores the tree and answers it with ids, levels, contiguous sort and placeholders', async () => {
    const { bidId, tree } = await bidWithOutline();
    expect(shape(tree)).toBe('A[A1,A2[A2a]],B,C');
    const a2a = findByTitle(tree, 'A2a');
    expect(a2a).toMatchObject({
      level: 3,
      sort: 1,
      status: 'empty',
      wordCount: 0,
      targetWords: null,
      scoringItems: null,
      engine: null,
      hasContent: false,
      version: 0,
    });
    expect(findByTitle(tree, 'C').sort).toBe(3);
    expect(shape(await treeOf(bidId))).toBe('A[A1,A2[A2a]],B,C');
  });

  it('bidCatalogSave replaces the outline and keeps the old one as an outline version', async () => {
    const { bidId } = await bidWithOutline();
    const tree = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
      bidId,
      catalogs: [{ title: '新一', targetWords: 800, scoringItems: [{ name: '技术方案', points: 10 }] }],
    });
    expect(shape(tree)).toBe('新一');
    expect(tree[0]).toMatchObject({ targetWords: 800, scoringItems: [{ name: '技术方案', points: 10 }] });
    await treeOf(bidId);
    const versions = await c.data<any[]>('/bid/client/getBidCatalogVersionList', { bidId });
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ source: 'auto', chapterCount: 6 });
    const detail = await c.data('/bid/client/getBidCatalogVersionDetail', { id: versions[0].id });
    expect(detail.catalogs.map((n: any) => n.title)).toEqual(['A', 'B', 'C']);
  });

  it('getBidCatalogDetail answers content (an empty doc at first) and version', async () => {
    const { tree } = await bidWithOutline();
    const d = await c.data(`${P}/getBidCatalogDetail`, { id: findByTitle(tree, 'B').id });
    expect(d).toMatchObject({
      title: 'B',
      status: 'empty',
      version: 0,
      readOnly: false,
      content: { type: 'doc' },
    });
  });

  it('updateBidCatalogTitle renames; an empty title is a 400 naming the field', async () => {
    const { bidId, tree } = await bidWithOutline();
    await c.data(`${P}/updateBidCatalogTitle`, { id: findByTitle(tree, 'B').id, title: '  商务部分 ' });
    expect(shape(await treeOf(bidId))).toBe('A[A1,A2[A2a]],商务部分,C');
    const bad = await c.call(`${P}/updateBidCatalogTitle`, { id: findByTitle(tree, 'C').id, title: '   ' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('章节标题不能为空');
  });

  it('moveUp / moveDown swap with the neighbour; at the edge a 601 says why', async () => {
    const { bidId, tree } = await bidWithOutline();
    await c.data(`${P}/moveUpBidCatalog`, { id: findByTitle(tree, 'C').id });
    expect(shape(await treeOf(bidId))).toBe('A[A1,A2[A2a]],C,B');
    await c.data(`${P}/moveDownBidCatalog`, { id: findByTitle(tree, 'A').id });
    expect(shape(await treeOf(bidId))).toBe('C,A[A1,A2[A2a]],B');
    const top = await c.call(`${P}/moveUpBidCatalog`, { id: findByTitle(tree, 'C').id });
    expect(top.code).toBe(601);
    expect(top.msg).toBe('已经是同级第一个章节，无法上移');
    const bottom = await c.call(`${P}/moveDownBidCatalog`, { id: findByTitle(tree, 'A2').id });
    expect(bottom.code).toBe(601);
    expect(bottom.msg).toBe('已经是同级最后一个章节，无法下移');
    await treeOf(bidId);
  });

  it('a move writes O(1) rows: only the two swapped chapters change', async () => {
    const bidId = await newBid(c);
    const tree = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
      bidId,
      catalogs: Array.from({ length: 50 }, (_, i) => ({ title: `第${i + 1}章` })),
    });
    const before = await s.built.ctx.db
      .selectFrom('catalogs')
      .select(['id', 'sort_key', 'updated_at'])
      .where('bid_id', '=', bidId)
      .execute();
    await new Promise((r) => setTimeout(r, 5));
    await c.data(`${P}/moveUpBidCatalog`, { id: tree[30].id });
    const after = await s.built.ctx.db
      .selectFrom('catalogs')
      .select(['id', 'sort_key', 'updated_at'])
      .where('bid_id', '=', bidId)
      .execute();
    const changed = after.filter((r) => before.find((b) => b.id === r.id)!.updated_at !== r.updated_at);
    expect(changed.map((r) => r.id).sort()).toEqual([tree[29].id, tree[30].id].sort());
    await treeOf(bidId);
  });

  it('removeBidCatalog removes the whole subtree in one go', async () => {
    const { bidId, tree } = await bidWithOutline();
    await c.data(`${P}/removeBidCatalog`, { id: findByTitle(tree, 'A').id });
    expect(shape(await treeOf(bidId))).toBe('B,C');
    const gone = await c.call(`${P}/getBidCatalogDetail`, { id: findByTitle(tree, 'A2a').id });
    expect(gone.status).toBe(404);
  });

  it('removing a subtree with content keeps it in an outline version first', async () => {
    const { bidId, tree } = await bidWithOutline();
    const a1 = findByTitle(tree, 'A1');
    await c.data(`${P}/updateBidCatalogContent`, {
      id: a1.id,
      content: paragraph('重要内容'),
      baseVersion: 0,
    });
    await c.data(`${P}/removeBidCatalog`, { id: findByTitle(tree, 'A').id });
    const versions = await c.data<any[]>('/bid/client/getBidCatalogVersionList', { bidId });
    expect(versions[0].name).toContain('删除「A」前自动保存');
    await c.data('/bid/client/restoreCatalogVersion', { id: versions[0].id });
    const restored = await treeOf(bidId);
    expect(shape(restored)).toBe('A[A1,A2[A2a]],B,C');
    const d = await c.data(`${P}/getBidCatalogDetail`, { id: a1.id });
    expect(JSON.stringify(d.content)).toContain('重要内容');
  });

  it('addLowerLevelBidCatalog adds a last child; addSameLevelBidCatalog adds right after', async () => {
    const { bidId, tree } = await bidWithOutline();
    const child = await c.data(`${P}/addLowerLevelBidCatalog`, {
      id: findByTitle(tree, 'A').id,
      title: 'A3',
    });
    expect(child.id).toEqual(expect.any(String));
    await c.data(`${P}/addSameLevelBidCatalog`, { id: findByTitle(tree, 'A1').id, title: 'A1+' });
    await c.data(`${P}/addSameLevelBidCatalog`, { id: findByTitle(tree, 'C').id, title: 'D' });
    expect(shape(await treeOf(bidId))).toBe('A[A1,A1+,A2[A2a],A3],B,C,D');
  });

  it('addSameLevelBidCatalog with only bidId starts an empty outline', async () => {
    const bidId = await newBid(c);
    await c.data(`${P}/addSameLevelBidCatalog`, { bidId, title: '第一章' });
    await c.data(`${P}/addSameLevelBidCatalog`, { bidId, title: '第二章' });
    expect(shape(await treeOf(bidId))).toBe('第一章,第二章');
    const bad = await c.call(`${P}/addSameLevelBidCatalog`, { title: '无处安放' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('请指定章节 id 或标书 bidId');
  });

  it('repeated inserts at one spot exhaust the gap and renumber only that sibling list', async () => {
    const bidId = await newBid(c);
    const tree = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
      bidId,
      catalogs: [{ title: 'X', children: [{ title: 'x1' }] }, { title: 'first' }, { title: 'last' }],
    });
    const first = findByTitle(tree, 'first');
    const x1Before = await s.built.ctx.db
      .selectFrom('catalogs')
      .select(['sort_key', 'updated_at'])
      .where('id', '=', findByTitle(tree, 'x1').id)
      .executeTakeFirstOrThrow();
    // Each insert goes right after `first`: the gap halves every time and runs out after ~10.
    for (let i = 0; i < 14; i++)
      await c.data(`${P}/addSameLevelBidCatalog`, { id: first.id, title: `n${i}` });
    const after = await treeOf(bidId);
    expect(after.map((n) => n.title)).toEqual([
      'X',
      'first',
      ...Array.from({ length: 14 }, (_, i) => `n${13 - i}`),
      'last',
    ]);
    const x1After = await s.built.ctx.db
      .selectFrom('catalogs')
      .select(['sort_key', 'updated_at'])
      .where('id', '=', findByTitle(tree, 'x1').id)
      .executeTakeFirstOrThrow();
    expect(x1After).toEqual(x1Before);
  });

  it('bidCatalogChildSave replaces or appends the children of one chapter', async () => {
    const { bidId, tree } = await bidWithOutline();
    const a = findByTitle(tree, 'A');
    const sub = await c.data<CatalogNode>(`${P}/bidCatalogChildSave`, {
      id: a.id,
      catalogs: [{ title: 'N1', children: [{ title: 'N1a' }] }, { title: 'N2' }],
    });
    expect(sub.id).toBe(a.id);
    expect(shape(sub.children)).toBe('N1[N1a],N2');
    expect(sub.children[0].children[0].level).toBe(3);
    expect(shape(await treeOf(bidId))).toBe('A[N1[N1a],N2],B,C');
    await c.data(`${P}/bidCatalogChildSave`, { id: a.id, catalogs: [{ title: 'N3' }], mode: 'append' });
    expect(shape(await treeOf(bidId))).toBe('A[N1[N1a],N2,N3],B,C');
    await c.data(`${P}/bidCatalogChildSave`, { id: findByTitle(tree, 'C').id, catalogs: [{ title: 'C1' }] });
    expect(shape(await treeOf(bidId))).toBe('A[N1[N1a],N2,N3],B,C[C1]');
  });

  it('dragBidCatalog moves before, after and inside, carrying the subtree and fixing levels', async () => {
    const { bidId, tree } = await bidWithOutline();
    const id = (t: string) => findByTitle(tree, t).id;
    await c.data(`${P}/dragBidCatalog`, { id: id('C'), targetId: id('A'), position: 'before' });
    expect(shape(await treeOf(bidId))).toBe('C,A[A1,A2[A2a]],B');
    await c.data(`${P}/dragBidCatalog`, { id: id('A2'), targetId: id('B'), position: 'inside' });
    let t = await treeOf(bidId);
    expect(shape(t)).toBe('C,A[A1],B[A2[A2a]]');
    expect(findByTitle(t, 'A2a').level).toBe(3);
    await c.data(`${P}/dragBidCatalog`, { id: id('A2'), targetId: id('C'), position: 'after' });
    t = await treeOf(bidId);
    expect(shape(t)).toBe('C,A2[A2a],A[A1],B');
    expect(findByTitle(t, 'A2').level).toBe(1);
    expect(findByTitle(t, 'A2a').level).toBe(2);
    await c.data(`${P}/dragBidCatalog`, { id: id('B'), targetId: id('A1'), position: 'after' });
    expect(shape(await treeOf(bidId))).toBe('C,A2[A2a],A[A1,B]');
  });

  it('dragging a chapter into itself or its own subtree is a 400 and changes nothing', async () => {
    const { bidId, tree } = await bidWithOutline();
    const id = (t: string) => findByTitle(tree, t).id;
    for (const [target, position] of [
      ['A2a', 'inside'],
      ['A1', 'before'],
      ['A', 'inside'],
      ['A2', 'after'],
    ] as const) {
      const r = await c.call(`${P}/dragBidCatalog`, { id: id('A'), targetId: id(target), position });
      expect(r.status).toBe(400);
      expect(r.msg).toBe('不能把章节移动到它自己或它的下级章节中');
    }
    const badPos = await c.call(`${P}/dragBidCatalog`, { id: id('A'), targetId: id('B'), position: 'below' });
    expect(badPos.status).toBe(400);
    expect(badPos.msg).toContain('position');
    expect(shape(await treeOf(bidId))).toBe('A[A1,A2[A2a]],B,C');
  });

  it('upGradeBidCatalog: the chapter becomes the next sibling of its parent', async () => {
    const { bidId, tree } = await bidWithOutline();
    await c.data(`${P}/upGradeBidCatalog`, { id: findByTitle(tree, 'A1').id });
    let t = await treeOf(bidId);
    expect(shape(t)).toBe('A[A2[A2a]],A1,B,C');
    await c.data(`${P}/upGradeBidCatalog`, { id: findByTitle(tree, 'A2a').id });
    t = await treeOf(bidId);
    expect(shape(t)).toBe('A[A2,A2a],A1,B,C');
    const top = await c.call(`${P}/upGradeBidCatalog`, { id: findByTitle(tree, 'B').id });
    expect(top.code).toBe(601);
    expect(top.msg).toBe('一级章节无法再升级');
  });

  it('deGradeBidCatalog: the chapter becomes the last child of its previous sibling', async () => {
    const { bidId, tree } = await bidWithOutline();
    await c.data(`${P}/deGradeBidCatalog`, { id: findByTitle(tree, 'B').id });
    expect(shape(await treeOf(bidId))).toBe('A[A1,A2[A2a],B],C');
    await c.data(`${P}/deGradeBidCatalog`, { id: findByTitle(tree, 'A2').id });
    const t = await treeOf(bidId);
    expect(shape(t)).toBe('A[A1[A2[A2a]],B],C');
    expect(findByTitle(t, 'A2a').level).toBe(4);
    const first = await c.call(`${P}/deGradeBidCatalog`, { id: findByTitle(tree, 'A').id });
    expect(first.code).toBe(601);
    expect(first.msg).toBe('前面没有同级章节，无法降级');
  });

  it('depth is capped at 9 levels for every way a chapter can get deeper', async () => {
    const bidId = await newBid(c);
    const chain = (n: number, prefix: string): any =>
      n === 1 ? { title: `${prefix}${n}` } : { title: `${prefix}${n}`, children: [chain(n - 1, prefix)] };
    // Titles count down so that the deepest is `L1`.
    const nine = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
      bidId,
      catalogs: [chain(9, 'L'), { title: 'S', children: [{ title: 'S1' }] }],
    });
    const deepest = findByTitle(nine, 'L1');
    expect(deepest.level).toBe(9);
    const tooDeep = '目录最多 9 级，此操作会超出层级限制';

    const ten = await c.call(`${P}/bidCatalogSave`, { bidId, catalogs: [chain(10, 'M')] });
    expect(ten.status).toBe(400);
    expect(ten.msg).toBe(tooDeep);

    const addChild = await c.call(`${P}/addLowerLevelBidCatalog`, { id: deepest.id, title: 'x' });
    expect([addChild.status, addChild.msg]).toEqual([400, tooDeep]);

    const childSave = await c.call(`${P}/bidCatalogChildSave`, {
      id: findByTitle(nine, 'L2').id,
      catalogs: [{ title: 'y', children: [{ title: 'z' }] }],
    });
    expect([childSave.status, childSave.msg]).toEqual([400, tooDeep]);

    // S has a child: S under L1 would put S1 at level 11.
    const drag = await c.call(`${P}/dragBidCatalog`, {
      id: findByTitle(nine, 'S').id,
      targetId: findByTitle(nine, 'L2').id,
      position: 'inside',
    });
    expect([drag.status, drag.msg]).toEqual([400, tooDeep]);

    // L1's sibling added at level 9, then demoted under L1 -> level 10.
    const sib = await c.data(`${P}/addSameLevelBidCatalog`, { id: deepest.id, title: 'L1b' });
    const demote = await c.call(`${P}/deGradeBidCatalog`, { id: sib.id });
    expect([demote.status, demote.msg]).toEqual([400, tooDeep]);

    // A deep nesting answers 400, never a stack overflow: the body parser refuses it before the
    // catalog is read (issue 30, finding 3).
    const n = 20_000;
    const hostile = `{"bidId":"${bidId}","catalogs":[${'{"title":"h","children":['.repeat(n)}{"title":"h"}${']}'.repeat(n)}]}`;
    const bomb = await s.api.call(`${P}/bidCatalogSave`, undefined, {
      method: 'POST',
      raw: hostile,
      token: c.user.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(bomb.status).toBe(400);
    expect(bomb.body.msg).toBe('请求内容嵌套层级过深（最多 256 层）');
    await treeOf(bidId);
  });

  it('chapter settings (the gear): target words, requirement, include', async () => {
    const { bidId, tree } = await bidWithOutline();
    const b = findByTitle(tree, 'B');
    const saved = await c.data(`${P}/updateBidCatalogSetting`, {
      id: b.id,
      settings: { targetWords: 1500, requirement: '突出售后服务', include: ['服务承诺', '响应时间'] },
    });
    expect(saved).toEqual({
      targetWords: 1500,
      requirement: '突出售后服务',
      include: ['服务承诺', '响应时间'],
    });
    await c.data(`${P}/updateBidCatalogSetting`, { id: b.id, settings: { requirement: null } });
    const t = await treeOf(bidId);
    expect(findByTitle(t, 'B')).toMatchObject({
      targetWords: 1500,
      settings: { targetWords: 1500, include: ['服务承诺', '响应时间'] },
    });
    expect(findByTitle(t, 'B').settings.requirement).toBeUndefined();
    const bad = await c.call(`${P}/updateBidCatalogSetting`, { id: b.id, settings: { targetWords: -5 } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('目标字数不能为负数');
  });

  it('getBidCatalogStatus and removeCatalogErrorStatus', async () => {
    const { bidId, tree } = await bidWithOutline();
    const a1 = findByTitle(tree, 'A1');
    const b = findByTitle(tree, 'B');
    await c.data(`${P}/updateBidCatalogContent`, { id: a1.id, content: paragraph('有内容'), baseVersion: 0 });
    // The AI step marks failed chapters through the catalog service.
    const catalogService = s.built.ctx.services.catalog;
    for (const id of [a1.id, b.id])
      await catalogService.setGenerationState(undefined, id, { status: 'error' });
    let st = await c.data<any[]>(`${P}/getBidCatalogStatus`, { bidId });
    expect(st).toHaveLength(6);
    expect(st.map((x) => x.id)).toEqual(flatten(tree).map((n) => n.id));
    expect(st.find((x) => x.id === a1.id)).toEqual({ id: a1.id, status: 'error', progress: 0 });
    await c.data(`${P}/removeCatalogErrorStatus`, { id: a1.id });
    await c.data(`${P}/removeCatalogErrorStatus`, { id: b.id });
    st = await c.data<any[]>(`${P}/getBidCatalogStatus`, { bidId });
    expect(st.find((x) => x.id === a1.id)).toEqual({ id: a1.id, status: 'done', progress: 100 });
    expect(st.find((x) => x.id === b.id)).toEqual({ id: b.id, status: 'empty', progress: 0 });
  });

  it('a chapter left "writing" by a process that died reads as what it holds once it has been quiet 30 minutes', async () => {
    const { bidId, tree } = await bidWithOutline();
    const a1 = findByTitle(tree, 'A1');
    const b = findByTitle(tree, 'B');
    const c1 = findByTitle(tree, 'C');
    await c.data(`${P}/updateBidCatalogContent`, {
      id: a1.id,
      content: paragraph('写了一半'),
      baseVersion: 0,
    });
    const catalogService = s.built.ctx.services.catalog;
    for (const id of [a1.id, b.id, c1.id])
      await catalogService.setGenerationState(undefined, id, { status: 'writing' });
    // A1 and B were marked 31 minutes ago and never heard of again; C is being written right now.
    const longAgo = new Date(Date.now() - 31 * 60_000).toISOString();
    await s.built.ctx.db
      .updateTable('catalogs')
      .set({ updated_at: longAgo })
      .where('id', 'in', [a1.id, b.id])
      .execute();

    const st = await c.data<any[]>(`${P}/getBidCatalogStatus`, { bidId });
    expect(st.find((x) => x.id === a1.id)).toEqual({ id: a1.id, status: 'done', progress: 100 });
    expect(st.find((x) => x.id === b.id)).toEqual({ id: b.id, status: 'empty', progress: 0 });
    expect(st.find((x) => x.id === c1.id)).toEqual({ id: c1.id, status: 'writing', progress: 0 });
    const listed = flatten(await c.data<CatalogNode[]>(`${P}/getBidCatalogList`, { bidId }));
    expect(listed.find((n) => n.id === b.id)?.status).toBe('empty');
    expect(listed.find((n) => n.id === c1.id)?.status).toBe('writing');

    // Typing into the stale chapter saves it as done instead of carrying the dead "writing" along.
    await c.data(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: paragraph('手写的内容'),
      baseVersion: 0,
    });
    const stored = await s.built.ctx.db
      .selectFrom('catalogs')
      .select(['status'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('done');

    // Restoring a version of a stale chapter does not revive the dead "writing" either.
    const kept = await c.data<{ id: string }>(`${P}/saveCatalogContentVersion`, { id: a1.id });
    await s.built.ctx.db
      .updateTable('catalogs')
      .set({ updated_at: longAgo })
      .where('id', '=', a1.id)
      .execute();
    await c.data(`${P}/restoreCatalogContentVersion`, { id: a1.id, versionId: kept.id });
    const restored = await s.built.ctx.db
      .selectFrom('catalogs')
      .select(['status'])
      .where('id', '=', a1.id)
      .executeTakeFirstOrThrow();
    expect(restored.status).toBe('done');
  });

  it('progress = leaf chapters with content / all leaves, recomputed on content and outline changes', async () => {
    const { bidId, tree } = await bidWithOutline();
    const progress = async () => (await c.data('/bid/client/getBidDetail', { id: bidId })).progress;
    expect(await progress()).toBe(0);
    // Leaves: A1, A2a, B, C.
    await c.data(`${P}/updateBidCatalogContent`, {
      id: findByTitle(tree, 'A1').id,
      content: paragraph('一'),
      baseVersion: 0,
    });
    expect(await progress()).toBe(25);
    // Content on a parent does not count.
    await c.data(`${P}/updateBidCatalogContent`, {
      id: findByTitle(tree, 'A').id,
      content: paragraph('父'),
      baseVersion: 0,
    });
    expect(await progress()).toBe(25);
    await c.data(`${P}/removeBidCatalog`, { id: findByTitle(tree, 'C').id });
    expect(await progress()).toBe(33);
    // A1 (with content) gets a child without: A1 stops being a leaf.
    await c.data(`${P}/addLowerLevelBidCatalog`, { id: findByTitle(tree, 'A1').id, title: 'A1x' });
    expect(await progress()).toBe(0);
    await treeOf(bidId);
    const list = await c.data('/bid/client/getBidList', { current: 1, size: 100 });
    expect(list.records.find((r: any) => r.id === bidId).progress).toBe(0);
  });
});

describe(`chapter content (${TEST_DB})`, () => {
  it('saves with baseVersion, counts words, and a stale save answers 409 with the server text', async () => {
    const { tree } = await bidWithOutline();
    const b = findByTitle(tree, 'B');
    const first = await c.data(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: paragraph('项目概况 abc'),
      baseVersion: 0,
    });
    expect(first).toMatchObject({ version: 1, wordCount: 5, status: 'done' });

    // Two tabs loaded version 1; tab one saves, tab two is stale.
    const tab1 = await c.data(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: paragraph('第一个标签页的文字'),
      baseVersion: 1,
    });
    expect(tab1.version).toBe(2);
    const tab2 = await c.call(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: paragraph('第二个标签页的文字'),
      baseVersion: 1,
    });
    expect(tab2.status).toBe(409);
    expect(tab2.code).toBe(409);
    expect(tab2.data.version).toBe(2);
    expect(JSON.stringify(tab2.data.content)).toContain('第一个标签页的文字');

    // Nothing was overwritten: the server keeps tab one's text; tab two still holds its own and can
    // merge, then save on top of the version the 409 named.
    const d = await c.data(`${P}/getBidCatalogDetail`, { id: b.id });
    expect(JSON.stringify(d.content)).toContain('第一个标签页的文字');
    const merged = await c.data(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: paragraph('第一个标签页的文字\n第二个标签页的文字'),
      baseVersion: tab2.data.version,
    });
    expect(merged.version).toBe(3);
  });

  it('the same text sent again (a retry) is not a conflict', async () => {
    const { tree } = await bidWithOutline();
    const b = findByTitle(tree, 'B');
    await c.data(`${P}/updateBidCatalogContent`, { id: b.id, content: paragraph('一次'), baseVersion: 0 });
    const again = await c.data(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: paragraph('一次'),
      baseVersion: 0,
    });
    expect(again.version).toBe(1);
  });

  it('refuses content that is not a document, and content over 2 MB', async () => {
    const { tree } = await bidWithOutline();
    const b = findByTitle(tree, 'B');
    const notDoc = await c.call(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: { type: 'paragraph' },
      baseVersion: 0,
    });
    expect(notDoc.status).toBe(400);
    expect(notDoc.msg).toContain('根节点必须是 doc');
    const noBase = await c.call(`${P}/updateBidCatalogContent`, { id: b.id, content: paragraph('x') });
    expect(noBase.status).toBe(400);
    expect(noBase.msg).toContain('baseVersion');
    const big = await c.call(`${P}/updateBidCatalogContent`, {
      id: b.id,
      content: paragraph('字'.repeat(800_000)),
      baseVersion: 0,
    });
    expect(big.status).toBe(413);
    expect(big.msg).toBe('章节内容过大，不能超过 2 MB');
    const d = await c.data(`${P}/getBidCatalogDetail`, { id: b.id });
    expect(d.version).toBe(0);
  });

  it('accepts a rich document: table with merged cells, image, diagram placeholder', async () => {
    const { tree } = await bidWithOutline();
    const b = findByTitle(tree, 'B');
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '人员配置' }] },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableHeader',
                  attrs: { colspan: 2, rowspan: 1 },
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: '岗位' }] }],
                },
              ],
            },
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: '项目经理' }] }],
                },
                {
                  type: 'tableCell',
                  content: [
                    {
                      type: 'paragraph',
                      content: [{ type: 'text', text: '1人', marks: [{ type: 'bold' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { type: 'image', attrs: { src: '/api/files/x.png', alt: '组织架构' } },
        { type: 'diagram', attrs: { kind: 'flowchart', model: {}, caption: '流程' } },
      ],
    };
    const r = await c.data(`${P}/updateBidCatalogContent`, { id: b.id, content: doc, baseVersion: 0 });
    expect(r.wordCount).toBeGreaterThan(0);
    const d = await c.data(`${P}/getBidCatalogDetail`, { id: b.id });
    expect(d.content).toEqual(doc);
  });
});

describe(`a large outline (${TEST_DB})`, () => {
  // (Times are printed, not asserted: a test must not time the machine; speed goals live in bench/.)
  it('1,000 chapters: saved, listed whole and moved', async () => {
    const bidId = await newBid(c);
    // 20 chapters x 10 sections x 4 subsections + 20 + 200 = 1,020 rows.
    const catalogs = Array.from({ length: 20 }, (_, i) => ({
      title: `第${i + 1}章`,
      children: Array.from({ length: 10 }, (_, j) => ({
        title: `${i + 1}.${j + 1}`,
        children: Array.from({ length: 4 }, (_, k) => ({ title: `${i + 1}.${j + 1}.${k + 1}` })),
      })),
    }));
    let t0 = performance.now();
    await c.data(`${P}/bidCatalogSave`, { bidId, catalogs });
    const saveMs = performance.now() - t0;
    t0 = performance.now();
    const tree = await c.data<CatalogNode[]>(`${P}/getBidCatalogList`, { bidId });
    const listMs = performance.now() - t0;
    console.log(
      `[${TEST_DB}] 1,020-chapter outline: bidCatalogSave ${saveMs.toFixed(0)} ms, getBidCatalogList ${listMs.toFixed(0)} ms`,
    );
    expect(flatten(tree)).toHaveLength(1020);
    // A move in the big tree stays quick.
    t0 = performance.now();
    await c.data(`${P}/dragBidCatalog`, { id: tree[19].id, targetId: tree[0].id, position: 'before' });
    console.log(`[${TEST_DB}] drag in the large outline: ${(performance.now() - t0).toFixed(0)} ms`);
    const after = await assertOutlineInvariants(s, c, bidId);
    expect(after[0].title).toBe('第20章');
  });
});
