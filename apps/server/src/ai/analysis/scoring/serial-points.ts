import type { Line } from '../lines.ts';
import { headerRole, isTotalName, numberValue, tabCells, type TabCell } from './cells.ts';
import type { Proposal } from './types.ts';

/**
 * Points given by serial in a table of their own, on its side (表3-1 评分因素分值分配表: 序号 | 1 | 2 … |
 * 合计 over 分值 | 30 | 10 … | 100), while the factors' names and rules are in another table keyed by
 * the same serials (表3-2 评分细则: 序号 | 评分因素 | 评分标准, no points). The serial → points cell map,
 * when the row of points adds up to its own 合计 or to 100.
 */
function serialPoints(lines: Line[]): Map<number, TabCell> | null {
  for (let i = 0; i < lines.length; i++) {
    const head = tabCells(lines[i]);
    if (!lines[i].text.includes('\t') || headerRole(head[0].text) !== 'seq') continue;
    const serials = head.slice(1).map((c) => (/^\d{1,2}$/.test(c.text) ? Number(c.text) : null));
    const n = serials.filter((v) => v != null).length;
    if (n < 3) continue;
    for (const l of lines.slice(i + 1, i + 4)) {
      const row = tabCells(l);
      if (headerRole(row[0]?.text ?? '') !== 'points') continue;
      const out = new Map<number, TabCell>();
      let sum = 0;
      let total: number | null = null;
      head.slice(1).forEach((h, k) => {
        const cell = row[k + 1];
        const v = cell?.text ? numberValue(cell.text) : null;
        if (v == null) return;
        if (serials[k] != null) {
          out.set(serials[k]!, cell);
          sum += v;
        } else if (isTotalName(h.text)) total = v;
      });
      if (out.size === n && Math.abs(sum - (total ?? 100)) < 0.01) return out;
    }
  }
  return uprightPoints(lines);
}

/**
 * The same given upright: a table with a serial and a points column and no names (序号 | 分值 |
 * 评分标准, the right half of a table printed on the next page), whose points add up to its 合计 or
 * to 100.
 */
function uprightPoints(lines: Line[]): Map<number, TabCell> | null {
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].text.includes('\t')) continue;
    const roles = tabCells(lines[i]).map((c) => headerRole(c.text));
    const seqAt = roles.indexOf('seq');
    const pointsAt = roles.indexOf('points');
    if (seqAt < 0 || pointsAt < 0 || roles.includes('name') || roles.includes('cat')) continue;
    const out = new Map<number, TabCell>();
    let sum = 0;
    let total: number | null = null;
    for (const l of lines.slice(i + 1)) {
      const row = tabCells(l);
      if (!l.text.includes('\t')) {
        if (!l.text.trim()) continue;
        // (A rule wrapped onto its own line stays the row's.)
        if (out.size) continue;
        break;
      }
      const first = row[seqAt]?.text ?? '';
      const v = row[pointsAt]?.text ? numberValue(row[pointsAt].text) : null;
      if (isTotalName(first) || isTotalName(row[0]?.text ?? '')) {
        total = v ?? row.map((c) => numberValue(c.text)).find((x) => x != null) ?? null;
        break;
      }
      if (!/^\d{1,2}$/.test(first) || v == null) {
        if (!first && out.size) continue;
        break;
      }
      out.set(Number(first), row[pointsAt]);
      sum += v;
    }
    if (out.size >= 3 && Math.abs(sum - (total ?? 100)) < 0.01) return out;
  }
  return null;
}

/** Each reading whose rows have serials and no points, with the points the serials are given. */
export function withSerialPoints(lines: Line[], proposals: Proposal[]): Proposal[] {
  const byNo = serialPoints(lines);
  if (!byNo) return [];
  return proposals.flatMap((p) => {
    // (A reading that took the serial for the points, 7 | 培训方案 | 培训计划 → 7, has none either.)
    const none = (it: Proposal['items'][number]) => it.points == null || it.points === it.serial;
    const open = p.items.filter((it) => none(it) && it.serial != null && byNo.has(it.serial));
    if (open.length * 2 < p.items.length) return [];
    const items = p.items.map((it) => {
      const cell = it.serial != null && none(it) ? byNo.get(it.serial) : undefined;
      return cell ? { ...it, points: numberValue(cell.text), pointsSpan: cell.span } : it;
    });
    return [{ ...p, reader: `${p.reader}+serial-points`, items }];
  });
}
