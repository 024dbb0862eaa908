import type { Line } from '../lines.ts';
import { nameLike } from './cells.ts';
import { contentLines } from './noise.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A platform's export read as text, one row per band with a serial and the factor's code (2 F02
 * 设备维修保障总 / 体方案 择一 优 12 / 方案针对…): the name wraps at its column's width, so it is
 * what the rows of one code have in common before the columns after it (计分方式, 档次) part; each
 * row's points are the first bare number after the name. Rows of one factor stay rows here: the
 * judge's band-row variant folds them into the factor.
 */

const ROW = /^\s*(\d{1,3})\s+([A-Z]{1,3}-?\d{1,3})\s+(\S.*)$/;
/** A scoring-method cell, never part of the name (择一, 累加, 公式, 加权). */
const METHOD = /^(?:择一|累加|累计|公式|加权|计算|定量|定性|主观|客观|[—-])$/;

interface Row {
  code: string;
  serial: number;
  text: string;
  start: number;
  end: number;
}

/** Where `name` ends in `text`, read past the line breaks and spaces a wrap put inside it. */
function pastName(text: string, name: string): number {
  let k = 0;
  let i = 0;
  while (i < text.length && k < name.length) {
    if (text[i] === name[k]) k++;
    else if (!/\s/.test(text[i])) return 0;
    i++;
  }
  return k === name.length ? i : 0;
}

function commonPrefix(a: string, b: string): string {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return a.slice(0, k);
}

export const readCodedRows: Reader = (lines: Line[], isNoise, lot) => {
  const rows: Row[] = [];
  for (const l of contentLines(lines, isNoise)) {
    const m = ROW.exec(l.text);
    if (m) {
      const at = l.start + l.text.indexOf(m[3], m[1].length + m[2].length);
      rows.push({ code: m[2], serial: Number(m[1]), text: m[3], start: at, end: l.end });
    } else if (rows.length) {
      const last = rows[rows.length - 1];
      if (/^(注|备注|说明)[：:]|^第[一二三四五六七八九十\d]+[章节]/.test(l.text.trim())) break;
      last.text += `\n${l.text.trim()}`;
      last.end = l.end;
    }
  }
  const codes = new Set(rows.map((r) => r.code));
  // Several factors with several rows each, or it is not such a table.
  const repeated = [...codes].filter((c) => rows.filter((r) => r.code === c).length >= 2);
  if (rows.length < 4 || repeated.length < 2) return null;
  const items: ProposedItem[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i + 1;
    while (j < rows.length && rows[j].code === rows[i].code) j++;
    const group = rows.slice(i, j);
    const flat = (r: Row) => r.text.replace(/\n/g, '');
    // The name: the first cell of what the rows share (a lone row: of its first line).
    const shared = group.length >= 2 ? group.map(flat).reduce(commonPrefix) : group[0].text.split('\n')[0];
    const name = shared.trim().split(/\s+/)[0] ?? '';
    for (const r of group) {
      // The row's cells after the name (wrapped inside it or not), each a token.
      const from = pastName(r.text, name);
      const tail = r.text.slice(from);
      const tokens = [...tail.matchAll(/\S+/g)].filter((t) => !METHOD.test(t[0]));
      const hit = tokens.find((t) => /^\d{1,3}(?:\.\d+)?$/.test(t[0]));
      const at = hit ? r.start + from + hit.index : -1;
      items.push({
        name,
        points: hit ? Number(hit[0]) : null,
        criteria: hit ? tail.slice(hit.index + hit[0].length).replace(/\s+/g, '') : '',
        category: null,
        group: null,
        lot,
        span: { start: r.start, end: r.end },
        nameSpan: { start: r.start, end: r.start + name.length },
        pointsSpan: hit ? { start: at, end: at + hit[0].length } : null,
        serial: r.serial,
      });
    }
    i = j;
  }
  if (items.some((it) => !nameLike(it.name) || it.name.length < 2)) return null;
  return { reader: 'coded-rows', lot, items, subtotals: [] };
};
