import { beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import { useTestServer } from './helpers/test-server.ts';
import { newWriter, type Client } from './catalog-helpers.ts';
import {
  bidWithChapters,
  chapterBody as body,
  pdfPageTexts,
  requiresSoffice,
  squash,
} from './helpers/bid-chapters.ts';
import { VOLUMES_TENDER } from './helpers/tenders.ts';

/**
 * The 目录 of the product's PDF export prints the pages LibreOffice lays the headings out on, not the
 * writer's estimates: for every entry, the page it names is the footer page its heading is printed
 * on. The chapters differ in length (one page to several) so that no estimate lands on every page.
 * The same for each volume of a zip of volumes. The Word file keeps its TOC field (F9 in Word).
 * The footer's 第 N 页 共 M 页 counts the body's pages as LibreOffice lays them out: N runs 1..M over
 * the body and M is their number, not the writer's estimate.
 */
let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

/** The page number the footer prints: 第 N 页 (共 M 页), or a bare number as the last line (暗标). */
function printedPage(text: string): number | null {
  const m = /第\s*(\d+)\s*页/.exec(text);
  if (m) return Number(m[1]);
  const last =
    text
      .split('\n')
      .filter((l) => l.trim())
      .at(-1) ?? '';
  return /^\s*\d+\s*$/.test(last) ? Number(last) : null;
}

/**
 * The 目录's entries as LibreOffice printed them (title, dot leader, page) and, for each, the footer
 * page of the first later page holding a line that is the entry's title alone (its heading).
 */
function tocAgainstHeadings(pages: string[]) {
  const tocAt = pages.findIndex((p) => /目\s*录/.test(p) && /\.{4,}/.test(p));
  expect(tocAt, 'a page with the 目录').toBeGreaterThanOrEqual(0);
  let last = tocAt;
  while (last + 1 < pages.length && /\.{4,}\s*\d+\s*$/m.test(pages[last + 1])) last++;
  const entries = pages
    .slice(tocAt, last + 1)
    .flatMap((p) => p.split('\n'))
    .map((l) => /^\s*(.+?)\s*\.{4,}\s*(\d+)\s*$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ title: squash(m[1]), toc: Number(m[2]) }));
  return entries.map(({ title, toc }) => {
    const at = pages.findIndex(
      (p, i) => i > last && p.split('\n').some((l) => !/\.{4,}/.test(l) && squash(l) === title),
    );
    return { title, toc, printed: at > last ? printedPage(pages[at]) : null };
  });
}

function expectTocMatches(rows: ReturnType<typeof tocAgainstHeadings>, count: number) {
  expect(rows.length).toBe(count);
  // All rows at once, so a failure shows every entry's 目录 page against its printed one.
  expect(rows.map((r) => [r.title, r.toc])).toEqual(rows.map((r) => [r.title, r.printed]));
}

/** The last line of each page (its footer) as 第 N 页 共 M 页, from the first page that has one to the end. */
function expectBodyFooters(pages: string[]) {
  const footers = pages.map((p) => {
    const last =
      p
        .split('\n')
        .filter((l) => l.trim())
        .at(-1) ?? '';
    const m = /第\s*(\d+)\s*页\s*共\s*(\d+)\s*页/.exec(last);
    return m ? { page: Number(m[1]), of: Number(m[2]) } : null;
  });
  const first = footers.findIndex((f) => f !== null);
  expect(first, 'a page with 第 N 页 共 M 页').toBeGreaterThan(0);
  const body = footers.slice(first);
  const count = body.length;
  // Every page from the body's first to the PDF's last, numbered 1..count, each saying 共 count 页.
  expect(body).toEqual(Array.from({ length: count }, (_, i) => ({ page: i + 1, of: count })));
  return count;
}

/** A bare page number as the last line of every page from the body's first (page 1) on (暗标): 1..n, no gaps. */
function expectBarePageNumbers(pages: string[]) {
  const from = pages.findIndex((p) => printedPage(p) === 1);
  expect(from, 'a page numbered 1').toBeGreaterThan(0);
  const numbers = pages.slice(from).map(printedPage);
  expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
}

