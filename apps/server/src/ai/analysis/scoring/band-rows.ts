import { pointsInCriteria } from './criteria-points.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * A table with one row per band or per counted thing, the factor's name repeated on each (a
 * platform's export: F02 设备维修保障总体方案 | 择一 | 优 | 12, … | 良 | 9, …; F10 管理体系认证 | 累加 |
 * 质量管理体系 | 1, …): the rows of one factor are one item. Its maximum is the cap its rows state
 * (本因素最高6分), else the sum when the rows add up (累加, 每项), else the top band. A lone row worth
 * each thing counted (每个 | 2 | …本因素最高6分) is worth its cap.
 */
const squash = (s: string) => s.replace(/\s+/g, '');

/**
 * Two rows name one factor when the names agree, or when one is the other cut short by a page break
 * (汛期及突发事件应急预 | 优 | 8 at a page's foot, the name's last character on the next page).
 */
function sameFactor(a: string, b: string): boolean {
  const [x, y] = [squash(a), squash(b)];
  const [s, l] = x.length <= y.length ? [x, y] : [y, x];
  return s === l || (s.length >= 4 && l.length - s.length <= 2 && l.startsWith(s));
}

export function withBandRowsFolded(p: Proposal, text: string): Proposal | null {
  const items: ProposedItem[] = [];
  let folded = 0;
  for (let i = 0; i < p.items.length;) {
    let j = i + 1;
    while (j < p.items.length && sameFactor(p.items[j].name, p.items[i].name)) j++;
    const rows = p.items.slice(i, j);
    const criteria = rows.map((r) => r.criteria).join('；');
    const cap = /最高|最多|封顶|上限/.test(criteria) ? pointsInCriteria(criteria) : null;
    // (So is one row worth each thing counted, its cap in its rule: 每个 | 2 | …本因素最高6分.)
    const counted = rows.length === 1 && rows[0].points != null && cap != null && cap > rows[0].points;
    const perThing =
      counted &&
      [...criteria.replace(/\s+/g, '').matchAll(/每[^。；;]{0,30}?得(\d{1,3}(?:\.\d+)?)分/g)].some(
        (m) => Number(m[1]) === rows[0].points,
      );
    if ((rows.length >= 2 && rows.every((r) => r.points != null)) || perThing) {
      const rowText = text.slice(rows[0].span.start, rows[rows.length - 1].span.end);
      const sum = rows.reduce((s, r) => s + r.points!, 0);
      const top = Math.max(...rows.map((r) => r.points!));
      const points = cap ?? (/累加|累计|每项|每个/.test(rowText) ? sum : top);
      items.push({
        ...rows[0],
        points,
        pointsSpan: cap != null || points !== top ? null : rows.find((r) => r.points === top)!.pointsSpan,
        criteria,
        span: { start: rows[0].span.start, end: rows[rows.length - 1].span.end },
      });
      if (rows.length >= 2) folded += 1;
    } else items.push(...rows);
    i = j;
  }
  // (One factor's name twice is a reading's slip, not a table of bands: several factors must be.)
  return folded >= 2 ? { ...p, reader: `${p.reader}-bands`, items } : null;
}
