import type { ScoringCategory } from '@bid/shared';
import type { Line } from '../lines.ts';
import { chineseNumber } from '../money.ts';
import { categoryOfLabel } from './category.ts';
import type { Span, StatedTotals } from './types.ts';
import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';

/**
 * What the tender says its points add up to — 总分100分，其中价格分30分、技术分50分、商务分20分;
 * 包1的评分分值构成为：…; 分值构成 施工组织设计：40分 项目管理机构：15分 …; weights in % — read
 * before any item, so a reading can be judged against the tender's own totals.
 */

// (A platform's export states it as a field without 分: 评审因素数：11 总分值：100.)
const TOTAL =
  /(?:总\s?分|满分|总分值|满分值|评分总分|总得分|总计|合计)\s*(?:值|分值)?\s*(?:均|各|合计|共计)?\s*(?:为|是|共|计|：|:)?\s*(\d{2,3}|[一二三四五六七八九十百]{2,4})\s*分(?!值)|(?:采用|实行)?百分制|总分值\s*[：:]\s*(\d{2,3})(?![\d.分%％])/g;
/** label + points pairs of a split sentence: 价格分30分, 技术标：30分, 商务部分占20%, 施工组织设计：40分. */
const PAIR =
  /([\u4e00-\u9fa5A-Za-z]{2,14}?(?:[（(][\u4e00-\u9fa5]{1,6}[）)])?)\s*[（(]?\s*(?:分值|分数|得分|权重|所占权重|所占比重|比重|满分)?\s*(?:为|占|是|：|:)?\s*(\d{1,3}(?:\.\d+)?|(?<=[：:为])[一二三四五六七八九十百]{1,4})\s*(分|%|％)/g;
const SPLIT_WORDS = /其中|分值构成|分值组成|构成|组成|分配|权重|比重|分别为|包括/;
/** A scoring heading with its parts in brackets: 包1 输液泵 评分标准（价格40分、技术参数35分、商务25分）. */
const HEADED_SPLIT =
  /(?:评分标准|评审标准|评分细则|评分办法|评分表)\s*[（(](?:[^（）()]*?\d+\s*(?:分|%|％)\s*[、，,；;])+[^（）()]*?\d+\s*(?:分|%|％)\s*[）)]/;
/** A category word alone (with its suffix): the labels that are categories, not items. */
export const CATEGORY_LABEL =
  /^(?:价格|报价|投标报价|磋商报价|技术|商务|资信|服务|综合|其他|其它|经济|信誉|商务资信|技术服务|履约能力)(?:部分|分|标|类|评分|评审|得分|因素|评分项|分值|方面|指标|标准)*$/;

/** A figure in digits or in Chinese numerals (三十, 一百). */
const numeral = (s: string) => (/\d/.test(s) ? Number(s) : (chineseNumber(s) ?? NaN));

function cleanLabel(s: string): string {
  return s
    .replace(/^(?:其中|分别为|分别|包括|即|由|按|：|:|，|,|、|和|及|与)+/, '')
    .replace(/(?:的)?(?:分值|分数|得分|权重|满分)$/, '')
    .trim();
}

interface Found {
  lot: number | null;
  total: number | null;
  parts: StatedTotals['parts'];
  span: Span;
}

const PART_LINE = /^\s*[^：:，。；]{2,20}[：:]\s*\d{1,3}(?:\.\d+)?\s*(?:分|%|％)[。；;，,]?\s*$/;
/** The whole on a line of its own (（总分100分）). */
const WHOLE_LINE = /^\s*[（(]\s*(?:总\s*分|满\s*分)[^（）()]{0,12}[）)]\s*$/;
const CLAUSE_ONLY = /^\s*\d[\d.．（）()]{1,11}\s*$/;
/** A part in a `-layout` 前附表 row, after the row's clause number and the whole (2.2.1   100   技术部分：45 分). */
const PART_AFTER_CELLS = /^(\s*\d[\d.．（）()]{0,11}(?:\s{2,}\d[\d.．（）()]{0,11})*\s{2,})(?=\S)/;

/** The line as a part of a list (监理大纲：40分), or the part at its end after number cells; else null. */
function partOf(l: Line): Line | null {
  if (PART_LINE.test(l.text)) return l;
  const m = PART_AFTER_CELLS.exec(l.text);
  if (!m || !PART_LINE.test(l.text.slice(m[1].length))) return null;
  return { text: l.text.slice(m[1].length), start: l.start + m[1].length, end: l.end };
}

/**
 * A 分值构成 heading followed by one part per line (监理大纲：40分 / 投标报价：20分 …) is read as one
 * sentence: the lines are joined with a single separator, so offsets stay those of the text.
 */
function joinPartLines(lines: Line[]): Line[] {
  const out: Line[] = [];
  const lists = new Set<Line>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!/分值构成|分值组成|分值分配|评分构成/.test(l.text) || l.text.length > 40) {
      // Prose wrapped at the page's width (…和主观分 / （50 分）三部分组成。) is one sentence.
      const prev = out[out.length - 1];
      if (
        prev &&
        !lists.has(prev) &&
        l.start === prev.end + 1 &&
        prev.text.length >= 24 &&
        !/[。；;：:]$/.test(prev.text) &&
        !prev.text.includes('\t') &&
        !l.text.includes('\t') &&
        /^[\u4e00-\u9fa5（(\d]/.test(l.text)
      ) {
        out[out.length - 1] = { text: `${prev.text} ${l.text}`, start: prev.start, end: l.end };
        continue;
      }
      out.push(l);
      continue;
    }
    // The parts may stand around it with blank lines and clause numbers between, raw PDF text
    // dealing a 前附表's cells out (施工组织设计：35 分 / 2.2.1 / 分值构成 / 项目管理机构：15 分 / （总分 100 分）…).
    const filler = (t: string) => !t.trim() || CLAUSE_ONLY.test(t);
    const picked: Line[] = [l];
    for (let k = i - 1; k >= 0 && out[out.length - 1] === lines[k]; k--) {
      if (filler(lines[k].text)) {
        // (Only when a part lies beyond it: the filler is dropped with the part taken back.)
        const part = lines.slice(0, k).findLastIndex((x) => !filler(x.text));
        if (part < 0 || !PART_LINE.test(lines[part].text)) break;
        out.pop();
        continue;
      }
      if (!PART_LINE.test(lines[k].text)) break;
      picked.unshift(out.pop()!);
    }
    let j = i + 1;
    for (let k = i + 1; k < lines.length; k++) {
      const t = lines[k].text;
      if (filler(t) && k > j - 1) continue;
      // (The heading's bracket closed on a later line, between the parts: 分值构成（总 / … / 分 100 分）.)
      const wrapped = /[（(][^）)]*$/.test(l.text) && /^[^：:，。；（(]{0,12}[）)]\s*$/.test(t);
      const part = partOf(lines[k]);
      if (!part && !WHOLE_LINE.test(t) && !wrapped) break;
      picked.push(part ?? lines[k]);
      j = k + 1;
    }
    // One line again over the picked lines' span, what lies between them blanked (offsets kept).
    const start = picked[0].start;
    const end = picked[picked.length - 1].end;
    const chars = new Array(end - start).fill(' ');
    for (const p of picked) for (let c = 0; c < p.text.length; c++) chars[p.start - start + c] = p.text[c];
    // (Each part after a gap reads as the next of a list: ，施工组织设计：35分.)
    for (const p of picked.slice(1))
      if (PART_LINE.test(p.text) && p.start - start > 0 && chars[p.start - start - 1] === ' ')
        chars[p.start - start - 1] = '，';
    const text = chars.join('');
    const list = { text, start, end };
    // (A part list ends at its last part: the next clause is not its wrapped prose.)
    lists.add(list);
    out.push(list);
    i = j - 1;
  }
  return out;
}

