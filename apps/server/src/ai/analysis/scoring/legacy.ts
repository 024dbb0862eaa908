import type { Line } from '../lines.ts';
import { fragmentsOf, readTables } from '../table.ts';
import { pointsInName } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * The header-driven table reader of the earlier engine (table.ts), kept as one more reader: it knows
 * the corpus's older layouts well, and the judge weighs it like any other.
 */
export function readLegacyTable(lines: Line[], title: string, lot: number | null): Proposal | null {
  const items: ProposedItem[] = [];
  for (const t of readTables(fragmentsOf(lines, title))) {
    const rows = t.rows.map((r) => {
      let name = r.name.replace(/\s+/g, '');
      let points = r.points;
      const inName = pointsInName(name);
      if (inName) {
        name = inName.name;
        points = points ?? inName.points;
      }
      const cat = r.cat ? r.cat.replace(/[（(].*$/, '') : null;
      return { r, name, points, cat };
    });
    // A factor without criteria whose points are its followers' sum is a group row.
    const group = new Set<number>();
    rows.forEach((x, i) => {
      if (x.r.criteria || x.points == null) return;
      let sum = 0;
      let j = i + 1;
      while (j < rows.length && sum < x.points - 0.005) sum += rows[j++].points ?? 0;
      if (j > i + 1 && Math.abs(sum - x.points) < 0.01) {
        group.add(i);
        for (let k = i + 1; k < j; k++) rows[k].cat = rows[k].cat ?? x.name;
      }
    });
    rows.forEach((x, i) => {
      if (group.has(i) || !x.name) return;
      const serial = x.r.seq && /^\d+$/.test(x.r.seq) ? Number(x.r.seq) : null;
      items.push({
        name: x.name,
        points: x.points,
        criteria: x.r.criteria,
        category: x.cat ? categoryOfLabel(x.cat) : null,
        group: x.cat,
        lot,
        span: { start: x.r.start, end: x.r.end },
        nameSpan: { start: x.r.start, end: x.r.end },
        pointsSpan: null,
        serial,
      });
    });
  }
  return items.length ? { reader: 'legacy-table', lot, items, subtotals: [] } : null;
}
