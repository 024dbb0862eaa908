import type { ScoringCategory } from '@bid/shared';
import { parseEnumerator, type EnumStyle } from '../tender-text.ts';
import type { Line } from './lines.ts';
import { isPageNoise } from './lines.ts';

/**
 * Scoring items written as text rather than as a table: numbered lines with their points
 * (（1）施工方案（8分）：…, 1. 报价得分（满分30分）：…, 项目经理：6分，…), grouped under headings
 * whose points are the sum of their items (一、施工组织设计（35分）).
 */

export interface Candidate {
  name: string;
  points: number | null;
  criteria: string;
  style: EnumStyle | null;
  category: ScoringCategory | null;
  group: string | null;
  isGroup?: boolean;
  start: number;
  end: number;
}

const POINTS_PAREN =
  /^(.{2,40}?)\s*[（(]\s*(?:满分|最高|共计?|计|分值)?\s*[:：]?\s*(\d+(?:\.\d+)?)\s*分\s*[）)]\s*[：:，,。]?\s*(.*)$/;
const POINTS_COLON =
  /^([^：:，,。；]{2,30}?)\s*[：:]\s*(?:满分|最高|分值)?\s*(\d+(?:\.\d+)?)\s*分(?:[。；;，,：:]\s*|\s+|$)(.*)$/;
/** 评分因素：项目理解。分值：10分。评分标准：… */
const LABELLED =
  /^(?:评分因素|评审因素|评分项目)\s*[：:]\s*([^。；;，,]{2,30})[。；;，,]\s*(?:分值|满分)\s*[：:]?\s*(\d+(?:\.\d+)?)\s*分[。；;，,]?\s*(?:评分标准\s*[：:])?\s*(.*)$/;
const NOT_ITEM = /^(总分|满分|合计|总计|本项|评分|其中|得分|每|最高|扣|以|按|优|良|中|差|一般|较)/;

export function categoryFromLabel(label: string): ScoringCategory | null {
  if (/价格|报价/.test(label)) return 'price';
  if (/商务|资信|信誉|业绩/.test(label)) return 'commercial';
  if (/技术|服务方案|施工组织|方案/.test(label)) return 'technical';
  return null;
}

export function readProse(lines: Line[], title: string): Candidate[] {
  const cands: Candidate[] = [];
  let context: ScoringCategory | null = null;
  let last: Candidate | null = null;
  for (const l of lines) {
    const line = l.text.trim();
    if (!line || line.includes('\t') || /^\|/.test(line)) {
      last = null;
      continue;
    }
    if (isPageNoise(line, title)) continue;
    const en = parseEnumerator(line);
    if (en?.style === 'chapter') {
      last = null;
      continue;
    }
    const body = (en ? en.rest : line).replace(/^[★▲]\s*/, '');
    const m = LABELLED.exec(body) ?? POINTS_PAREN.exec(body) ?? POINTS_COLON.exec(body);
    if (m && !NOT_ITEM.test(m[1]) && !/[，。；]/.test(m[1])) {
      const cand: Candidate = {
        name: m[1].trim(),
        points: Number(m[2]),
        criteria: m[3].trim(),
        style: en?.style ?? null,
        category: null,
        group: null,
        start: l.start,
        end: l.end,
      };
      cands.push(cand);
      last = cand;
      continue;
    }
    // A category heading without points (技术部分 / 商务评分 ...).
    const label = /^(技术|商务|价格|报价)(部分|评分|评审|标|分)/.exec(body);
    if (label && body.length <= 20) {
      context = categoryFromLabel(label[0]);
      last = null;
      continue;
    }
    if (last && !en && last.criteria.length < 1500) {
      last.criteria = `${last.criteria}${last.criteria ? ' ' : ''}${line}`;
      last.end = l.end;
    } else last = null;
  }
  for (const c of cands) c.category = c.category ?? context;
  resolveGroups(cands);
  return cands;
}

/**
 * Marks group headings: an item whose following items use another enumerator style and whose
 * points equal their sum (二、施工组织设计（35分） followed by （1）…（8） summing to 35).
 */
export function resolveGroups(cands: Candidate[]): void {
  for (let i = 0; i < cands.length; i++) {
    const g = cands[i];
    if (g.points == null || !g.style) continue;
    const next = cands[i + 1];
    if (!next || !next.style || next.style === g.style) continue;
    // The items under it are the following ones (of the other style) whose points add up to its own.
    let sum = 0;
    let j = i + 1;
    while (j < cands.length && cands[j].style === next.style && sum < g.points - 0.005) {
      sum += cands[j].points ?? 0;
      j += 1;
    }
    if (j - (i + 1) >= 1 && Math.abs(sum - g.points) < 0.01) {
      g.isGroup = true;
      const cat = categoryFromLabel(g.name);
      for (let k = i + 1; k < j; k++) {
        cands[k].group = g.name;
        if (cat && cat !== 'price') cands[k].category = cands[k].category ?? cat;
      }
    }
  }
}
