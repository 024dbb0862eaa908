import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import {
  assertOutlineInvariants,
  flatten,
  newBid,
  newWriter,
  paragraph,
  type Client,
} from './catalog-helpers.ts';

let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

async function outline(leaves: number): Promise<{ bidId: string; leafIds: string[] }> {
  const bidId = await newBid(c);
  const parents = Math.ceil(leaves / 40);
  const catalogs = Array.from({ length: parents }, (_, i) => ({
    title: `第${i + 1}章`,
    children: Array.from({ length: Math.min(40, leaves - i * 40) }, (_, j) => ({
      title: `${i + 1}.${j + 1}`,
    })),
  }));
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', { bidId, catalogs });
  return {
    bidId,
    leafIds: flatten(tree)
      .filter((n) => !n.children.length)
      .map((n) => n.id),
  };
}

const save = (id: string, text: string, baseVersion: number) =>
  c.data('/catalog/client/updateBidCatalogContent', { id, content: paragraph(text), baseVersion });
const counters = (bidId: string) =>
  s.built.ctx.db
    .selectFrom('bids')
    .select(['progress', 'leaf_count', 'done_leaf_count'])
    .where('id', '=', bidId)
    .executeTakeFirstOrThrow();

describe(`progress is kept incrementally (${TEST_DB})`, { timeout: 120_000 }, () => {
  it('a chapter save moves the counters by one instead of recounting the outline', async () => {
    const { bidId, leafIds } = await outline(10);
    expect(await counters(bidId)).toMatchObject({ progress: 0, leaf_count: 10, done_leaf_count: 0 });
    await save(leafIds[0], '第一节', 0);
    expect(await counters(bidId)).toMatchObject({ progress: 10, leaf_count: 10, done_leaf_count: 1 });
    // Counters that disagree with the outline show whether a save recounted: it must not.
    await s.built.ctx.db
      .updateTable('bids')
      .set({ leaf_count: 1000, done_leaf_count: 1 })
      .where('id', '=', bidId)
      .execute();
    await save(leafIds[1], '第二节', 0);
    expect(await counters(bidId)).toMatchObject({ progress: 0, leaf_count: 1000, done_leaf_count: 2 });
    // Counters never filled (a bid from before they existed): the next save counts once.
    await s.built.ctx.db.updateTable('bids').set({ leaf_count: -1 }).where('id', '=', bidId).execute();
    await save(leafIds[0], '', 1);
    expect(await counters(bidId)).toMatchObject({ progress: 10, leaf_count: 10, done_leaf_count: 1 });
    await assertOutlineInvariants(s, c, bidId);
  });

  it('emptying and refilling chapters keeps progress equal to a full count', async () => {
    const { bidId, leafIds } = await outline(7);
    for (const id of leafIds) await save(id, '内容', 0);
    expect((await counters(bidId)).progress).toBe(100);
    await save(leafIds[3], '', 1);
    expect(await counters(bidId)).toMatchObject({ progress: 85, done_leaf_count: 6 });
    await assertOutlineInvariants(s, c, bidId);
  });
});
