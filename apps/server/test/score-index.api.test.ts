import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { docxToPdf } from '../src/modules/export/pdf.ts';
import { useTestServer, clientHeaders } from './helpers/test-server.ts';
import { flatten, newWriter, type Client } from './catalog-helpers.ts';
import {
  chapterBody as body,
  pdfPageTexts,
  requiresSoffice,
  squash,
  tenderBid,
  writeChapters,
} from './helpers/bid-chapters.ts';

/**
 * Issue 31, scope 4: the 评分索引表's page numbers are the pages LibreOffice prints for the chapters
 * they point to. The bid's chapters differ in length (one page, several pages) so that no estimate
 * made before layout lands on every page; the test reads the index out of the PDF and, for each row,
 * the footer of the page on which that chapter's heading is printed.
 */
const TENDER = `城南片区智慧路灯改造项目 招标文件
项目编号：CN-2026-118
招标人：城南区市政管理处
一、评分标准
| 评分因素 | 分值 | 评分标准 |
| 总体设计方案 | 30 | 设计合理、先进的得 30 分 |
| 施工组织方案 | 25 | 措施具体可行的得 25 分 |
| 运维服务方案 | 15 | 响应及时的得 15 分 |
| 培训方案 | 10 | 安排合理的得 10 分 |
| 投标报价 | 20 | 满足要求且价格最低的为评标基准价 |
`;

let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

async function exportDocx(bidId: string): Promise<Buffer> {
  const res = await fetch(new URL('/api/bid/client/exportBid', s.baseUrl), {
    method: 'POST',
    headers: {
      ...clientHeaders(),
      'blade-auth': `bearer ${c.user.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id: bidId }),
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The page number the footer prints (第 N 页 共 M 页), or null on pages without one (cover). */
function printedPage(text: string): number | null {
  const m = /第\s*(\d+)\s*页\s*共\s*\d+\s*页/.exec(text);
  return m ? Number(m[1]) : null;
}

describe('评分索引表: page numbers as LibreOffice lays the bid out', () => {
  it(
    'every row of the exported index names the page its chapter heading is printed on',
    { timeout: 600_000 },
    async (ctx) => {
      await requiresSoffice(ctx);
      const bidId = await tenderBid(c, '智慧路灯改造投标', TENDER);
      const detail = await c.data('/bid/client/getBidDetail', { id: bidId });
      const items = detail.analysis.scoringItems as Array<{ id: string; name: string }>;
      expect(items.map((i) => i.name)).toEqual([
        '总体设计方案',
        '施工组织方案',
        '运维服务方案',
        '培训方案',
        '投标报价',
      ]);
      const item = (name: string) => [items.find((i) => i.name === name)!];
      const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
        bidId,
        catalogs: [
          { title: '评分索引表' },
          {
            title: '技术部分',
            children: [
              { title: '总体设计方案', scoringItems: item('总体设计方案') },
              { title: '施工组织方案', scoringItems: item('施工组织方案') },
            ],
          },
          {
            title: '服务部分',
            children: [
              { title: '运维服务方案', scoringItems: item('运维服务方案') },
              { title: '培训方案', scoringItems: item('培训方案') },
            ],
          },
          { title: '报价部分', scoringItems: item('投标报价') },
        ],
      });
      // The index is the offline engine's table, built from the outline when the chapter is written.
      await c.data('/ai/client/aiGetExpandRange', { bidId });
      for (let end = Date.now() + 120_000; ;) {
        if (!(await c.data('/ai/client/isWriting', { bidId })).writing) break;
        if (Date.now() > end) throw new Error('全文写作 did not finish');
        await new Promise((r) => setTimeout(r, 200));
      }
      await writeChapters(c, tree, {
        总体设计方案: body('总体设计', 14),
        施工组织方案: body('施工组织', 3),
        运维服务方案: body('运维服务', 9),
        培训方案: body('培训', 1),
        报价部分: '投标总价见开标一览表。',
      });
      expect(flatten(tree).length).toBe(8);

      const pages = pdfPageTexts(await docxToPdf(await exportDocx(bidId)));
      // The index's rows as LibreOffice printed them: 序号, item, points, chapter, page.
      const indexAt = pages.findIndex((p) => p.includes('评分索引表') && p.includes('对应章节'));
      expect(indexAt).toBeGreaterThan(0);
      const rows = pages[indexAt]
        .split('\n')
        .map((l) => /^\s*(\d)\s+(\S+)\s+(\d+)\s+(.+?)\s+(\S+)\s*$/.exec(l))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => ({ item: m[2], chapter: squash(m[4]).split('>').at(-1)!, page: m[5] }));
      expect(rows.map((r) => r.item)).toEqual(items.map((i) => i.name));

      const seen: Array<[string, string, number | null]> = [];
      for (const row of rows) {
        // The heading: a line of its own ending in the chapter's title, after the index (not the TOC's dotted line).
        const at = pages.findIndex(
          (p, i) =>
            i > indexAt &&
            p
              .split('\n')
              .some(
                (l) =>
                  !/\.{4,}|…{2,}/.test(l) &&
                  squash(l).endsWith(row.chapter) &&
                  squash(l).length <= row.chapter.length + 8,
              ),
        );
        expect(at, row.chapter).toBeGreaterThan(indexAt);
        seen.push([row.chapter, row.page, printedPage(pages[at])]);
      }
      // All five at once, so a failure shows every row's printed page against the index's.
      expect(seen.map(([chapter, page]) => [chapter, page])).toEqual(
        seen.map(([chapter, , printed]) => [chapter, String(printed)]),
      );
      // The chapters start on different pages: the rows do not agree by repeating one number.
      expect(new Set(seen.map(([, , p]) => p)).size).toBeGreaterThanOrEqual(4);
    },
  );
});
