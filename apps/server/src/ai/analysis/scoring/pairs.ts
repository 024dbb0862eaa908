import { withoutWhole } from './choose.ts';
import { categoryOfName } from './category.ts';
import type { Proposal, StatedTotals } from './types.ts';

/**
 * Two tables in one scoring section read by different readers (a 第一阶段 table without 序号 that one
 * reader reads, a 第二阶段 table with 序号 that another reads): when each reading covers its own part
 * of the text (or rows of one table between each other's), neither alone makes the stated total
 * and together they make it exactly, the two together are one more proposal.
 */
export function complementaryPairs(list: Proposal[], stated: StatedTotals | null): Proposal[] {
  const total = stated?.total;
  if (total == null) return [];
  // (Or the total but the price the tender scores in prose, which the judge adds from the stated
  // split: a 档位 table and a 商务 table beside 投标报价，满分40分.)
  const price = stated?.parts.find((x) => x.category === 'price')?.points;
  const priced = (p: Proposal) => p.items.some((it) => categoryOfName(it.name, null) === 'price');
  const fits = (a: Proposal, b: Proposal) =>
    Math.abs(sum(a) + sum(b) - total) < 0.005 ||
    (price != null && !priced(a) && !priced(b) && Math.abs(sum(a) + sum(b) + price - total) < 0.005);
  const sum = (p: Proposal) => p.items.reduce((s, it) => s + (it.points ?? 0), 0);
  // (A reading's row worth the whole total is the scoring's heading, 满分100分, as the judge has it.)
  const bare = list.flatMap((p) => withoutWhole(p, total) ?? []);
  // Readings that hold up on their own: two rows or more, every row with points, short of the total.
  const parts = [...list, ...bare].filter(
    (p) => p.items.length >= 2 && p.items.every((it) => it.points != null) && sum(p) < total - 0.005,
  );
  const first = (p: Proposal) => Math.min(...p.items.map((it) => it.span.start));
  const last = (p: Proposal) => Math.max(...p.items.map((it) => it.span.end));
  const out: Proposal[] = [];
  const seen = new Set<string>();
  // (Or rows of one table that each reading reads where the other does not, between each other's:
  // a row whose name wraps read by one reader, the one-line rows by another.)
  const apart = (a: Proposal, b: Proposal) =>
    a.items.every((x) =>
      b.items.every((y) => x.nameSpan.end <= y.nameSpan.start || y.nameSpan.end <= x.nameSpan.start),
    );
  for (const a of parts)
    for (const b of parts) {
      if (a === b || first(a) > first(b) || (last(a) > first(b) && !apart(a, b))) continue;
      if (!fits(a, b)) continue;
      // (Readings of the same rows that differ in their names are pairs of their own.)
      const names = (p: Proposal) => p.items.map((it) => it.name).join('|');
      const key = `${first(a)}:${last(a)}|${first(b)}:${last(b)}|${names(a)}|${names(b)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        reader: `pair(${a.reader}+${b.reader})`,
        lot: a.lot,
        items: [...a.items, ...b.items].sort((x, y) => x.nameSpan.start - y.nameSpan.start),
        subtotals: [...a.subtotals, ...b.subtotals],
      });
    }
  return out;
}
