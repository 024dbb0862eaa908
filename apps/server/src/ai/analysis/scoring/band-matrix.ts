import type { Line } from '../lines.ts';
import { contentLines } from './noise.ts';
import { nameLike, numberValue, tabCells, type TabCell } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * Score bands laid out as a matrix: a header 档次 | factor | factor …, then a row per band
 * (优 | 12 | 10 …, 良 | 9 | 7 …): each factor is worth its best band. The cells are TAB cells, or
 * words when PDF text gives the table's lines with spaces (档次 运维服务总体方案 网络及安全运维方案 …).
 */

/** A line's cells: its TAB cells, or its words. */
function cellsOf(l: Line): TabCell[] {
  if (l.text.includes('\t')) return tabCells(l);
  return [...l.text.matchAll(/\S+/g)].map((m) => ({
    text: m[0],
    span: { start: l.start + m.index, end: l.start + m.index + m[0].length },
  }));
}

const HEAD = /^(?:档次|档位|等级|评价等级|评分档次|评审档次|档次分值)$/;
const BAND = /^(?:优|良|中|差|优秀|良好|一般|较好|较差|合格|[A-EＡ-Ｅ]档?|第?[一二三四五]档)$/;

export const readBandMatrix: Reader = (lines, isNoise, lot) => {
  const ls = contentLines(lines, isNoise);
  for (let i = 0; i < ls.length; i++) {
    const head = cellsOf(ls[i]);
    if (!HEAD.test(head[0]?.text.replace(/\s+/g, '') ?? '')) continue;
    const cols = head.slice(1).filter((c) => c.text && nameLike(c.text));
    if (cols.length < 2 || cols.length !== head.length - 1) continue;
    const best: Array<{ value: number; span: { start: number; end: number } } | null> = cols.map(() => null);
    let bands = 0;
    for (let k = i + 1; k < ls.length; k++) {
      const row = cellsOf(ls[k]);
      // (The band rows follow the header; the first other line ends them.)
      if (!BAND.test(row[0]?.text.replace(/\s+/g, '') ?? '')) {
        if (bands) break;
        continue;
      }
      bands += 1;
      row.slice(1, cols.length + 1).forEach((c, j) => {
        const v = numberValue(c.text);
        if (v != null && (!best[j] || v > best[j]!.value)) best[j] = { value: v, span: c.span };
      });
    }
    if (bands < 2 || best.some((b) => !b)) continue;
    const items: ProposedItem[] = cols.map((c, j) => ({
      name: c.text.trim(),
      points: best[j]!.value,
      criteria: '',
      category: null,
      group: null,
      lot,
      span: { start: c.span.start, end: best[j]!.span.end },
      nameSpan: c.span,
      pointsSpan: best[j]!.span,
      serial: null,
    }));
    return { reader: 'band-matrix', lot, items, subtotals: [] };
  }
  return null;
};