/** Sentences (split at 。； and line ends) with their offsets. */
function sentencesOf(lines: Line[]): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  for (const l of joinPartLines(lines)) {
    const re = /[^。；;]+[。；;]?/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(l.text))) if (m[0].trim()) out.push({ text: m[0], start: l.start + m.index });
  }
  return out;
}

/** A sentence's 包 parts: 包1的…，包2的… split where a 包 marker starts. */
function lotPieces(
  s: { text: string; start: number },
  lotAt: (offset: number) => number | null,
): Array<{ text: string; start: number; lot: number | null }> {
  const re = new RegExp(
    `${LOT_WORD_BEFORE_NO}\\s*([1-9一二三四五六七八九])|第\\s*([1-9一二三四五六七八九])\\s*${LOT_WORD_AFTER_NO}`,
    'g',
  );
  const cuts: Array<{ at: number; lot: number }> = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(s.text))) {
    const v = m[1] ?? m[2];
    const n = /\d/.test(v) ? Number(v) : '一二三四五六七八九'.indexOf(v) + 1;
    cuts.push({ at: m.index, lot: n });
  }
  const base = lotAt(s.start);
  if (cuts.length < 2) return [{ ...s, lot: cuts.length === 1 && cuts[0].at < 6 ? cuts[0].lot : base }];
  return cuts.map((c, i) => ({
    text: s.text.slice(c.at, i + 1 < cuts.length ? cuts[i + 1].at : undefined),
    start: s.start + c.at,
    lot: c.lot,
  }));
}

/** The whole as a sum of stages or parts (综合得分＝第一阶段得分＋第二阶段得分). */
const SUM_FORMULA = /(?:综合|总|最终)(?:得分|评分|分)\s*[＝=]\s*[^。；;]{2,40}[＋+]/;
const STAGE_CAP = /满分\s*(?:为|是)?\s*(\d{1,3})\s*分/g;

/**
 * A paragraph that gives each stage's or part's maximum and says the whole is their sum (技术标满分
 * 45 分 … 第二阶段 … 满分 55 分。综合得分＝第一阶段得分＋第二阶段得分): the whole is what they add up to,
 * not the last maximum said.
 */
