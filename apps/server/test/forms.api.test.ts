import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  endpoints,
  flattenTree,
  parseUpper,
  type BidChecks,
  type BidForms,
  type CatalogNode,
  type InterpretationDetail,
} from '@bid/shared';
import { parseDocx } from '../src/files/parse-core.ts';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import { releasedTenders } from './helpers/released-tenders.ts';
import { newWriter, paragraph } from './catalog-helpers.ts';

/**
 * Issue 31, first acceptance item: a 包1 bid on the released t4 (DOCX) exports the tender's own
 * 投标函 and 开标一览表, word for word apart from the filled blanks, with the company's facts from
 * the library and the 报价 in 大写 and 小写 agreeing; the price changed once changes every place;
 * the checks list the blanks still open and block a price above the 最高限价.
 */
const released = releasedTenders();
const LIMITS = { maxPages: 1000, maxUnpackedBytes: 1e8, maxEntries: 10000, maxTextChars: 1e7 };
const BIDDER = '泓川示例医疗科技有限公司';

const s = useTestServer();

/** The lines of a form in the tender's own text: after its second heading (the first is the list) up to `until`. */
function tenderLines(text: string, heading: string, until: string): string[] {
  const lines = text.split('\n');
  const at = lines.indexOf(heading, lines.indexOf(heading) + 1);
  const end = lines.indexOf(until, at + 1);
  return lines.slice(at + 1, end).filter((l) => l.trim());
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const trimRow = (l: string) => l.replace(/[\t ]+$/, '');

/**
 * A line of the tender as a pattern: its words exactly; each blank (____, an empty cell, a cell
 * holding a lone bar, the cell that says 人民币 before its amount) matches what was filled in.
 */
function linePattern(line: string): RegExp {
  const cell = (c: string) => {
    if (c === '' || c === '|') return '[^\\t]*';
    if (c === '人民币') return '人民币[^\\t]*';
    return c.split(/_{2,}/).map(escape).join('[^\\t]*?');
  };
  // A row's empty cells at its end are not in the text of a Word table (filled ones are).
  const tail = line.includes('\t') ? '(?:\\t[^\\t]*)*' : '';
  return new RegExp(`^${trimRow(line).split('\t').map(cell).join('\\t')}${tail}$`);
}

/** The exported lines from the form's first line on match the tender's lines one for one. */
function matchForm(exported: string[], tender: string[]): string[] {
  const first = linePattern(tender[0]);
  const start = exported.findIndex((l) => first.test(trimRow(l)));
  expect(start, `exported text has “${tender[0]}”`).toBeGreaterThanOrEqual(0);
  const got = exported.slice(start, start + tender.length).map(trimRow);
  tender.forEach((line, i) => expect(got[i], `line ${i + 1} of the form`).toMatch(linePattern(line)));
  return got;
}

describe.skipIf(!released.available)(`the tender’s own forms in the exported bid (${TEST_DB})`, () => {
  it(
    'exports t4’s 投标函 and 开标一览表 verbatim, filled, with one price',
    { timeout: 300_000 },
    async () => {
      const c = await newWriter(s);
      const tenderBytes = fs.readFileSync(released.file('t4-goods.docx'));
      const fileId = await c.uploadTender('t4-goods.docx', tenderBytes);
      const r = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { fileId });
      const done = await waitForInterpretation(s, c.user.token, r.id, 120_000);
      // The forms are stored with the analysis.
      expect(done.analysis!.forms.map((f) => f.title).slice(0, 2)).toEqual(['投标函', '开标一览表']);

      const { id: bidId } = await c.data<{ id: string }>('/bid/client/saveBid', {
        name: '医学影像设备采购项目（包1）',
        modelType: 'standard',
        pageCount: 60,
        fileId,
        lot: 1,
      });
      await c.data('/ai/client/aiGetBidCatalog', { bidId });
      for (const [name, value] of [
        ['投标人名称', BIDDER],
        ['法定代表人', '王立'],
        ['地址', '泓川市滨江路8号'],
        ['联系电话', '0571-88886666'],
      ])
        await c.data('/company/client/saveFact', { kind: 'other', data: { name, value } });

      const empty = await s.api.call(endpoints.getBidForms, { id: bidId }, c.user.token);
      expect(empty.price).toBeNull();
      expect(empty.ceiling).toBe(12_600_000);
      const letterForm = empty.forms.find((f) => f.title === '投标函')!;
      expect(letterForm.catalogId).not.toBeNull();
      expect(letterForm.open).toContain('投标总价（大写）');

      // Amounts the screen refuses are refused here too, in Chinese.
      const bad = await s.api.post(
        '/bid/client/saveBidPrice',
        { id: bidId, amount: 12.345 },
        { token: c.user.token },
      );
      expect(bad.body.code).toBe(400);
      expect(bad.body.msg).toContain('两位小数');

      const priced: BidForms = await s.api.call(
        endpoints.saveBidPrice,
        { id: bidId, amount: 11_880_000 },
        c.user.token,
      );
      expect(priced.price).toEqual({
        amount: 11_880_000,
        upper: '人民币壹仟壹佰捌拾捌万元整',
        lower: '¥11,880,000.00',
      });

      // The 商务标 generator states the same price when it is not given one.
      const business = await s.api.call(endpoints.generateBusinessBid, { bidId }, c.user.token);
      expect(business.sections.find((x) => x.title === '投标函')!.markdown).toContain(
        '人民币壹仟壹佰捌拾捌万元整（¥11,880,000.00）',
      );

      async function exported(): Promise<string[]> {
        const res = await c.download('/bid/client/exportBid', { id: bidId });
        expect(res.status).toBe(200);
        return (await parseDocx(res.bytes, LIMITS)).text.split('\n').filter((l) => l.trim());
      }

      const tender = (await parseDocx(tenderBytes, LIMITS)).text;
      const letterLines = tenderLines(tender, '一、投标函', '二、开标一览表');
      const openingLines = tenderLines(tender, '二、开标一览表', '三、分项报价表');
      expect(letterLines.length).toBeGreaterThanOrEqual(10);

      const first = await exported();
      const letter = matchForm(first, letterLines).join('\n');
      const opening = matchForm(first, openingLines).join('\n');
      expect(letter).toContain(
        '以投标总价人民币（大写）壹仟壹佰捌拾捌万元（¥11,880,000.00）提供包1的全部货物',
      );
      expect(letter).toContain('决定参加包1的投标');
      expect(letter).toContain(`投标人（公章）：${BIDDER}`);
      expect(letter).toContain('地址泓川市滨江路8号');
      expect(letter).toContain('自提交投标文件截止之日起90日历天');
      expect(opening).toMatch(/包1\t+11,880,000\.00\t90\t3/);
      // 大写 and 小写 of every place agree.
      const upper = /人民币(壹[^\t\n]+整)/.exec(opening)![1];
      expect(parseUpper(upper)).toBe(11_880_000);
      // The engine's own 投标函 is gone from the export.
      expect(first.join('\n')).not.toMatch(/投标总价大写|实质性条款（共 \d+ 条）/);

      // The checks list what is still blank in the forms, and nothing blocks at this price.
      let checks: BidChecks = await s.api.call(endpoints.getBidChecks, { id: bidId }, c.user.token);
      const letterBlanks = checks.placeholders
        .filter((p) => p.catalogId === letterForm.catalogId)
        .map((p) => p.text);
      expect(letterBlanks).toEqual(['【待填写：邮编】', '【待填写：电子邮箱】']);
      expect(checks.blockers.filter((b) => /最高限价/.test(b))).toEqual([]);

      // A price typed into a chapter by hand that is not the 报价 blocks, 小写 and 大写 alike.
      const tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
      const replaced = new Set(empty.forms.map((f) => f.catalogId));
      const own = flattenTree(tree).find((n) => !n.children.length && !replaced.has(n.id))!;
      await c.data('/catalog/client/updateBidCatalogContent', {
        id: own.id,
        content: paragraph('本项目投标总价为¥11,000,000.00（人民币壹仟壹佰万元整），含全部费用。'),
        baseVersion: 0,
      });
      checks = await s.api.call(endpoints.getBidChecks, { id: bidId }, c.user.token);
      expect(checks.blockers.filter((b) => /^报价/.test(b))).toEqual([
        `报价不一致：“${own.title}”写的是 ¥11,000,000.00，报价为 ¥11,880,000.00`,
        `报价大写不一致：“${own.title}”写的是 人民币壹仟壹佰万元整，报价为 ¥11,880,000.00`,
      ]);

      // Changed once, changed in every place; above 包1's 最高限价 it blocks.
      await s.api.call(endpoints.saveBidPrice, { id: bidId, amount: 12_800_000.5 }, c.user.token);
      const second = (await exported()).join('\n');
      expect(second).not.toContain('11,880,000');
      expect(second).not.toContain('壹仟壹佰捌拾捌万');
      expect(second.match(/12,800,000\.50/g)).toHaveLength(2);
      expect(second).toContain('（大写）壹仟贰佰捌拾万元伍角整（¥12,800,000.50）');
      expect(second).toContain('人民币壹仟贰佰捌拾万元伍角整');
      checks = await s.api.call(endpoints.getBidChecks, { id: bidId }, c.user.token);
      expect(checks.blockers).toContain(
        '报价 ¥12,800,000.50 超过招标文件的最高限价 ¥12,600,000.00，请在“报价与格式”中修改报价',
      );
    },
  );
});
