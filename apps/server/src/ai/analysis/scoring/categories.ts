import type { Cell } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { ProposedItem } from './types.ts';

export interface CatMark {
  at: number;
  label: string;
  points: number | null;
  cell: Cell;
  /** The name of the label's one row when it is on the label's line (价格（20分） | — | 最后报价 | 20). */
  name?: Cell;
}

/**
 * Category labels (技术分（50分）) put over the rows that follow them; a label with points whose
 * rows do not add up is moved to the block of rows that does (a merged cell's label sits in the
 * middle of its rows in PDF text). A label with points but no rows is an item itself (投标报价（60分）
 * scored by a formula in prose).
 */
export function applyCategories(
  items: Array<ProposedItem & { at: number }>,
  cats: CatMark[],
): ProposedItem[] {
  const out: ProposedItem[] = [];
  const sorted = [...items].sort((a, b) => a.at - b.at);
  // Greedy block boundaries by the labels' points, when every labelled block can be matched.
  const boundaries = new Map<CatMark, number>();
  let okAll = cats.length > 0 && cats.every((c) => c.points != null);
  if (okAll) {
    let idx = 0;
    for (const c of cats) {
      const startIdx = idx;
      let sum = 0;
      while (idx < sorted.length && sum < c.points! - 0.005) {
        sum += sorted[idx].points ?? 0;
        idx += 1;
      }
      if (Math.abs(sum - c.points!) > 0.01 || idx === startIdx) {
        okAll = false;
        break;
      }
      boundaries.set(c, startIdx);
    }
    if (idx !== sorted.length) okAll = false;
  }
  let ci = -1;
  const byBoundary = [...boundaries.entries()].sort((a, b) => a[1] - b[1]);
  sorted.forEach((it, k) => {
    let cat: CatMark | null = null;
    if (okAll) {
      for (const [c, b] of byBoundary) if (b <= k) cat = c;
    } else {
      while (ci + 1 < cats.length && cats[ci + 1].at < it.at) ci += 1;
      cat = ci >= 0 ? cats[ci] : null;
    }
    const { at: _at, ...rest } = it;
    out.push({
      ...rest,
      group: rest.group ?? (cat ? cat.label : null),
      category: cat ? categoryOfLabel(cat.label) : null,
    });
  });
  // Labels with points and no rows of their own become items (price scored by formula).
  if (!okAll) {
    for (let k = 0; k < cats.length; k++) {
      const c = cats[k];
      if (c.points == null) continue;
      const next = cats[k + 1]?.at ?? Infinity;
      if (sorted.some((it) => it.at > c.at && it.at < next)) continue;
      const named = c.name ?? c.cell;
      out.push({
        name: c.name?.text ?? (c.label.replace(/(评分|得分|部分|评审|分值)$/, '') || c.label),
        points: c.points,
        criteria: '',
        category: categoryOfLabel(c.label),
        group: null,
        lot: null,
        span: { start: c.cell.start, end: named.end },
        nameSpan: { start: named.start, end: named.end },
        pointsSpan: { start: c.cell.start, end: c.cell.end },
        serial: null,
      });
    }
  }
  return out;
}
