import { describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';
import { client, findByTitle, newBid, newWriter, paragraph, type Client } from './catalog-helpers.ts';

const s = useTestServer();

const B = '/bid/client';
const C = '/catalog/client';
const QUOTA_MSG = '标书额度已用完，请在“套餐与订单”购买套餐，或联系客服增加额度（页面左下角“联系客服”）';
type Buckets = {
  month_bid_number: number;
  temporary_bid_number: number;
  grant_bid_number: number;
  bid_number: number;
};
const ZERO: Buckets = { month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0, bid_number: 0 };

async function userBuckets(userId: string) {
  return s.built.ctx.db
    .selectFrom('users')
    .select(['month_bid_number', 'temporary_bid_number', 'grant_bid_number', 'bid_number'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
async function tenantBuckets(tenantId: string) {
  return s.built.ctx.db
    .selectFrom('tenants')
    .select(['month_bid_number', 'temporary_bid_number', 'grant_bid_number', 'bid_number'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
}
async function logsOf(userId: string) {
  return s.built.ctx.db
    .selectFrom('user_bid_logs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
const create = (c: Client, name = '某医院信息化项目投标文件') =>
  c.call(`${B}/saveBid`, {
    name,
    tenderText: '一、项目概况……',
    modelType: 'standard',
    pageCount: 120,
    templateId: 'standard',
  });

/** A company: an administrator and two employees drawing on the tenant's quota. */
async function company(quota: Partial<Buckets>) {
  const admin = await createUserWithSession(s, { role: 'company_admin', isEmployee: 1, quota: ZERO });
  await s.built.ctx.db
    .updateTable('tenants')
    .set({ ...ZERO, ...quota, name: '某某科技有限公司' })
    .where('id', '=', admin.tenantId)
    .execute();
  const e1 = await createUserWithSession(s, {
    role: 'employee',
    isEmployee: 1,
    tenantId: admin.tenantId,
    quota: ZERO,
  });
  const e2 = await createUserWithSession(s, {
    role: 'employee',
    isEmployee: 1,
    tenantId: admin.tenantId,
    quota: ZERO,
  });
  return { admin: client(s, admin), e1: client(s, e1), e2: client(s, e2), tenantId: admin.tenantId };
}

describe(`saveBid and the quota (${TEST_DB})`, () => {
  it('creates a bid and answers its id; the fields come back in the detail', async () => {
    const c = await newWriter(s, 1);
    const r = await create(c);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ id: expect.any(String) });
    const d = await c.data(`${B}/getBidDetail`, { id: r.data.id });
    expect(d).toMatchObject({
      id: r.data.id,
      name: '某医院信息化项目投标文件',
      tenderText: '一、项目概况……',
      modelType: 'standard',
      pageCount: 120,
      templateId: 'standard',
      status: 'writing',
      progress: 0,
      analysis: null,
      recycled: false,
      readOnly: false,
      chapterCount: 0,
    });
  });

  it('validates with Chinese messages naming the field', async () => {
    const c = await newWriter(s, 5);
    const noName = await c.call(`${B}/saveBid`, { name: '  ', modelType: 'standard' });
    expect([noName.status, noName.msg]).toEqual([400, '标书名称不能为空']);
    const badModel = await c.call(`${B}/saveBid`, { name: 'x', modelType: 'gpt' });
    expect([badModel.status, badModel.msg]).toEqual([
      400,
      '模型类型只能是 standard（标准）或 premium（高级）',
    ]);
    const badPages = await c.call(`${B}/saveBid`, { name: 'x', modelType: 'premium', pageCount: 0 });
    expect([badPages.status, badPages.msg]).toEqual([400, '目标页数须在 1 到 2000 之间']);
    expect((await userBuckets(c.user.userId)).bid_number).toBe(5);
  });

  it('a disabled model tier is refused with 601 and costs nothing', async () => {
    const c = await newWriter(s, 2);
    await s.built.ctx.db
      .updateTable('users')
      .set({ premium_disabled: 1 })
      .where('id', '=', c.user.userId)
      .execute();
    const r = await c.call(`${B}/saveBid`, { name: 'x', modelType: 'premium' });
    expect([r.code, r.msg]).toEqual([601, '高级模型已停用，请选择其他模型']);
    expect((await userBuckets(c.user.userId)).bid_number).toBe(2);
  });

  for (const [bucket, column] of [
    ['month', 'month_bid_number'],
    ['temporary', 'temporary_bid_number'],
    ['grant', 'grant_bid_number'],
    ['purchased', 'bid_number'],
  ] as const) {
    it(`with only the ${bucket} bucket full, that bucket pays and the log says so`, async () => {
      const u = await createUserWithSession(s, { quota: { ...ZERO, [column]: 2 } });
      const c = client(s, u);
      const r = await create(c);
      expect(r.code).toBe(200);
      expect(await userBuckets(u.userId)).toEqual({ ...ZERO, [column]: 1 });
      const logs = await logsOf(u.userId);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ bucket, delta: -1, bid_id: r.data.id, tenant_id: u.tenantId });
    });
  }

  it('consumes monthly -> temporary -> granted -> purchased, then answers 601', async () => {
    const u = await createUserWithSession(s, {
      quota: { month_bid_number: 1, temporary_bid_number: 1, grant_bid_number: 1, bid_number: 1 },
    });
    const c = client(s, u);
    for (let i = 0; i < 4; i++) expect((await create(c)).code).toBe(200);
    expect((await logsOf(u.userId)).map((l) => l.bucket)).toEqual([
      'month',
      'temporary',
      'grant',
      'purchased',
    ]);
    expect(await userBuckets(u.userId)).toEqual(ZERO);
    const r = await create(c);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 601, success: false, msg: QUOTA_MSG });
    const list = await c.data(`${B}/getBidList`, { current: 1, size: 10 });
    expect(list.total).toBe(4);
  });

  it('an unlimited package consumes nothing (logged with delta 0); an expired one does not count', async () => {
    const u = await createUserWithSession(s, { quota: { ...ZERO, bid_number: 1 } });
    const c = client(s, u);
    await s.built.ctx.db
      .updateTable('users')
      .set({ package_unlimited_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', u.userId)
      .execute();
    for (let i = 0; i < 3; i++) expect((await create(c)).code).toBe(200);
    expect((await userBuckets(u.userId)).bid_number).toBe(1);
    expect((await logsOf(u.userId)).map((l) => [l.bucket, l.delta])).toEqual([
      ['unlimited', 0],
      ['unlimited', 0],
      ['unlimited', 0],
    ]);
    const quota = await c.data(`${B}/getBidQuota`);
    expect(quota).toMatchObject({ unlimited: true, total: 1, purchased: 1, holder: 'user' });

    await s.built.ctx.db
      .updateTable('users')
      .set({ package_unlimited_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', u.userId)
      .execute();
    expect((await create(c)).code).toBe(200);
    expect((await userBuckets(u.userId)).bid_number).toBe(0);
    expect((await create(c)).code).toBe(601);
  });

  it('company users draw on the tenant quota, not their own', async () => {
    const co = await company({ grant_bid_number: 1, bid_number: 1 });
    await s.built.ctx.db
      .updateTable('users')
      .set({ bid_number: 9 })
      .where('id', '=', co.e1.user.userId)
      .execute();
    expect((await create(co.e1)).code).toBe(200);
    expect((await create(co.admin)).code).toBe(200);
    expect(await tenantBuckets(co.tenantId)).toEqual(ZERO);
    expect((await userBuckets(co.e1.user.userId)).bid_number).toBe(9);
    const r = await create(co.e2);
    expect([r.code, r.msg]).toEqual([601, QUOTA_MSG]);
    expect(await co.e1.data(`${B}/getBidQuota`)).toMatchObject({ holder: 'tenant', total: 0 });
    // The log names who created and which tenant paid.
    const logs = await s.built.ctx.db
      .selectFrom('user_bid_logs')
      .selectAll()
      .where('tenant_id', '=', co.tenantId)
      .execute();
    expect(logs.map((l) => l.user_id).sort()).toEqual([co.e1.user.userId, co.admin.user.userId].sort());
  });

  it('10 parallel creations with 3 units: exactly 3 succeed, nothing is overspent', async () => {
    const u = await createUserWithSession(s, { quota: { ...ZERO, month_bid_number: 1, bid_number: 2 } });
    const c = client(s, u);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create(c, `并发标书 ${i}`)));
    const codes = results.map((r) => r.code).sort();
    expect(codes.filter((x) => x === 200)).toHaveLength(3);
    expect(codes.filter((x) => x === 601)).toHaveLength(7);
    expect(results.filter((r) => r.code === 601).every((r) => r.msg === QUOTA_MSG)).toBe(true);
    expect(await userBuckets(u.userId)).toEqual(ZERO);
    const bids = await s.built.ctx.db
      .selectFrom('bids')
      .select('id')
      .where('user_id', '=', u.userId)
      .execute();
    expect(bids).toHaveLength(3);
    const logs = await logsOf(u.userId);
    expect(logs).toHaveLength(3);
    expect(logs.map((l) => l.bid_id).sort()).toEqual(bids.map((b) => b.id).sort());
  });

  it('parallel creations by several employees of one company never overspend the tenant quota', async () => {
    const co = await company({ temporary_bid_number: 2, bid_number: 1 });
    const clients = [co.admin, co.e1, co.e2];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(clients[i % 3], `公司并发 ${i}`)),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    expect(await tenantBuckets(co.tenantId)).toEqual(ZERO);
    const bids = await s.built.ctx.db
      .selectFrom('bids')
      .select('id')
      .where('tenant_id', '=', co.tenantId)
      .execute();
    expect(bids).toHaveLength(3);
  });
});

describe(`bid list, detail, update, recycle bin (${TEST_DB})`, () => {
  it('pages per API.md, newest change first, with keyword and status filters', async () => {
    const c = await newWriter(s, 20);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await newBid(c, i % 3 === 0 ? `水利工程 ${i}` : `道路养护 ${i}`));
    const p1 = await c.data(`${B}/getBidList`, { current: 1, size: 5 });
    expect(p1).toMatchObject({ total: 12, current: 1, size: 5, pages: 3 });
    expect(p1.records).toHaveLength(5);
    expect(p1.records[0]).toEqual({
      id: ids[11],
      name: '道路养护 11',
      progress: 0,
      status: 'writing',
      modelType: 'standard',
      pageCount: 50,
      userId: c.user.userId,
      authorName: expect.stringMatching(/^139\*{4}\d{4}$/),
      createTime: expect.any(String),
      updateTime: expect.any(String),
      finishTime: null,
      deleteTime: null,
    });
    const p3 = await c.data(`${B}/getBidList`, { current: 3, size: 5 });
    expect(p3.records.map((r: any) => r.id)).toEqual([ids[1], ids[0]]);
    const kw = await c.data(`${B}/getBidList`, { current: 1, size: 10, keyword: '水利' });
    expect(kw.total).toBe(4);
    // LIKE wildcards in a keyword are literal.
    expect((await c.data(`${B}/getBidList`, { keyword: '%' })).total).toBe(0);
    expect((await c.data(`${B}/getBidList`, { status: 'finished' })).total).toBe(0);
    expect((await c.data(`${B}/getBidList`, { status: 'writing' })).total).toBe(12);
    const bad = await c.call(`${B}/getBidList`, { size: 101 });
    expect([bad.status, bad.msg]).toEqual([400, '每页条数须在 1 到 100 之间']);
    const defaults = await c.data(`${B}/getBidList`);
    expect(defaults).toMatchObject({ current: 1, size: 10, total: 12 });
  });

  it('updateBid changes the fields given and keeps the rest', async () => {
    const c = await newWriter(s);
    const id = await newBid(c, '旧名称');
    const d = await c.data(`${B}/updateBid`, { id, name: '新名称', pageCount: 80 });
    expect(d).toMatchObject({ name: '新名称', pageCount: 80, modelType: 'standard' });
    const bad = await c.call(`${B}/updateBid`, { id, name: '' });
    expect(bad.msg).toBe('标书名称不能为空');
  });

  it('clientRemoveBid moves to the recycle bin, clientRecoverBid brings it back (id also as a query parameter)', async () => {
    const c = await newWriter(s);
    const keep = await newBid(c, '保留');
    const gone = await newBid(c, '删除');
    await c.data(`${B}/clientRemoveBid`, { id: gone });
    let list = await c.data(`${B}/getBidList`, {});
    expect(list.records.map((r: any) => r.id)).toEqual([keep]);
    const bin = await c.data(`${B}/getBidList`, { recycle: true });
    expect(bin.records.map((r: any) => r.id)).toEqual([gone]);
    expect(bin.records[0].deleteTime).toEqual(expect.any(String));
    // A bid in the recycle bin can be read but not changed.
    expect((await c.data(`${B}/getBidDetail`, { id: gone })).recycled).toBe(true);
    const write = await c.call(`${C}/addSameLevelBidCatalog`, { bidId: gone, title: '第一章' });
    expect([write.code, write.msg]).toEqual([601, '标书在回收站中，请先恢复后再修改']);

    const viaQuery = await s.api.post(
      `${B}/clientRecoverBid`,
      {},
      { token: c.user.token, query: { id: gone } },
    );
    expect(viaQuery.body.code).toBe(200);
    list = await c.data(`${B}/getBidList`, { recycle: 'false' });
    expect(list.total).toBe(2);
    expect((await c.data(`${B}/getBidList`, { recycle: 1 })).total).toBe(0);
  });
});

describe(`finishing a bid (${TEST_DB})`, () => {
  it('below 100 % answers 601 naming the progress; at 100 % the bid is finished and read-only everywhere', async () => {
    const c = await newWriter(s);
    const bidId = await newBid(c);
    const empty = await c.call(`${B}/finishBid`, { id: bidId });
    expect([empty.code, empty.msg]).toEqual([601, '标书还没有章节，不能完成标书']);

    const tree = await c.data<CatalogNode[]>(`${C}/bidCatalogSave`, {
      bidId,
      catalogs: [
        { title: '甲', children: [{ title: '甲1' }, { title: '甲2' }] },
        { title: '乙' },
        { title: '丙' },
        { title: '丁' },
        { title: '戊' },
      ],
    });
    const leaves = ['甲1', '甲2', '乙', '丙', '丁', '戊'].map((t) => findByTitle(tree, t));
    for (const leaf of leaves.slice(0, 3))
      await c.data(`${C}/updateBidCatalogContent`, {
        id: leaf.id,
        content: paragraph(`${leaf.title}的内容`),
        baseVersion: 0,
      });
    const half = await c.call(`${B}/finishBid`, { id: bidId });
    expect([half.code, half.msg]).toEqual([
      601,
      '还有 3 个章节未写够（正文未达到目标字数的 60%，也未标记「无需正文」），写作进度 50%，不能完成标书',
    ]);
    for (const leaf of leaves.slice(3))
      await c.data(`${C}/updateBidCatalogContent`, {
        id: leaf.id,
        content: paragraph(`${leaf.title}的内容`),
        baseVersion: 0,
      });
    expect((await c.data(`${B}/getBidDetail`, { id: bidId })).progress).toBe(100);
    await c.data(`${B}/saveCatalogVersion`, { bidId, name: '定稿前' });
    await c.data(`${C}/saveCatalogContentVersion`, { id: leaves[0].id, name: '定稿前' });

    expect((await c.call(`${B}/finishBid`, { id: bidId })).code).toBe(200);
    const d = await c.data(`${B}/getBidDetail`, { id: bidId });
    expect(d).toMatchObject({
      status: 'finished',
      readOnly: true,
      progress: 100,
      finishTime: expect.any(String),
    });
    expect((await c.data(`${B}/getBidList`, { status: 'finished' })).records.map((r: any) => r.id)).toEqual([
      bidId,
    ]);
    // Finishing again is harmless.
    expect((await c.call(`${B}/finishBid`, { id: bidId })).code).toBe(200);

    const a = findByTitle(tree, '甲');
    const leaf = leaves[0];
    const versions = await c.data<any[]>(`${C}/getCatalogContentVersionList`, { id: leaf.id });
    const outlineVersions = await s.built.ctx.db
      .selectFrom('catalog_versions')
      .select('id')
      .where('bid_id', '=', bidId)
      .execute();
    const writes: Array<[string, unknown]> = [
      [`${B}/updateBid`, { id: bidId, name: '改名' }],
      [`${B}/saveCatalogVersion`, { bidId }],
      [`${C}/bidCatalogSave`, { bidId, catalogs: [{ title: 'x' }] }],
      [`${C}/bidCatalogChildSave`, { id: a.id, catalogs: [{ title: 'x' }] }],
      [`${C}/updateBidCatalogTitle`, { id: a.id, title: '改名' }],
      [`${C}/moveUpBidCatalog`, { id: leaves[1].id }],
      [`${C}/moveDownBidCatalog`, { id: leaves[0].id }],
      [`${C}/removeBidCatalog`, { id: leaves[5].id }],
      [`${C}/addLowerLevelBidCatalog`, { id: a.id, title: '新' }],
      [`${C}/addSameLevelBidCatalog`, { id: a.id, title: '新' }],
      [`${C}/addSameLevelBidCatalog`, { bidId, title: '新' }],
      [`${C}/dragBidCatalog`, { id: leaves[2].id, targetId: a.id, position: 'inside' }],
      [`${C}/upGradeBidCatalog`, { id: leaves[0].id }],
      [`${C}/deGradeBidCatalog`, { id: leaves[3].id }],
      [`${C}/updateBidCatalogContent`, { id: leaf.id, content: paragraph('改'), baseVersion: 1 }],
      [`${C}/updateBidCatalogSetting`, { id: leaf.id, settings: { targetWords: 10 } }],
      [`${C}/removeCatalogErrorStatus`, { id: leaf.id }],
      [`${C}/saveCatalogContentVersion`, { id: leaf.id }],
      [`${C}/restoreCatalogContentVersion`, { id: leaf.id, versionId: versions[0].id }],
      [`${B}/restoreCatalogVersion`, { id: outlineVersions[0].id }],
    ];
    for (const [path, body] of writes) {
      const r = await c.call(path, body);
      expect([path, r.code, r.msg]).toEqual([path, 601, '标书已完成，只能查看，不能修改']);
    }
    const catalogService = s.built.ctx.services.catalog;
    await expect(
      catalogService.saveGeneratedContent(undefined, leaf.id, paragraph('AI')),
    ).rejects.toMatchObject({ code: 601 });
    // Reads still work, and nothing changed.
    const after = await c.data<CatalogNode[]>(`${C}/getBidCatalogList`, { bidId });
    expect(JSON.stringify(after.map((n) => n.title))).toBe(JSON.stringify(tree.map((n) => n.title)));
    const detail = await c.data(`${C}/getBidCatalogDetail`, { id: leaf.id });
    expect(detail).toMatchObject({ readOnly: true, bidStatus: 'finished', version: 1 });
    // A finished bid may still go to the recycle bin and back.
    expect((await c.call(`${B}/clientRemoveBid`, { id: bidId })).code).toBe(200);
    expect((await c.call(`${B}/clientRecoverBid`, { id: bidId })).code).toBe(200);
  });
});

describe(`company visibility (${TEST_DB})`, () => {
  it('the administrator sees every bid of the company; an employee sees only their own', async () => {
    const co = await company({ bid_number: 10 });
    const b1 = (await create(co.e1, '员工一的标书')).data.id;
    const b2 = (await create(co.e2, '员工二的标书')).data.id;
    const b3 = (await create(co.admin, '管理员的标书')).data.id;
    const adminList = await co.admin.data(`${B}/getBidList`, {});
    expect(adminList.records.map((r: any) => r.id).sort()).toEqual([b1, b2, b3].sort());
    expect((await co.e1.data(`${B}/getBidList`, {})).records.map((r: any) => r.id)).toEqual([b1]);
    expect((await co.admin.call(`${B}/getBidDetail`, { id: b1 })).code).toBe(200);
    // The administrator may work on an employee's bid.
    expect((await co.admin.call(`${C}/addSameLevelBidCatalog`, { bidId: b1, title: '第一章' })).code).toBe(
      200,
    );
    for (const [who, id] of [
      [co.e1, b2],
      [co.e2, b1],
      [co.e1, b3],
    ] as const) {
      const r = await who.call(`${B}/getBidDetail`, { id });
      expect([r.status, r.code]).toEqual([404, 404]);
    }
    // A personal user outside the company sees none of it.
    const outsider = await newWriter(s);
    expect((await outsider.call(`${B}/getBidDetail`, { id: b3 })).status).toBe(404);
  });
});

describe(`feedback (${TEST_DB})`, () => {
  it('saveFeedback stores, getFeedbackList pages the caller’s own', async () => {
    const c = await newWriter(s);
    const other = await newWriter(s);
    const r = await c.data(`${B}/saveFeedback`, {
      type: '功能建议',
      content: '希望支持导出 PDF',
      contact: '13800000000',
    });
    expect(r.id).toEqual(expect.any(String));
    await c.data(`${B}/saveFeedback`, { content: '第二条' });
    await other.data(`${B}/saveFeedback`, { content: '别人的' });
    const list = await c.data(`${B}/getFeedbackList`, { current: 1, size: 10 });
    expect(list.total).toBe(2);
    expect(list.records[1]).toMatchObject({
      type: '功能建议',
      content: '希望支持导出 PDF',
      contact: '13800000000',
      images: [],
      reply: null,
      replyTime: null,
      status: 'pending',
      replyRead: false,
    });
    expect(list.records[0]).toMatchObject({ type: '建议', content: '第二条', images: [] });
    const bad = await c.call(`${B}/saveFeedback`, { content: ' ' });
    expect([bad.status, bad.msg]).toEqual([400, '反馈内容不能为空']);
  });
});
