import type { Line } from '../lines.ts';
import { nameLike } from './cells.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * Rows that name no factor but the number of a clause of the tender (条款号 | 分值 | 评分方式:
 * 3.2.1 | 8 | …, the factors being the requirement chapter's headings 「3.2.1 中央空调系统运行维护」):
 * each row is the item its clause's heading names. The rows' clause number and points stand one
 * cell apart (TAB cells, or one cell per line), every clause must have a heading of its own in the
 * tender, outside the table, or the rows are not read this way.
 */

const CLAUSE = /^\d{1,2}(?:\.\d{1,2}){1,3}$/;
const POINTS = /^\d{1,3}(?:\.\d+)?$/;
const HEADING = /^(\d{1,2}(?:\.\d{1,2}){1,3})\s*([^\s，。；：:,;、（）()]{2,20})$/;

interface Row {
  clause: string;
  points: number;
  span: { start: number; end: number };
  pointsSpan: { start: number; end: number };
  criteria: string;
}

function rowsOf(part: Line[], isNoise: (t: string) => boolean): Row[] {
  const lines = part.filter((l) => l.text.trim() && !isNoise(l.text));
  const rows: Row[] = [];
  for (let i = 0; i < lines.length; i++) {
    const cells = lines[i].text.split('\t').map((c) => c.trim());
    if (cells.length >= 2 && CLAUSE.test(cells[0]) && POINTS.test(cells[1])) {
      const at = lines[i].start + lines[i].text.indexOf(cells[1], cells[0].length);
      rows.push({
        clause: cells[0],
        points: Number(cells[1]),
        span: { start: lines[i].start, end: lines[i].end },
        pointsSpan: { start: at, end: at + cells[1].length },
        criteria: cells.slice(2).join(''),
      });
      continue;
    }
    // One cell per line: the clause, its points, the rule.
    const next = lines[i + 1];
    if (cells.length === 1 && CLAUSE.test(cells[0]) && next && POINTS.test(next.text.trim())) {
      const at = next.start + next.text.indexOf(next.text.trim());
      const rule = lines[i + 2];
      const ruled = rule && !CLAUSE.test(rule.text.trim()) && !POINTS.test(rule.text.trim());
      rows.push({
        clause: cells[0],
        points: Number(next.text.trim()),
        span: { start: lines[i].start, end: (ruled ? rule : next).end },
        pointsSpan: { start: at, end: at + next.text.trim().length },
        criteria: ruled ? rule.text.trim() : '',
      });
      i += ruled ? 2 : 1;
    }
  }
  return rows;
}

export function readClauseKeyed(
  part: Line[],
  all: Line[],
  isNoise: (t: string) => boolean,
  lot: number | null,
): Proposal | null {
  const rows = rowsOf(part, isNoise);
  if (rows.length < 3 || new Set(rows.map((r) => r.clause)).size < rows.length) return null;
  const from = part[0]?.start ?? 0;
  const to = part[part.length - 1]?.end ?? 0;
  const headings = new Map<string, { name: string; start: number }>();
  for (const l of all) {
    if (l.start >= from && l.end <= to) continue;
    const m = HEADING.exec(l.text.trim());
    if (m && nameLike(m[2]) && !headings.has(m[1]))
      headings.set(m[1], {
        name: m[2],
        start: l.start + l.text.indexOf(m[2], l.text.indexOf(m[1]) + m[1].length),
      });
  }
  if (!rows.every((r) => headings.has(r.clause))) return null;
  const items: ProposedItem[] = rows.map((r) => {
    const h = headings.get(r.clause)!;
    return {
      name: h.name,
      points: r.points,
      criteria: r.criteria,
      category: null,
      group: null,
      lot,
      span: r.span,
      nameSpan: { start: h.start, end: h.start + h.name.length },
      pointsSpan: r.pointsSpan,
      serial: null,
    };
  });
  return { reader: 'clause-keyed', lot, items, subtotals: [] };
}
