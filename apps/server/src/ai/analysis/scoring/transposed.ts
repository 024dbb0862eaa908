import { isTotalName, nameLike, tabCells, type TabCell } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A scoring table laid on its side: one row names the factors (评审因素 | 类似项目业绩 | 项目负责人 | …),
 * another gives their points (分值 | 8 | 6 | …) and another their criteria (评分标准 | … | …). Each
 * column after the first is an item. A card per factor (评审因素1 | 投标报价 / 分值 | 30分 / 评分标准 | …)
 * is the same with one column.
 */

const NAME_HEAD =
  /^(?:评审因素|评分因素|评分项目?|评审项目?|评审内容|评分内容|考核内容|评价因素|评分指标)(?:\d{1,2}|[一二三四五六七八九十]{1,3})?$/;
const POINTS_HEAD = /^(?:分值|分数|满分|标准分|最高分|权重|分值（分）|分值\(分\))$/;
const CRITERIA_HEAD = /^(?:评分标准|评审标准|评分细则|评审细则|评分办法|打分标准|评价标准)$/;
const POINTS = /^(\d{1,3}(?:\.\d+)?)\s*(?:分|%|％)?$/;

const headOf = (c: TabCell | undefined) => (c?.text ?? '').replace(/\s+/g, '');

export const readTransposed: Reader = (lines, isNoise, lot) => {
  const rows = lines.filter((l) => l.text.includes('\t') && !isNoise(l.text)).map((l) => tabCells(l));
  const items: ProposedItem[] = [];
  for (let i = 0; i < rows.length; i++) {
    const names = rows[i];
    // A card (评审因素2 | 需求理解 over 分值 | 8分) is a table on its side with one column.
    if (names.length < 2 || !NAME_HEAD.test(headOf(names[0]))) continue;
    // Its points and criteria rows follow within a few rows, with as many cells.
    let points: TabCell[] | null = null;
    let criteria: TabCell[] | null = null;
    for (let j = i + 1; j < Math.min(rows.length, i + 6); j++) {
      const r = rows[j];
      if (NAME_HEAD.test(headOf(r[0]))) break;
      if (!points && POINTS_HEAD.test(headOf(r[0])) && r.length >= names.length - 1) points = r;
      else if (!criteria && CRITERIA_HEAD.test(headOf(r[0]))) criteria = r;
    }
    if (!points) continue;
    const found: ProposedItem[] = [];
    for (let k = 1; k < names.length; k++) {
      const name = names[k].text;
      const p = POINTS.exec(points[k]?.text ?? '');
      if (!name || !nameLike(name) || isTotalName(name)) continue;
      if (!p) return null;
      found.push({
        name,
        points: Number(p[1]),
        criteria: criteria?.[k]?.text ?? '',
        category: null,
        group: null,
        lot,
        span: { start: names[k].span.start, end: Math.max(names[k].span.end, points[k].span.end) },
        nameSpan: names[k].span,
        pointsSpan: points[k].span,
        serial: null,
      });
    }
    if (found.length >= 2 || (names.length === 2 && found.length === 1)) items.push(...found);
  }
  return items.length >= 2 ? { reader: 'transposed', lot, items, subtotals: [] } : null;
};
