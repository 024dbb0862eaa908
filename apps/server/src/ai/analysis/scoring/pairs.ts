import { withoutWhole } from './choose.ts';
import type { Proposal, StatedTotals } from './types.ts';

/**
 * Two tables in one scoring section read by different readers (a 第一阶段 table without 序号 that one
 * reader reads, a 第二阶段 table with 序号 that another reads): when each reading covers its own part
 * of the text, neither alone makes the stated total and together they make it exactly, the two
 * together are one more proposal.
 */
export function complementaryPairs(list: Proposal[], stated: StatedTotals | null): Proposal[] {
  const total = stated?.total;
  if (total == null) return [];
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
  for (const a of parts)
    for (const b of parts) {
      if (a === b || last(a) > first(b)) continue;
      if (Math.abs(sum(a) + sum(b) - total) > 0.005) continue;
      const key = `${first(a)}:${last(a)}|${first(b)}:${last(b)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        reader: `pair(${a.reader}+${b.reader})`,
        lot: a.lot,
        items: [...a.items, ...b.items],
        subtotals: [...a.subtotals, ...b.subtotals],
      });
    }
  return out;
}
