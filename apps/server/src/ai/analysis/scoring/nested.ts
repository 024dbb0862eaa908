import { isTotalName, nameLike } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * Rows numbered by level (2 技术部分 45 — / 2.1 系统总体设计 12 — / 2.1.1 总体架构设计 4 …), one per line
 * as a PDF's text gives them, the points a bare number after the name. Only the last level is
 * scored: a row with rows under it is their sum, and it names their part. A name wrapped onto the
 * next line (3.1.2 信息安全管理体系认 / 证 / 3 具有…) is joined.
 */

const CODE = '(\\d{1,2}(?:\\.\\d{1,2}){0,3})';
const FULL = new RegExp(
  `^\\s*${CODE}[.、．]?\\s+([^\\s\\d][^\\t]*?)\\s+(\\d{1,3}(?:\\.\\d+)?)\\s*(?:分)?(?:\\s+(.*))?$`,
);
const HEAD = new RegExp(`^\\s*${CODE}[.、．]?\\s+([^\\s\\d][^\\t]{0,30}?)\\s*$`);
const POINTS_LINE = /^\s*(\d{1,3}(?:\.\d+)?)\s*(?:分)?(?:\s+(.*))?$/;

interface Row extends ProposedItem {
  code: string;
}

export const readNested: Reader = (lines, isNoise, lot) => {
  const rows: Row[] = [];
  let last: Row | null = null;
  /** A numbered name waiting for its points on a later line. */
  let open: { code: string; name: string; start: number; nameEnd: number } | null = null;
  for (const l of lines) {
    const t = l.text;
    if (!t.trim() || isNoise(t) || t.includes('\t')) continue;
    const push = (
      code: string,
      name: string,
      nameAt: number,
      nameEnd: number,
      pts: string,
      ptsAt: number,
      rest: string,
    ) => {
      last = {
        code,
        name: name.replace(/\s+/g, ''),
        points: Number(pts),
        criteria: rest.replace(/^[—–-]+$/, ''),
        category: null,
        group: null,
        lot,
        span: { start: nameAt, end: l.end },
        nameSpan: { start: nameAt, end: nameEnd },
        pointsSpan: { start: ptsAt, end: ptsAt + pts.length },
        serial: null,
      };
      rows.push(last);
    };
    const f = FULL.exec(t);
    if (f && nameLike(f[2]) && !isTotalName(f[2])) {
      const nameAt = l.start + t.indexOf(f[2], t.indexOf(f[1]) + f[1].length);
      const ptsAt = l.start + t.indexOf(f[3], nameAt - l.start + f[2].length);
      push(f[1], f[2], nameAt, nameAt + f[2].length, f[3], ptsAt, f[4] ?? '');
      open = null;
      continue;
    }
    const h = HEAD.exec(t);
    if (h && nameLike(h[2]) && h[1].includes('.')) {
      const at = l.start + t.indexOf(h[2], t.indexOf(h[1]) + h[1].length);
      open = { code: h[1], name: h[2], start: at, nameEnd: at + h[2].length };
      continue;
    }
    if (open) {
      const p = POINTS_LINE.exec(t);
      if (p) {
        push(open.code, open.name, open.start, open.nameEnd, p[1], l.start + t.indexOf(p[1]), p[2] ?? '');
        open = null;
        continue;
      }
      // The rest of a wrapped name.
      if (t.trim().length <= 8 && nameLike(t.trim())) {
        open.name += t.trim();
        open.nameEnd = l.start + t.length - (t.length - t.trimEnd().length);
        continue;
      }
      open = null;
    }
    const cur = last as Row | null;
    if (cur && cur.criteria.length < 1500 && !/^第[一二三四五六七八九十\d]+[章节]/.test(t.trim())) {
      cur.criteria += t.trim();
      cur.span.end = l.end;
    }
  }
  if (!rows.some((r) => r.code.includes('.'))) return null;
  const leaves = rows.filter((r) => !rows.some((o) => o !== r && o.code.startsWith(`${r.code}.`)));
  // The top of each leaf's numbering names its part (2 技术部分).
  for (const leaf of leaves) {
    const top = rows.find((r) => r.code === leaf.code.split('.')[0] && r !== leaf);
    if (top) leaf.group = top.name;
  }
  if (leaves.length < 3) return null;
  return {
    reader: 'nested',
    lot,
    items: leaves.map(({ code: _c, ...it }) => it),
    subtotals: rows
      .filter((r) => !leaves.includes(r) && r.points != null)
      .map((r) => ({ label: r.name, category: null, points: r.points!, span: r.nameSpan })),
  };
};
