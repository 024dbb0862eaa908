import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';
import type { Line } from '../lines.ts';
import type { Proposal } from './types.ts';

/**
 * A scoring region's parts per 包: where a 包's table starts (表4-1 包1（…）评分标准, 第一标段评分标准,
 * 标项2：…), a heading that serves several 包 at once, and a shared table's reading made one 包's.
 */

const LOT_IN_LINE = new RegExp(
  `${LOT_WORD_BEFORE_NO}\\s*([1-9]\\d?|[一二三四五六七八九十]+)|第\\s*([1-9]\\d?|[一二三四五六七八九十]+)\\s*${LOT_WORD_AFTER_NO}`,
);
const CN = '一二三四五六七八九十';

/**
 * A marker line's text: the line, or the last cell of a table row whose other cells are a clause
 * number and label (2.3 | 评分标准 | 包1 体育器材：), as a Word 前附表 gives it.
 */
function markerText(t: string): string {
  if (!t.includes('\t')) return t.trim();
  const cells = t.split('\t').map((c) => c.trim());
  const last = cells.pop() ?? '';
  // (So is a running header's last cell naming a 包's scoring sheet: 某局 项目编号 | 第1包评分标准.)
  const sheet =
    /(?:包|标段).{0,6}(?:评分|评审)|(?:评分|评审).{0,8}(?:包|标段)/.test(last) && last.length <= 20;
  return cells.every((c) => c.length <= 8) || sheet ? last : t;
}

function lotOfLine(t: string): number | null {
  const s = markerText(t);
  if (s.length > 60 || s.includes('\t') || /[。；]/.test(s)) return null;
  const m = LOT_IN_LINE.exec(s);
  if (!m) return null;
  const v = m[1] ?? m[2];
  if (/\d/.test(v)) return Number(v);
  return v.length === 1 ? CN.indexOf(v) + 1 : v === '十' ? 10 : null;
}

/** A heading naming several 包 at once (商务评分表（包1、包2通用）, （一）包1、包2评分标准): its table serves each. */
function lotsOfLine(t: string): number[] | null {
  const s = markerText(t);
  if (s.length > 60 || s.includes('\t') || /[。；]/.test(s)) return null;
  const all = [...s.matchAll(new RegExp(LOT_IN_LINE.source, 'g'))].map((m) => {
    const v = m[1] ?? m[2];
    return /\d/.test(v) ? Number(v) : v.length === 1 ? CN.indexOf(v) + 1 : v === '十' ? 10 : 0;
  });
  const lots = [...new Set(all.filter((n) => n > 0))];
  return lots.length >= 2 ? lots : null;
}

/** A region split at its 包 markers (表4-1 包1（…）评分标准, 第一标段评分标准). */
export function byLot(
  lines: Line[],
  split: boolean,
): Array<{ lot: number | null; shared: number[] | null; lines: Line[] }> {
  const parts: Array<{ lot: number | null; shared: number[] | null; lines: Line[] }> = [
    { lot: null, shared: null, lines: [] },
  ];
  for (const l of lines) {
    const several = split ? lotsOfLine(l.text) : null;
    const n = several ? null : split ? lotOfLine(l.text) : null;
    const last = parts[parts.length - 1];
    if (several) parts.push({ lot: null, shared: several, lines: [] });
    else if (n != null && (n !== last.lot || last.shared)) parts.push({ lot: n, shared: null, lines: [] });
    parts[parts.length - 1].lines.push(l);
  }
  return parts.filter((p) => p.lines.length);
}

/** A row of a shared table that applies to other 包 only (…（仅适用于包2）) is left out of this one's. */
export function forLot(p: Proposal, lot: number): Proposal {
  const only =
    /[（(]\s*仅(?:适用于|限|对)?\s*(?:第)?\s*(?:包|标段)?\s*(\d+)\s*(?:包|标段)?\s*(?:适用|有效)?\s*[)）]/;
  const items = p.items
    .filter((it) => {
      const m = only.exec(it.name);
      return !m || Number(m[1]) === lot;
    })
    .map((it) => ({ ...it, lot, name: it.name.replace(only, '').trim() }));
  return { ...p, lot, items };
}

/**
 * A shared table's reading for the k-th of its n 包 when its points cells hold a value per 包
 * (12/10 under 分值（第一包/第二包）): each item with that 包's value; none when no cell does.
 */
export function perLotValues(p: Proposal, k: number, n: number, text: string, lot: number): Proposal[] {
  let split = 0;
  const items = p.items.map((it) => {
    if (!it.pointsSpan) return it;
    const values = text
      .slice(it.pointsSpan.start, it.pointsSpan.end)
      .replace(/分/g, '')
      .split(/[/／]/)
      .map((v) => v.trim());
    if (values.length !== n || values.some((v) => !/^\d{1,3}(?:\.\d+)?$/.test(v))) return it;
    split += 1;
    return { ...it, points: Number(values[k]) };
  });
  return split >= 2 ? [{ ...forLot({ ...p, items }, lot), reader: `${p.reader}-per-lot` }] : [];
}
