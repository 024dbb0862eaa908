import { describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { findByTitle, newWriter, paragraph, type Client } from './catalog-helpers.ts';

/**
 * Chapter saves at once (issue 29): a content save locks its own chapter and only shares the bid's
 * row (CatalogAccess.lockForContent), so saves of many chapters of one bid run side by side on
 * PostgreSQL. What must still hold: every save lands once, the bid's progress counters stay equal
 * to a recount, outline edits at the same time keep them right, and one chapter saved by several
 * tabs at once gives one save and 409s carrying its text.
 */
const s = useTestServer();

const B = '/bid/client';
const C = '/catalog/client';
const OWN = '我司按片区划分作业班组每组设组长一名实行';
const EMPTY = { type: 'doc', content: [{ type: 'paragraph' }] };

async function bidOf(c: Client, n: number) {
  const { id: bidId } = await c.data<{ id: string }>(`${B}/saveBid`, {
    name: '并发保存',
    modelType: 'standard',
    pageCount: 10,
  });
  const tree = await c.data<CatalogNode[]>(`${C}/bidCatalogSave`, {
    bidId,
    catalogs: [
      {
        title: '技术方案',
        children: Array.from({ length: n }, (_, i) => ({ title: `第${i + 1}节`, targetWords: 10 })),
      },
    ],
  });
  const leaves = Array.from({ length: n }, (_, i) => findByTitle(tree, `第${i + 1}节`).id);
  return { bidId, leaves };
}

describe(`chapter saves at once (${TEST_DB})`, () => {
  it('saves of every chapter of one bid at once all land, and progress counts each once', async () => {
    const c = await newWriter(s);
    const { bidId, leaves } = await bidOf(c, 20);
    const saves = await Promise.all(
      leaves.map((id, i) =>
        c.call(`${C}/updateBidCatalogContent`, { id, content: paragraph(`${OWN}${i}`), baseVersion: 0 }),
      ),
    );
    expect(saves.map((r) => r.code)).toEqual(leaves.map(() => 200));
    expect(saves.map((r) => r.data.version)).toEqual(leaves.map(() => 1));
    const detail = await c.data(`${B}/getBidDetail`, { id: bidId });
    expect(detail).toMatchObject({ progress: 100, leafCount: 20, doneLeafCount: 20 });
    for (const [i, id] of leaves.entries()) {
      const d = await c.data(`${C}/getBidCatalogDetail`, { id });
      expect([d.version, JSON.stringify(d.content).includes(`${OWN}${i}`)]).toEqual([1, true]);
    }

    // Ten chapters emptied while five others are removed: the counters match a recount after.
    const emptied = leaves.slice(0, 10);
    const removed = leaves.slice(10, 15);
    const mixed = await Promise.all([
      ...emptied.map((id) => c.call(`${C}/updateBidCatalogContent`, { id, content: EMPTY, baseVersion: 1 })),
      ...removed.map((id) => c.call(`${C}/removeBidCatalog`, { id })),
    ]);
    expect(mixed.map((r) => r.code)).toEqual(mixed.map(() => 200));
    const after = await c.data(`${B}/getBidDetail`, { id: bidId });
    expect(after).toMatchObject({ leafCount: 15, doneLeafCount: 5, progress: Math.floor((5 * 100) / 15) });
  });

  it('one chapter saved by five tabs at once: one save lands, the others answer 409 with its text', async () => {
    const c = await newWriter(s);
    const {
      leaves: [id],
    } = await bidOf(c, 1);
    const tabs = await Promise.all(
      [1, 2, 3, 4, 5].map((t) =>
        c.call(`${C}/updateBidCatalogContent`, {
          id,
          content: paragraph(`标签页${t}的文字`),
          baseVersion: 0,
        }),
      ),
    );
    const won = tabs.filter((r) => r.code === 200);
    expect(won.length).toBe(1);
    expect(won[0].data.version).toBe(1);
    const winner = (await c.data(`${C}/getBidCatalogDetail`, { id })).content;
    for (const lost of tabs.filter((r) => r.code !== 200)) {
      expect([lost.status, lost.code, lost.data.version]).toEqual([409, 409, 1]);
      expect(lost.data.content).toEqual(winner);
    }
  });
});
