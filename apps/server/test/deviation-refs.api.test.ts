import { beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import { useTestServer } from './helpers/test-server.ts';
import { findByTitle, newWriter, type Client } from './catalog-helpers.ts';
import { outlinedBid, write } from './checks-helpers.ts';

/**
 * Issue 31, scope 4, the 偏离表 half: each row of the exported 技术参数响应及偏离表 that a chapter
 * of the bid commits to points to that chapter's page by a PAGEREF field to the chapter heading's
 * bookmark (Word updates it on F9, LibreOffice when it lays the file out). A row nobody answers
 * keeps its open blank. The page numbers themselves are LibreOffice's, as for the 评分索引表
 * (score-index.api.test.ts): here the fields and their bookmarks are checked.
 */
const TENDER = `城东智慧停车系统采购项目 招标文件
项目编号：CD-2026-031
采购人：城东区交通运输局
一、评分标准
| 评分因素 | 分值 | 评分标准 |
| 技术方案 | 60 | 方案完整、措施可行的得 60 分 |
| 投标报价 | 40 | 满足要求且价格最低的为评标基准价 |
二、技术要求
1. 车位检测器检测准确率不低于99%。
2. 系统支持不少于2000个泊位的并发管理。
3. 管理平台数据保存期限不少于3年。
投标人须按《技术参数响应及偏离表》逐条响应。
`;

let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
});

/** The text of a table row of document.xml, fields' instructions left out. */
const rowText = (row: string) =>
  [...row.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

describe('偏离表: rows point to the page where the bid proves them', () => {
  it('an answered row holds a PAGEREF to its chapter’s bookmark; an unanswered one stays open', async () => {
    const { bidId, tree } = await outlinedBid(c, '智慧停车投标', TENDER, (item) => [
      { title: '技术参数响应及偏离表' },
      { title: '技术方案', scoringItems: item('技术方案') },
      { title: '平台与数据', scoringItems: null },
    ]);
    const table = findByTitle(tree, '技术参数响应及偏离表');
    // The table is the offline engine's, one row per requirement of the tender.
    await c.data('/ai/client/aiGetBidContent', { catalogId: table.id });
    await write(
      c,
      findByTitle(tree, '技术方案').id,
      '我方承诺车位检测器检测准确率不低于99%，并提供第三方检测报告。\n总体架构分为感知层、网络层和平台层。',
    );
    await write(
      c,
      findByTitle(tree, '平台与数据').id,
      '我方承诺系统支持不少于2000个泊位的并发管理，压力测试报告见附件。',
    );

    const res = await c.download('/bid/client/exportBid', { id: bidId });
    expect(res.status).toBe(200);
    const xml = Buffer.from(unzip(new Uint8Array(res.bytes)).get('word/document.xml')!).toString('utf8');
    const rows = [...xml.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((m) => m[0]);
    const row = (words: string) => rows.find((r) => rowText(r).includes(words))!;

    const bookmarks = new Set([...xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]+)"/g)].map((m) => m[1]));
    const refOf = (r: string) => / PAGEREF (\S+) \\h /.exec(r)?.[1];
    const detector = row('车位检测器检测准确率');
    const parking = row('2000个泊位');
    expect(rowText(detector)).toMatch(/见“技术方案”第 \d+ 页/);
    expect(rowText(parking)).toMatch(/见“平台与数据”第 \d+ 页/);
    // Each field names a bookmark the file has, and the two rows name different chapters' bookmarks.
    expect(bookmarks.has(refOf(detector)!)).toBe(true);
    expect(bookmarks.has(refOf(parking)!)).toBe(true);
    expect(refOf(detector)).not.toBe(refOf(parking));
    // The bookmark sits on the heading of the chapter the row names.
    const heading = (bookmark: string) =>
      rowText(new RegExp(`w:name="${bookmark}"[\\s\\S]*?</w:p>`).exec(xml)![0]);
    expect(heading(refOf(detector)!)).toContain('技术方案');
    expect(heading(refOf(parking)!)).toContain('平台与数据');

    // Nobody commits to the 保存期限: its proof cell stays the open blank, without a field.
    const retention = row('数据保存期限');
    expect(refOf(retention)).toBeUndefined();
    expect(rowText(retention)).toContain('【待填写：证明材料页码】');
  });
});
