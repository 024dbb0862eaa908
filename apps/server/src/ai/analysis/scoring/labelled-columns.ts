import type { Line } from '../lines.ts';
import { contentLines } from './noise.ts';
import { headerRole, isTotalName, nameLike, numberValue } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A table that plain PDF text printed column by column, each column a block under its header word:
 * 评分因素 / 磋商报价 / 危废收集与分类包装方案 … then 分值 / 20 / 10 …, on every page the table
 * runs over. The k-th block of names pairs with the k-th block of points when they are as long;
 * a 合计 row closes both.
 */

interface Block {
  lines: Line[];
}

/** Blocks of lines under a header word of `role`, each kept while `fits` holds. */
function blocksUnder(ls: Line[], role: 'name' | 'points', fits: (t: string) => boolean): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < ls.length; i++) {
    if (headerRole(ls[i].text.trim()) !== role) continue;
    const lines: Line[] = [];
    let k = i + 1;
    for (; k < ls.length && fits(ls[k].text.trim()); k++) lines.push(ls[k]);
    if (lines.length >= 2) out.push({ lines });
    i = k - 1;
  }
  return out;
}

/** A factor's name in its column: short, no figures, not another header word. */
const factorName = (t: string) =>
  t.length >= 2 && t.length <= 24 && !/\d/.test(t) && nameLike(t) && !headerRole(t);

export const readLabelledColumns: Reader = (lines, isNoise, lot) => {
  const ls = contentLines(lines, isNoise);
  const names = blocksUnder(ls, 'name', (t) => factorName(t) || isTotalName(t));
  const points = blocksUnder(ls, 'points', (t) => numberValue(t) != null && /^\d/.test(t));
  if (!names.length || names.length !== points.length) return null;
  const items: ProposedItem[] = [];
  for (let b = 0; b < names.length; b++) {
    const ns = names[b].lines;
    const ps = points[b].lines;
    if (ns.length !== ps.length) return null;
    for (let k = 0; k < ns.length; k++) {
      const n = ns[k].text.trim();
      if (isTotalName(n)) continue;
      const p = ps[k];
      const v = numberValue(p.text.trim())!;
      const at = p.start + p.text.indexOf(p.text.trim());
      const nAt = ns[k].start + ns[k].text.indexOf(n);
      items.push({
        name: n,
        points: v,
        criteria: '',
        category: null,
        group: null,
        lot,
        span: { start: nAt, end: nAt + n.length },
        nameSpan: { start: nAt, end: nAt + n.length },
        pointsSpan: { start: at, end: at + p.text.trim().length },
        serial: null,
      });
    }
  }
  return items.length >= 2 ? { reader: 'labelled-columns', lot, items, subtotals: [] } : null;
};
