import { catCell, nameLike } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * A part read as one item by one reader (技术部分（45分）, a heading in prose) and detailed by another
 * reader's table right under it (序号 | 扣分项目 | 扣分标准 | 本项最多扣分 …, 45 in all): the reading
 * with the part's item replaced by the table's rows is one more proposal. The rows must all lie
 * between the part's heading and the reading's next item, and add up to the part's points exactly.
 */
/** A part's heading read as an item: 技术分 50 detailed elsewhere, 二、商务评分表（满分25分）. */
function wholePart(it: ProposedItem): boolean {
  const name = it.name.replace(/[（(].*$/, '');
  const c = catCell(name);
  return (
    (!!c && categoryOfLabel(c.label) !== 'price') ||
    /(?:评分|评审|打分)(?:明细)?表$|(?:评分|评审)(?:标准|细则)$/.test(name)
  );
}

export function withPartsDetailed(list: Proposal[]): Proposal[] {
  const out: Proposal[] = [];
  const sum = (items: ProposedItem[]) => items.reduce((s, it) => s + (it.points ?? 0), 0);
  const tables = list.filter((q) => q.items.length >= 2 && q.items.every((it) => it.points != null));
  for (const p of list) {
    const starts = p.items.map((it) => it.span.start);
    p.items.forEach((part, k) => {
      if (part.points == null) return;
      const next = Math.min(...starts.filter((s) => s > part.span.start), Infinity);
      for (const q of tables) {
        if (q === p) continue;
        const inside = q.items.every((it) => it.span.start > part.span.start && it.span.end <= next);
        if (!inside || Math.abs(sum(q.items) - part.points) > 0.005) continue;
        const label = part.name.replace(/[（(].*$/, '');
        const rows = q.items.map((it) => ({
          ...it,
          group: it.group ?? label,
          category: it.category ?? categoryOfLabel(label),
        }));
        const items = [...p.items.slice(0, k), ...rows, ...p.items.slice(k + 1)];
        // (Another part left as one item is not a reading of items.)
        if (!items.some(wholePart)) out.push({ ...p, reader: `${p.reader}<${q.reader}`, items });
        break;
      }
    });
  }
  return out;
}

/**
 * A factor read as one item by one reader (6 产品试验报告 10) whose sub-rows with their own points
 * another reader read (6.1 型式试验报告完整性 4, 6.2 … 3, 6.3 … 3): the sub-rows are the items. For
 * each pair of readings, every factor of the first that the second's rows between it and the next
 * factor add up to exactly is replaced by them; one more proposal when any was.
 */
export function withFactorsDetailed(list: Proposal[]): Proposal[] {
  const out: Proposal[] = [];
  const sum = (items: ProposedItem[]) => items.reduce((s, it) => s + (it.points ?? 0), 0);
  // Each reading's rows by where their names start; the first of a sorted list at or after an offset.
  const sorted = new Map(
    list.map((q): [Proposal, { rows: ProposedItem[]; at: number[] }] => {
      const rows = [...q.items].sort((a, b) => a.nameSpan.start - b.nameSpan.start);
      return [q, { rows, at: rows.map((r) => r.nameSpan.start) }];
    }),
  );
  const lowerBound = (xs: number[], at: number) => {
    let lo = 0;
    let hi = xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[mid] < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const p of list) {
    if (p.items.length < 2) continue;
    const starts = p.items.map((it) => it.span.start).sort((a, b) => a - b);
    const next = p.items.map((f) => starts[lowerBound(starts, f.span.start + 1)] ?? Infinity);
    for (const q of list) {
      // (Points a factor's criteria list for its parts, read as prose, are how it is scored, not rows.)
      if (q === p || q.items.length < 2 || q.reader.includes('prose')) continue;
      const { rows: rowsOf, at } = sorted.get(q)!;
      // The rows under each factor that add up to it, found first: most pairs of readings have none.
      const under = p.items.map((f, n) => {
        if (f.points == null) return null;
        const rows: ProposedItem[] = [];
        for (let k = lowerBound(at, f.nameSpan.end + 1); k < rowsOf.length && at[k] < next[n]; k++)
          if (rowsOf[k].span.start < next[n]) rows.push(rowsOf[k]);
        if (rows.length < 2 || Math.abs(sum(rows) - f.points) > 0.005) return null;
        const named = rows.every(
          (it) => it.points != null && /^[\u4e00-\u9fa5A-Za-z]/.test(it.name) && nameLike(it.name),
        );
        return named ? rows : null;
      });
      if (!under.some(Boolean)) continue;
      const items = p.items.flatMap((f, n) => {
        const rows = under[n];
        if (!rows) return [f];
        // (Under the factor's own part, when it has one: the part's stated points are checked by its
        // rows; and numbered as the factor, whose place in the run of serials they take.)
        return rows.map((it) => ({
          ...it,
          group: f.group ?? f.name,
          category: f.category ?? it.category,
          lot: p.lot,
          serial: f.serial,
        }));
      });
      // (A part left as one item beside detailed ones, the price's too, is not a reading of items.)
      if (!items.some((it) => wholePart(it) || (!!catCell(it.name) && /(?:部分|分|标|类)$/.test(it.name))))
        out.push({ ...p, reader: `${p.reader}<${q.reader}`, items });
    }
  }
  return out;
}
