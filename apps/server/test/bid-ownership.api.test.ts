import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { findByTitle, newBid, newWriter, paragraph, type Client } from './catalog-helpers.ts';

/**
 * Every bid and catalog call with someone else's id answers 404, exactly like a missing id, and
 * changes nothing.
 */
let owner: Client;
let intruder: Client;
const ids = {} as {
  bid: string;
  a: string;
  a1: string;
  a2: string;
  b: string;
  outlineVersion: string;
  contentVersion: string;
  ownBid: string;
  ownChapter: string;
};
let snapshotBefore: string;

async function ownerState(): Promise<string> {
  const db = s.built.ctx.db;
  const bid = await db.selectFrom('bids').selectAll().where('id', '=', ids.bid).executeTakeFirstOrThrow();
  const catalogs = await db
    .selectFrom('catalogs')
    .selectAll()
    .where('bid_id', '=', ids.bid)
    .orderBy('id')
    .execute();
  const versions = await db
    .selectFrom('catalog_versions')
    .select(['id', 'name'])
    .where('bid_id', '=', ids.bid)
    .orderBy('id')
    .execute();
  const cversions = await db
    .selectFrom('catalog_content_versions')
    .select(['id', 'version_no'])
    .where('bid_id', '=', ids.bid)
    .orderBy('id')
    .execute();
  return JSON.stringify({ bid, catalogs, versions, cversions });
}

const s = useTestServer();
beforeAll(async () => {
  owner = await newWriter(s);
  intruder = await newWriter(s);
  ids.bid = await newBid(owner, '别人的标书');
  const tree = await owner.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId: ids.bid,
    catalogs: [{ title: 'A', children: [{ title: 'A1' }, { title: 'A2' }] }, { title: 'B' }],
  });
  ids.a = findByTitle(tree, 'A').id;
  ids.a1 = findByTitle(tree, 'A1').id;
  ids.a2 = findByTitle(tree, 'A2').id;
  ids.b = findByTitle(tree, 'B').id;
  await owner.data('/catalog/client/updateBidCatalogContent', {
    id: ids.a1,
    content: paragraph('机密内容'),
    baseVersion: 0,
  });
  ids.contentVersion = (await owner.data('/catalog/client/saveCatalogContentVersion', { id: ids.a1 })).id;
  ids.outlineVersion = (await owner.data('/bid/client/saveCatalogVersion', { bidId: ids.bid })).id;
  ids.ownBid = await newBid(intruder, '自己的标书');
  ids.ownChapter = (
    await intruder.data('/catalog/client/addSameLevelBidCatalog', { bidId: ids.ownBid, title: '自己的章节' })
  ).id;
  snapshotBefore = await ownerState();
});

const calls: Array<[string, () => unknown]> = [
  ['/bid/client/getBidDetail', () => ({ id: ids.bid })],
  ['/bid/client/updateBid', () => ({ id: ids.bid, name: '改名' })],
  ['/bid/client/clientRemoveBid', () => ({ id: ids.bid })],
  ['/bid/client/clientRecoverBid', () => ({ id: ids.bid })],
  ['/bid/client/finishBid', () => ({ id: ids.bid })],
  ['/bid/client/getBidCatalogVersionList', () => ({ bidId: ids.bid })],
  ['/bid/client/getBidCatalogVersionDetail', () => ({ id: ids.outlineVersion })],
  ['/bid/client/saveCatalogVersion', () => ({ bidId: ids.bid })],
  ['/bid/client/restoreCatalogVersion', () => ({ id: ids.outlineVersion })],
  ['/catalog/client/bidCatalogSave', () => ({ bidId: ids.bid, catalogs: [{ title: 'x' }] })],
  ['/catalog/client/getBidCatalogList', () => ({ bidId: ids.bid })],
  ['/catalog/client/getBidCatalogDetail', () => ({ id: ids.a1 })],
  ['/catalog/client/updateBidCatalogTitle', () => ({ id: ids.a, title: '改名' })],
  ['/catalog/client/moveUpBidCatalog', () => ({ id: ids.b })],
  ['/catalog/client/moveDownBidCatalog', () => ({ id: ids.a })],
  ['/catalog/client/removeBidCatalog', () => ({ id: ids.a })],
  ['/catalog/client/addLowerLevelBidCatalog', () => ({ id: ids.a, title: '新' })],
  ['/catalog/client/addSameLevelBidCatalog', () => ({ id: ids.a, title: '新' })],
  ['/catalog/client/addSameLevelBidCatalog (bidId)', () => ({ bidId: ids.bid, title: '新' })],
  ['/catalog/client/bidCatalogChildSave', () => ({ id: ids.a, catalogs: [{ title: 'x' }] })],
  ['/catalog/client/dragBidCatalog', () => ({ id: ids.b, targetId: ids.a, position: 'inside' })],
  [
    '/catalog/client/dragBidCatalog (own chapter onto a foreign target)',
    () => ({ id: ids.ownChapter, targetId: ids.a, position: 'inside' }),
  ],
  ['/catalog/client/upGradeBidCatalog', () => ({ id: ids.a1 })],
  ['/catalog/client/deGradeBidCatalog', () => ({ id: ids.a2 })],
  [
    '/catalog/client/updateBidCatalogContent',
    () => ({ id: ids.a1, content: paragraph('篡改'), baseVersion: 1 }),
  ],
  ['/catalog/client/getBidCatalogStatus', () => ({ bidId: ids.bid })],
  ['/catalog/client/removeCatalogErrorStatus', () => ({ id: ids.a1 })],
  ['/catalog/client/updateBidCatalogSetting', () => ({ id: ids.a1, settings: { targetWords: 1 } })],
  ['/catalog/client/saveCatalogContentVersion', () => ({ id: ids.a1 })],
  ['/catalog/client/getCatalogContentVersionList', () => ({ id: ids.a1 })],
  ['/catalog/client/getCatalogContentVersionDetail', () => ({ id: ids.a1, versionId: ids.contentVersion })],
  [
    '/catalog/client/getCatalogContentVersionDetail (own chapter, foreign version)',
    () => ({ id: ids.ownChapter, versionId: ids.contentVersion }),
  ],
  ['/catalog/client/restoreCatalogContentVersion', () => ({ id: ids.a1, versionId: ids.contentVersion })],
  [
    '/catalog/client/restoreCatalogContentVersion (own chapter, foreign version)',
    () => ({ id: ids.ownChapter, versionId: ids.contentVersion }),
  ],
];

describe(`another user's ids answer 404 (${TEST_DB})`, () => {
  for (const [label, body] of calls) {
    it(label, async () => {
      const path = label.split(' ')[0];
      const r = await intruder.call(path, body());
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 404, success: false, data: null });
      // The same answer as for an id that does not exist at all: nothing is revealed.
      expect(r.msg).toMatch(/^(标书不存在|章节不存在|版本不存在)$/);
    });
  }

  it('nothing of the owner changed, and the owner still reaches everything', async () => {
    expect(await ownerState()).toBe(snapshotBefore);
    expect((await owner.call('/catalog/client/getBidCatalogDetail', { id: ids.a1 })).code).toBe(200);
    const list = await intruder.data('/bid/client/getBidList', {});
    expect(list.records.map((r: any) => r.id)).toEqual([ids.ownBid]);
  });

  it('an unknown id answers the same 404', async () => {
    const r = await intruder.call('/bid/client/getBidDetail', { id: '999999999999' });
    expect([r.status, r.msg]).toEqual([404, '标书不存在']);
  });
});
