import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analysisForLot, type TenderAnalysis } from '@bid/shared';
import { parseFileAt } from '../../files/parse-core.ts';
import { demandedTables, RESPONSE_TABLE_TITLES, tableRequirements } from '../plan/tables.ts';
import { releasedTenders } from '../../../test/helpers/released-tenders.ts';
import { analyzeTenderByRules } from './index.ts';

/**
 * Issue 26: the response and deviation tables of every corpus tender and every released tender,
 * pasted and uploaded, hold requirement items only — no table header, totals row, page header or
 * footer, form name or sub-heading — and every row's passage lies inside the tender's 采购需求
 * parts. Qualification rows are whole (never cut at a line wrap or a page break).
 */

const CORPUS = path.resolve(import.meta.dirname, '../../../test/corpus');
const LIMITS = {
  maxPages: 500,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxEntries: 5000,
  maxTextChars: 2_000_000,
};
const released = releasedTenders();

interface Case {
  name: string;
  text: string;
}

async function read(file: string): Promise<string> {
  const kind = path.extname(file).slice(1) as 'txt' | 'docx' | 'pdf';
  return kind === 'txt' ? fs.readFileSync(file, 'utf8') : (await parseFileAt(file, kind, LIMITS)).text;
}

/**
 * The tender's requirement parts as a reader marks them, independently of the analysis: from a
 * heading naming the requirements to the next chapter or the next heading naming another part.
 */
function requirementParts(text: string): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  let open: number | null = null;
  let pos = 0;
  for (const line of text.split('\n')) {
    const t = line.trim();
    // What brackets hold is a note on the heading (（带“★”号条款为实质性要求…）).
    const named = t.replace(/[（(][^）)]*[）)]/g, '');
    const heading = t.length > 0 && t.length <= 60 && !/[，。；]/.test(named);
    const chapter = /^第[一二三四五六七八九十\d]+[章部分篇]/.test(t);
    const req =
      /采购需求|服务需求|项目需求|用户需求|技术参数|技术要求|服务要求|商务要求|需求书|技术规格|服务内容|采购清单|人员配置要求|售后服务要求/.test(
        named,
      );
    const other =
      /评标|评分|评审|投标文件(格式|的?组成)|响应文件(格式|的?组成)|合同|须知|无效|资格审查|开标|质疑|投诉|响应表|偏离表|报价一览表|开标一览表/.test(
        named,
      );
    // (An item numbered 2. or （2） inside the needs names a function of what is bought — 2. 在线评分模块：
    // in a scoring system's tender — not a part of the tender.)
    const subItem = /^(?:\d{1,2}[.、．](?!\d)|[（(]\d{1,2}[)）])/.test(t);
    if (heading && (chapter || (other && !subItem)) && open != null) {
      parts.push([open, pos]);
      open = null;
    }
    if (heading && req && !other && open == null) open = pos;
    pos += line.length + 1;
  }
  if (open != null) parts.push([open, text.length]);
  return parts;
}

const HEADER_ROW =
  /^(序号|编号|参数名称|技术参数|设备名称|货物名称|岗位|作业项目|考核内容|项目|名称)(\s|：|$)/;
const TOTAL_ROW = /^(合计|总计|小计|共计|累计)/;
const FURNITURE = /第\s*\d+\s*页\s*共\s*\d+\s*页|共\s*\d+\s*页\s*第\s*\d+\s*页/;
const FORM_NAME = /^[^，。；：]{2,24}(函|书|表|证明|声明)(（[^）]*）)?$/;

function rowsOf(a: TenderAnalysis) {
  const kinds = demandedTables(a).map((t) => t.kind);
  const tables = kinds.length ? kinds : (['technical'] as const);
  return tables.flatMap((k) =>
    tableRequirements(k, a).map((r) => ({ table: RESPONSE_TABLE_TITLES[k], ...r })),
  );
}

function checkTender(c: Case) {
  const a = analyzeTenderByRules(c.text);
  const title =
    c.text
      .split('\n')
      .find((l) => l.trim().length >= 6)
      ?.trim() ?? '';
  const parts = requirementParts(c.text);
  const bids = a.lots.length ? a.lots.map((l) => analysisForLot(a, l.no)) : [a];
  const bad: string[] = [];
  for (const bid of bids)
    for (const r of rowsOf(bid)) {
      const t = r.text.trim();
      if (HEADER_ROW.test(t) && !/[：:]/.test(t.slice(0, 12))) bad.push(`header: ${t}`);
      if (TOTAL_ROW.test(t)) bad.push(`total: ${t}`);
      if (FURNITURE.test(t) || (title.length >= 6 && t.includes(title))) bad.push(`furniture: ${t}`);
      if (FORM_NAME.test(t)) bad.push(`form name: ${t}`);
      if (t.length < 6) bad.push(`fragment: ${t}`);
      const s = r.source;
      if (!s) bad.push(`no source: ${t}`);
      else if (!parts.some(([from, to]) => s.start >= from && s.end <= to))
        bad.push(`outside 采购需求: ${t} @${s.start}`);
    }
  a.qualifications.forEach((q, i) => {
    if (/[：:]$/.test(q)) bad.push(`qualification cut after its lead-in: ${q}`);
    if (FURNITURE.test(q)) bad.push(`qualification with page furniture: ${q}`);
    const s = a.qualificationSources[i];
    if (!s) bad.push(`qualification without source: ${q}`);
    else {
      const passage = c.text.slice(s.start, s.end).replace(/\s/g, '');
      if (!passage.includes(q.replace(/\s/g, '').slice(-6))) bad.push(`qualification cut: ${q}`);
    }
  });
  for (const s of a.starClauses) if (!s.source) bad.push(`★ clause without source: ${s.text}`);
  if (a.disqualificationSources.some((s) => !s)) bad.push('废标 clause without source');
  return { a, bad };
}

