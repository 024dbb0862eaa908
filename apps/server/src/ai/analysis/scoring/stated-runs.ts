import type { Proposal, StatedTotals } from './types.ts';

/**
 * Rows whose category cells the reader could not read (merged cells printed as pieces down the left of a
 * `-layout` table) take their categories from the split the tender states (分值构成：商务部分 20 分，
 * 技术部分 45 分，报价部分 35 分): the rows, in order, cut into consecutive runs that add up to the
 * stated parts in the order the tender states them. Only a cut where every run adds up exactly is
 * one more reading.
 */
export function withStatedRuns(p: Proposal, stated: StatedTotals | null): Proposal | null {
  const parts = [...(stated?.parts ?? [])].sort((a, b) => a.span.start - b.span.start);
  if (!p.uncategorised || parts.length < 2 || parts.some((s) => s.category == null)) return null;
  if (p.items.length < parts.length || p.items.some((it) => it.category != null || it.points == null))
    return null;
  const items = [...p.items];
  let k = 0;
  for (const part of parts) {
    let sum = 0;
    const from = k;
    while (k < items.length && sum < part.points - 0.005) sum += items[k++].points!;
    if (k === from || Math.abs(sum - part.points) > 0.005) return null;
    // (A parent factor the reading put a row under stays its group.)
    for (let i = from; i < k; i++)
      items[i] = { ...items[i], group: items[i].group ?? part.label, category: part.category };
  }
  if (k !== items.length) return null;
  return { ...p, reader: `${p.reader}+stated-runs`, items };
}
