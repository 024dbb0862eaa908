import { catCell } from './cells.ts';
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
