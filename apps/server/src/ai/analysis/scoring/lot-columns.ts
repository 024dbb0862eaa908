import type { Line } from '../lines.ts';
import { headerRole, numberValue } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * One table shared by several 包/标段, with a points column per 包 (序号 | 评审因素 | 评审标准 | 一标段 |
 * 二标段 | 三标段; 「/」 where a 包 has no such item). Each 包 gets its own reading of the same rows.
 */

const LOT_HEAD =
  /^(?:第?([一二三四五六七八九十]|\d{1,2})\s*(?:标段|包|标包|采购包|分标)|(?:标段|包|标包|采购包)\s*([一二三四五六七八九十]|\d{1,2}))(?:分值|得分|满分)?(?:[（(]分[）)])?$/;
const CN = '一二三四五六七八九十';
const ABSENT = /^[/／\-—–]+$|^不设$|^无$/;
const GROUP_SERIAL = /^[一二三四五六七八九十]+、?$|^[（(][一二三四五六七八九十]+[）)]$/;
const TOTAL = /^(合\s*计|总\s*计|总\s*分|满\s*分)/;

function lotNo(cell: string): number | null {
  const m = LOT_HEAD.exec(cell.replace(/\s+/g, ''));
  if (!m) return null;
  const v = m[1] ?? m[2];
  return /\d/.test(v) ? Number(v) : CN.indexOf(v) + 1;
}

interface Cells {
  texts: string[];
  starts: number[];
}

function split(l: Line): Cells | null {
  if (!l.text.includes('\t')) return null;
  const texts: string[] = [];
  const starts: number[] = [];
  let pos = 0;
  for (const piece of l.text.split('\t')) {
    const lead = piece.length - piece.trimStart().length;
    texts.push(piece.trim());
    starts.push(l.start + pos + lead);
    pos += piece.length + 1;
  }
  return { texts, starts };
}

export function readLotColumns(lines: Line[]): Proposal[] {
  for (let h = 0; h < lines.length; h++) {
    const head = split(lines[h]);
    if (!head) continue;
    const lotCols = head.texts.map((t, i) => [lotNo(t), i] as const).filter(([n]) => n != null);
    if (lotCols.length < 2) continue;
    const roles = head.texts.map((t) => headerRole(t));
    const nameCol = roles.indexOf('name') >= 0 ? roles.indexOf('name') : roles.indexOf('cat');
    if (nameCol < 0) continue;
    const critCol = roles.indexOf('criteria');
    const seqCol = roles.indexOf('seq');
    const byLot = new Map<number, Proposal>();
    for (const [n] of lotCols) byLot.set(n!, { reader: 'lot-columns', lot: n, items: [], subtotals: [] });
    let group: string | null = null;
    for (let r = h + 1; r < lines.length; r++) {
      const row = split(lines[r]);
      if (!row) {
        if (lines[r].text.trim() && [...byLot.values()].some((p) => p.items.length)) break;
        continue;
      }
      const name = row.texts[nameCol] ?? '';
      const seq = seqCol >= 0 ? (row.texts[seqCol] ?? '') : '';
      if (TOTAL.test(name) || TOTAL.test(seq) || TOTAL.test(row.texts[0] ?? '')) break;
      if (!name || row.texts.every((t, i) => i === nameCol || !t)) continue;
      const isGroup =
        GROUP_SERIAL.test(seq) || (critCol >= 0 && !row.texts[critCol] && categoryOfLabel(name));
      for (const [n, col] of lotCols) {
        const cell = row.texts[col] ?? '';
        const p = byLot.get(n!)!;
        if (isGroup) {
          const v = numberValue(cell);
          if (v != null)
            p.subtotals.push({
              label: name,
              category: categoryOfLabel(name),
              points: v,
              span: { start: row.starts[col], end: row.starts[col] + cell.length },
            });
          continue;
        }
        if (!cell || ABSENT.test(cell)) continue;
        const v = numberValue(cell);
        if (v == null) continue;
        const item: ProposedItem = {
          name,
          points: v,
          criteria: critCol >= 0 ? (row.texts[critCol] ?? '') : '',
          category: group ? categoryOfLabel(group) : null,
          group,
          lot: n,
          span: { start: lines[r].start, end: lines[r].end },
          nameSpan: { start: row.starts[nameCol], end: row.starts[nameCol] + name.length },
          pointsSpan: { start: row.starts[col], end: row.starts[col] + cell.length },
          serial: /^\d+$/.test(seq) ? Number(seq) : null,
        };
        p.items.push(item);
      }
      if (isGroup) group = name;
    }
    const out = [...byLot.values()].filter((p) => p.items.length);
    if (out.length >= 2) return out;
  }
  return [];
}