describe('response tables hold requirement items only (corpus: text, DOCX, PDF)', () => {
  const cases: Case[] = [];
  // (Limits, not speeds: the whole corpus is parsed here; a loaded machine took over 2 minutes.)
  beforeAll(async () => {
    for (const f of fs
      .readdirSync(CORPUS)
      .filter((x) => /^t\d+\.(txt|docx|pdf)$/.test(x))
      .sort())
      cases.push({ name: f, text: await read(path.join(CORPUS, f)) });
  }, 900_000);

  it('has every corpus tender in three forms', () => {
    expect(cases.length).toBeGreaterThanOrEqual(17 * 3);
  });

  it(
    'no header, total, footer, form-name or fragment row; every row inside 采购需求',
    { timeout: 300_000 },
    () => {
      const bad = cases.flatMap((c) => checkTender(c).bad.map((b) => `${c.name} ${b}`));
      expect(bad).toEqual([]);
    },
  );
});

describe.skipIf(!released.available)('response tables of the released tenders (t1–t5)', () => {
  const cases: Case[] = [];
  beforeAll(async () => {
    for (const f of [
      't1-it.txt',
      't2-property.txt',
      't3-construction.txt',
      't4-goods.txt',
      't4-goods.docx',
      't5-service.txt',
      't5-service.pdf',
    ])
      cases.push({ name: f, text: await read(released.file(f)) });
  }, 900_000);

  it(
    'no header, total, footer, form-name or fragment row; every row inside 采购需求',
    { timeout: 300_000 },
    () => {
      const bad = cases.flatMap((c) => checkTender(c).bad.map((b) => `${c.name} ${b}`));
      expect(bad).toEqual([]);
    },
  );

  it(
    't5 (PDF): the qualification rows are whole across line wraps and page breaks',
    { timeout: 60_000 },
    () => {
      const { a } = checkTender(cases.find((c) => c.name === 't5-service.pdf')!);
      expect(a.qualifications).toHaveLength(5);
      expect(a.qualifications[2]).toMatch(/^供应商未被列入.*严重违法失信行为记录名单$/);
      expect(a.qualifications.join('')).not.toMatch(/特定资格要求：$/);
    },
  );

  it(
    't5 (PDF): the service requirements read the tables whole, without their headers, totals or footers',
    { timeout: 60_000 },
    () => {
      const { a } = checkTender(cases.find((c) => c.name === 't5-service.pdf')!);
      const texts = a.requirements.map((r) => r.text);
      expect(texts).toContain('巡查车：最低数量 1台；主要要求 用于作业质量巡查和应急调度');
      expect(texts.some((t) => t.startsWith('普扫完成时间：一级道路 每日 5:30 前'))).toBe(true);
      expect(a.requirements.filter((r) => r.star)).toHaveLength(8);
      expect(texts.join('\n')).not.toMatch(/道路等级 道路类型|合计|第\d+页|中小企业声明函|法定代表人授权书/);
    },
  );

  it(
    't4 (DOCX and pasted): two 包 with their own budget, bond and period; ★ per 包 as the gold counts them',
    { timeout: 60_000 },
    () => {
      const gold = JSON.parse(fs.readFileSync(released.file('t4.gold.json'), 'utf8')) as {
        starClauses: string[];
        lotDetails: Array<{
          lot: number;
          name: string;
          budgetYuan: number;
          bondYuan: number;
          periodDays: number;
          starCount: number;
          triangleCount: number;
        }>;
      };
      for (const name of ['t4-goods.docx', 't4-goods.txt']) {
        const { a } = checkTender(cases.find((c) => c.name === name)!);
        expect(a.lots.map((l) => [l.no, l.name])).toEqual(gold.lotDetails.map((l) => [l.lot, l.name]));
        for (const g of gold.lotDetails) {
          const lot = analysisForLot(a, g.lot);
          expect(lot.project.budgetAmount).toBe(g.budgetYuan);
          expect(lot.project.bondAmount).toBe(g.bondYuan);
          expect(lot.project.period).toContain(`${g.periodDays}日历天`);
          const own = lot.starClauses.filter((c) => c.lot === g.lot);
          expect(own.filter((c) => c.mark === '★')).toHaveLength(g.starCount);
          expect(own.filter((c) => c.mark === '▲')).toHaveLength(g.triangleCount);
        }
        expect(analysisForLot(a, 1).starClauses.filter((c) => c.mark === '★')).toHaveLength(
          gold.starClauses.length,
        );
        // Nothing of 包2 in a 包1 bid's requirements, ★ clauses or facts.
        // (The list of 包 names both; 废标 clauses shared by both may name either.)
        const one = JSON.stringify({ ...analysisForLot(a, 1), lots: [], disqualifications: [] });
        for (const value of ['65kW', '800mA', '碘化铯', '2,380,000', '贰万元', '45日历天'])
          expect(one).not.toContain(value);
      }
    },
  );
});