const exportBid = async (body: unknown) => {
  const r = await c.download('/bid/client/exportBid', body);
  expect(r.status).toBe(200);
  return r;
};

describe('目录: page numbers as LibreOffice lays the bid out', { timeout: 600_000 }, () => {
  it('every entry of the PDF export’s 目录 names the page its heading is printed on', async (ctx) => {
    await requiresSoffice(ctx);
    const { bidId } = await bidWithChapters(
      c,
      { name: '智慧路灯改造投标' },
      [
        { title: '投标函' },
        { title: '技术部分', children: [{ title: '总体设计方案' }, { title: '施工组织方案' }] },
        { title: '服务部分', children: [{ title: '运维服务方案' }, { title: '培训方案' }] },
        { title: '报价部分' },
      ],
      {
        投标函: body('投标函', 2),
        总体设计方案: body('总体设计', 14),
        施工组织方案: body('施工组织', 3),
        运维服务方案: body('运维服务', 9),
        培训方案: body('培训', 1),
        报价部分: '投标总价见开标一览表。',
      },
    );

    const pages = pdfPageTexts((await exportBid({ id: bidId, format: 'pdf' })).bytes);
    const rows = tocAgainstHeadings(pages);
    expectTocMatches(rows, 8);
    // Well past one page per chapter: a total the writer estimated would not match.
    expect(expectBodyFooters(pages)).toBeGreaterThanOrEqual(15);
    // The chapters start on different pages: the rows do not agree by repeating one number.
    expect(new Set(rows.map((r) => r.printed)).size).toBeGreaterThanOrEqual(5);

    // The Word file keeps Word's table of contents: a TOC field whose entries' pages are PAGEREFs.
    const docx = unzip((await exportBid({ id: bidId })).bytes);
    const xml = Buffer.from(docx.get('word/document.xml')!).toString('utf8');
    expect(xml).toMatch(/<w:instrText[^>]*> TOC \\o "1-3"/);
    expect(xml.match(/<w:instrText[^>]*> PAGEREF _Toc_bid_\d+ \\h /g)?.length).toBe(8);
  });

  it('each volume’s 目录 in a zip of PDF volumes names its own pages', async (ctx) => {
    await requiresSoffice(ctx);
    const { bidId } = await bidWithChapters(
      c,
      { name: '养护工程投标', tenderText: VOLUMES_TENDER },
      [
        { title: '投标函' },
        { title: '项目管理机构' },
        {
          title: '技术部分',
          children: [{ title: '施工组织设计' }, { title: '质量保证措施' }, { title: '安全文明施工' }],
        },
        { title: '报价文件' },
      ],
      {
        投标函: body('投标函', 2),
        项目管理机构: body('项目管理', 5),
        施工组织设计: body('施工组织', 14),
        质量保证措施: body('质量保证', 3),
        安全文明施工: body('安全文明', 9),
        报价文件: '投标总价见开标一览表。',
      },
    );

    const files = unzip((await exportBid({ id: bidId, volumes: [], format: 'pdf' })).bytes);
    expect([...files.keys()]).toEqual(['1-明标.pdf', '2-暗标.pdf']);
    const openPages = pdfPageTexts(Buffer.from(files.get('1-明标.pdf')!));
    const darkPages = pdfPageTexts(Buffer.from(files.get('2-暗标.pdf')!));
    const open = tocAgainstHeadings(openPages);
    const dark = tocAgainstHeadings(darkPages);
    expect(expectBodyFooters(openPages)).toBeGreaterThanOrEqual(3);
    // 暗标 prints the page number alone (no total): it runs 1..n over the body.
    expectBarePageNumbers(darkPages);
    expectTocMatches(dark, 4);
    expectTocMatches(open, 3);
    expect(new Set(open.map((r) => r.printed)).size).toBe(3);
    expect(new Set(dark.map((r) => r.printed)).size).toBe(3);
  });
});
