import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { flatten, newBid, newWriter, type Client } from './catalog-helpers.ts';

let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

describe(`ids under bursts (${TEST_DB})`, () => {
  // The old generator repeated ids past 1,024 per millisecond: saving this outline answered 500.
  it('saves and loads an outline of 5,000 chapters (50 × 99 + 50 parents)', async () => {
    const bidId = await newBid(c);
    const catalogs = Array.from({ length: 50 }, (_, i) => ({
      title: `第${i + 1}章`,
      children: Array.from({ length: 99 }, (_, j) => ({ title: `${i + 1}.${j + 1} 小节` })),
    }));
    const saved = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', { bidId, catalogs });
    expect(flatten(saved)).toHaveLength(5_000);
    const loaded = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
    const all = flatten(loaded);
    expect(all).toHaveLength(5_000);
    expect(new Set(all.map((n) => n.id)).size).toBe(5_000);
    expect(loaded[49].children[98].title).toBe('50.99 小节');
  }, 120_000);
});
