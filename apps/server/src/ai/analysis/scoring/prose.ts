import { parseEnumerator, type EnumStyle } from '../../tender-text.ts';
import { pageBreakBlanks, type Line } from '../lines.ts';
import { catCell, nameLike } from './cells.ts';
import { pointsInCriteria } from './criteria-points.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * Scoring written as numbered prose rather than a table: （一）技术部分（40分） 1. 监理大纲（12分）：…,
 * 项目经理：6分，…, or a numbered factor whose points are only in its criteria (…本项满分8分). Levels
 * nest by numbering style; a heading whose points are its children's sum is a group, not an item.
 */

interface Cand extends ProposedItem {
  style: EnumStyle | null;
  isGroup?: boolean;
  /** Points came from the criteria text, not next to the name. */
  inferred?: boolean;
  /** Points came from its score line on an evaluator's sheet. */
  sheet?: boolean;
}

/** A score line of an evaluator's sheet: 本项得分：__________ ／ 8 (the maximum after the slash). */
const SCORE_LINE = /^(?:本项|该项)?得分\s*[：:]\s*[_＿\s]{3,}[/／]\s*(\d{1,3}(?:\.\d+)?)\s*(?:分)?$/;

// (A range's top is the maximum: 活动总体策划方案（0-15分）.)
// (Square brackets too: 3.2.7 项目负责人【6分】, 〔8分〕, ［10分］.)
const POINTS_PAREN =
  /^(.{2,40}?)\s*[（(【〔［[]\s*(?:满分|最高|共计?|计|分值|权重)?\s*[:：]?\s*(?:\d+(?:\.\d+)?\s*分?\s*[-–~～至]\s*)?(\d+(?:\.\d+)?)\s*(?:分|%|％)\s*[）)】〕］\]]\s*[：:，,。]?\s*(.*)$/;
const POINTS_COLON =
  /^([^：:，,。；]{2,30}?)\s*[：:]\s*(?:满分|最高|分值|权重)?\s*(?:为)?\s*(\d+(?:\.\d+)?)\s*(?:分|%|％)(?:[。；;，,：:]\s*|\s+|$)(.*)$/;
const POINTS_SPACE = /^([^\s：:，,。；]{2,30})\s+(\d+(?:\.\d+)?)\s*(?:分|%|％)\s*(.*)$/;
const LABELLED =
  /^(?:评分因素|评审因素|评分项目)\s*[：:]\s*([^。；;，,]{2,30})[。；;，,]\s*(?:分值|满分)\s*[：:]?\s*(\d+(?:\.\d+)?)\s*分[。；;，,]?\s*(?:评分标准\s*[：:])?\s*(.*)$/;