function summedWhole(l: Line, lotAt: (offset: number) => number | null): Found | null {
  if (!SUM_FORMULA.test(l.text)) return null;
  const caps = [...l.text.matchAll(STAGE_CAP)].map((m) => Number(m[1]));
  if (caps.length < 2) return null;
  const total = caps.reduce((a, b) => a + b, 0);
  if (total < 10 || total > 200) return null;
  return { lot: lotAt(l.start), total, parts: [], span: { start: l.start, end: l.end } };
}

export function readStatedTotals(
  lines: Line[],
  lotAt: (offset: number) => number | null,
  isNoise: (t: string) => boolean,
): StatedTotals[] {
  const found: Found[] = [];
  const kept = lines.filter((l) => !isNoise(l.text));
  // (Said first: a stage's maximum read alone later is not the whole.)
  for (const l of joinPartLines(kept)) {
    const whole = summedWhole(l, lotAt);
    if (whole) found.push(whole);
  }
  for (const sentence of sentencesOf(kept)) {
    if (!/分|%|％/.test(sentence.text) || sentence.text.length > 400) continue;
    for (const piece of lotPieces(sentence, lotAt)) {
      const t = piece.text;
      let total: number | null = null;
      TOTAL.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = TOTAL.exec(t))) {
        const v = m[1] ? numeral(m[1]) : m[2] ? Number(m[2]) : 100;
        // 合计/总计 are also table rows (合计 100): only a sentence that says what the whole is counts.
        if (/^(合计|总计)/.test(m[0]) && !/满分|总分|评分|分值/.test(t)) continue;
        // An item's own maximum (报价得分（满分30分）, 该报价得满分30分) is not the whole.
        // (But the whole's own name before it counts: 综合得分（满分100分）, 总得分（满分 100 分）.)
        const before = t.slice(Math.max(0, m.index - 8), m.index);
        if (
          /[（(得为]\s*$/.test(before.slice(-2)) &&
          !/构成|组成|分配/.test(t) &&
          !/(?:综合|总|最终)(?:得分|评分|分)\s*[（(]\s*$/.test(before)
        )
          continue;
        // An item's cap in a table row or a criteria sentence (满分10分) is not the whole.
        // So is a criteria cell opening with its cap (满分 50 分。投标报价等于…): the whole is said of something.
        if (/^满分/.test(m[0]) && (v < 50 || t.includes('\t') || (!t.slice(0, m.index).trim() && v !== 100)))
          continue;
        if (v >= 10 && v <= 200) total = total ?? v;
      }
      const parts: StatedTotals['parts'] = [];
      const split = SPLIT_WORDS.test(t) || total != null || HEADED_SPLIT.test(t);
      if (split) {
        PAIR.lastIndex = 0;
        while ((m = PAIR.exec(t))) {
          const label = cleanLabel(m[1]);
          const points = numeral(m[2]);
          if (!label || /总分|满分|总计|合计|百分/.test(label) || points <= 0 || points > 200) continue;
          const category = categoryOfLabel(label);
          const named = CATEGORY_LABEL.test(label) || /分值构成|构成|组成/.test(t);
          if (!category && !named) continue;
          if (points === total) continue;
          parts.push({
            label,
            category,
            points,
            span: { start: piece.start + m.index, end: piece.start + m.index + m[0].length },
          });
        }
      }
      // A part list counts when its parts add up to the total, or there are several of them.
      const sum = parts.reduce((s, p) => s + p.points, 0);
      const partsOk = parts.length >= 2 && (total == null || Math.abs(sum - total) < 0.01);
      if (total == null && !partsOk) continue;
      found.push({
        lot: piece.lot,
        total: total ?? (partsOk ? sum : null),
        parts: partsOk ? parts : [],
        span: { start: piece.start, end: piece.start + t.length },
      });
    }
  }
  // Per 包 (and the tender as a whole, lot null): the first statement with parts wins, else the first total.
  const byLot = new Map<number | null, StatedTotals>();
  for (const f of found) {
    const cur = byLot.get(f.lot);
    if (!cur) byLot.set(f.lot, { lot: f.lot, total: f.total, parts: f.parts, span: f.span });
    else if (!cur.parts.length && f.parts.length && (cur.total == null || cur.total === f.total))
      byLot.set(f.lot, { lot: f.lot, total: f.total ?? cur.total, parts: f.parts, span: f.span });
  }
  return [...byLot.values()];
}

/** The stated totals a reading of 包 `lot` is judged against: that 包's own, else the tender's. */
export function statedFor(all: StatedTotals[], lot: number | null): StatedTotals | null {
  const own = all.find((s) => s.lot === lot);
  const global = all.find((s) => s.lot == null);
  if (own && (own.parts.length || !global)) return own;
  if (own && global) return { ...own, parts: global.parts, total: own.total ?? global.total };
  // (A tender read as one whose only statement names its 包 — 包1 输液泵 评分标准（价格40分…）.)
  return global ?? (lot == null && all.length === 1 ? all[0] : null);
}

export function partsByCategory(s: StatedTotals | null): Partial<Record<ScoringCategory, number>> {
  const out: Partial<Record<ScoringCategory, number>> = {};
  for (const p of s?.parts ?? []) if (p.category) out[p.category] = (out[p.category] ?? 0) + p.points;
  return out;
}
