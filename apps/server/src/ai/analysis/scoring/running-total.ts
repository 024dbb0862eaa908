import { nameLike } from './cells.ts';
import { contentLines } from './noise.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * Rows that carry a running total beside each item's own points (累计分值 | 本项分值 | 评分项 …:
 * 47 | 7 | 背街小巷保洁方案 | …): the column whose numbers are the sums so far of the other's is not
 * the points. Rows are read from text whose cells are apart by spaces or TABs; the name is the cell
 * after the two numbers, the rest of the row and its wrapped lines the criteria.
 */

const ROW = /^\s*(\d{1,3}(?:\.\d+)?)\s+(\d{1,3}(?:\.\d+)?)\s+(\S+)\s*(.*)$/;

interface Row {
  a: number;
  b: number;
  name: string;
  criteria: string[];
  span: { start: number; end: number };
  nameAt: number;
  /** Where the first and the second number stand. */
  pointsAt: [number, number];
}

export const readRunningTotal: Reader = (lines, isNoise, lot) => {
  const rows: Row[] = [];
  for (const l of contentLines(lines, isNoise)) {
    const m = ROW.exec(l.text);
    if (m && nameLike(m[3]) && m[3].length >= 2) {
      const nameAt = l.start + l.text.indexOf(m[3], m[1].length + m[2].length);
      rows.push({
        a: Number(m[1]),
        b: Number(m[2]),
        name: m[3],
        criteria: m[4] ? [m[4].trim()] : [],
        span: { start: l.start, end: l.end },
        nameAt,
        pointsAt: [
          l.start + l.text.indexOf(m[1]),
          l.start + l.text.indexOf(m[2], l.text.indexOf(m[1]) + m[1].length),
        ],
      });
    } else if (rows.length && l.text.trim()) {
      const last = rows[rows.length - 1];
      last.criteria.push(l.text.trim());
      last.span.end = l.end;
    }
  }
  if (rows.length < 4) return null;
  // Which column runs: each of its values the one before plus the other column's value of the row.
  const runs = (total: (r: Row) => number, own: (r: Row) => number) =>
    rows.every((r, k) => Math.abs(total(r) - ((k ? total(rows[k - 1]) : 0) + own(r))) < 0.01);
  const firstRuns = runs(
    (r) => r.a,
    (r) => r.b,
  );
  const secondRuns =
    !firstRuns &&
    runs(
      (r) => r.b,
      (r) => r.a,
    );
  if (!firstRuns && !secondRuns) return null;
  const items: ProposedItem[] = rows.map((r) => {
    const points = firstRuns ? r.b : r.a;
    const start = firstRuns ? r.pointsAt[1] : r.pointsAt[0];
    return {
      name: r.name,
      points,
      criteria: r.criteria.join(''),
      category: null,
      group: null,
      lot,
      span: r.span,
      nameSpan: { start: r.nameAt, end: r.nameAt + r.name.length },
      pointsSpan: { start, end: start + String(points).length },
      serial: null,
    };
  });
  return { reader: 'running-total', lot, items, subtotals: [] };
};