/** The points before the name: （28 分）技术参数响应：… */
const POINTS_FIRST = /^[（(]\s*(\d+(?:\.\d+)?)\s*分\s*[)）]\s*([^：:，,。；（(]{2,30}?)\s*[：:]\s*(.*)$/;
const NAME_COLON = /^([^：:，,。；]{2,24})[：:]\s*(.+)$/;
// A short name closed by a full stop, its rule after it ((5)厨师长资历。拟派厨师长…本项满分3分。).
const NAME_STOP = /^([^：:，,。；（(]{2,16})。\s*(.+)$/;
const NOT_ITEM =
  /^(总分|满分|合计|总计|本项|评分|其中|得分|每|最高|扣|以|按|优|良|中|差|一般|较|注|说明|备注|(?:评审|评标|评分)(?:方法|办法|标准|程序|原则))/;

export function readProse(
  lines: Line[],
  isNoise: (t: string) => boolean,
  lot: number | null,
  reader = 'prose',
): Proposal | null {
  const cands: Cand[] = [];
  let last: Cand | null = null;
  // (An item's text goes on across a page break's blank lines.)
  const pageBreak = pageBreakBlanks(lines, (k) => isNoise(lines[k].text.trim()));
  for (const [k, l] of lines.entries()) {
    const line = l.text.trim();
    // An evaluator's sheet gives each item's maximum on its score line (本项得分：______ ／ 8), apart
    // from the item's paragraph: that is its points.
    const sheet = SCORE_LINE.exec(line);
    if (sheet) {
      const item = cands[cands.length - 1];
      if (item && (item.points == null || item.inferred) && !item.sheet) {
        const at = l.start + l.text.lastIndexOf(sheet[1]);
        item.points = Number(sheet[1]);
        item.pointsSpan = { start: at, end: at + sheet[1].length };
        item.inferred = false;
        item.sheet = true;
      }
      last = null;
      continue;
    }
    if (!line || line.includes('\t') || /^\|/.test(line) || isNoise(line)) {
      if (!line && !pageBreak[k]) last = null;
      continue;
    }
    const en = parseEnumerator(line);
    if (en?.style === 'chapter') {
      last = null;
      continue;
    }
    const body = (en ? en.rest : line).replace(/^[★▲]\s*/, '');
    const first = POINTS_FIRST.exec(body);
    const m =
      LABELLED.exec(body) ??
      (first ? [first[0], first[2], first[1], first[3]] : null) ??
      POINTS_PAREN.exec(body) ??
      POINTS_COLON.exec(body) ??
      (en ? POINTS_SPACE.exec(body) : null);
    const lead = l.text.length - l.text.trimStart().length;
    // (A line opening with a bracket's wrapped end, 分）、一般（1分）…, continues the line above.)
    const tail = /^(?:分)?[）)]/.test(line);
    if (m && !tail && !NOT_ITEM.test(m[1]) && !/[，。；]/.test(m[1]) && nameLike(m[1].trim())) {
      const name = m[1].trim();
      const nameAt = l.start + lead + line.indexOf(name);
      const pointsAt = l.start + lead + line.indexOf(m[2], line.indexOf(name) + name.length);
      const cand: Cand = {
        name,
        points: Number(m[2]),
        criteria: m[3].trim(),
        category: null,
        group: null,
        lot,
        span: { start: l.start, end: l.end },
        nameSpan: { start: nameAt, end: nameAt + name.length },
        pointsSpan: { start: pointsAt, end: pointsAt + m[2].length },
        serial: null,
        style: en?.style ?? null,
      };
      const cc = catCell(`${name}（${m[2]}分）`);
      if (cc) cand.category = categoryOfLabel(cc.label);
      cands.push(cand);
      last = cand;
      continue;
    }
    // A numbered factor whose points are only in its criteria (2. 质量控制措施：…本项满分8分).
    const nc = en ? (NAME_COLON.exec(body) ?? NAME_STOP.exec(body)) : null;
    const bare = en && nameLike(body) && body.length <= 20 ? body.replace(/[：:]$/, '') : null;
    const name = nc && nameLike(nc[1]) && !NOT_ITEM.test(nc[1]) ? nc[1].trim() : bare;
    if (en && name) {
      const nameAt = l.start + lead + line.indexOf(name);
      const cand: Cand = {
        name,
        points: null,
        criteria: nc ? nc[2].trim() : '',
        category: null,
        group: null,
        lot,
        span: { start: l.start, end: l.end },
        nameSpan: { start: nameAt, end: nameAt + name.length },
        pointsSpan: null,
        serial: null,
        style: en.style,
        inferred: true,
      };
      cands.push(cand);
      last = cand;
      continue;
    }
    if (last && !en && last.criteria.length < 1500) {
      last.criteria = `${last.criteria}${last.criteria ? ' ' : ''}${line}`;
      last.span.end = l.end;
    } else last = null;
  }
  for (const c of cands) {
    if (c.points == null && c.inferred) {
      const v = pointsInCriteria(c.criteria);
      if (v != null) c.points = v;
    }
  }
  // Factors without points and without criteria points are headings of what follows, or nothing.
  const kept = cands.filter((c) => c.points != null);
  resolveGroups(kept);
  const items = kept
    .filter((c) => !c.isGroup)
    .map(({ style: _s, isGroup: _g, inferred: _i, sheet: _h, ...it }) => it);
  return items.length ? { reader, lot, items, subtotals: [] } : null;
}

/**
 * Marks group headings: an item whose following items use another numbering style and whose points
 * equal their sum (二、施工组织设计（35分） followed by （1）…（8） summing to 35).
 */
function resolveGroups(cands: Cand[]): void {
  for (let i = 0; i < cands.length; i++) {
    const g = cands[i];
    if (g.points == null || !g.style) continue;
    const next = cands[i + 1];
    if (!next || !next.style || next.style === g.style) continue;
    // A style that opened before this one is an outer level: （二） after 2. under （一） is a sibling
    // of （一）, not a child of 2.
    const first = (style: EnumStyle) => cands.findIndex((c) => c.style === style);
    if (first(next.style) < first(g.style)) continue;
    let sum = 0;
    let j = i + 1;
    while (j < cands.length && cands[j].style === next.style && sum < g.points - 0.005) {
      sum += cands[j].points ?? 0;
      j += 1;
    }
    if (j - (i + 1) >= 1 && Math.abs(sum - g.points) < 0.01) {
      g.isGroup = true;
      const cat = g.category ?? categoryOfLabel(g.name);
      for (let k = i + 1; k < j; k++) {
        cands[k].group = cands[k].group ?? g.name;
        if (cat && !cands[k].category) cands[k].category = cat;
      }
    }
  }
}
