import type { Line } from '../lines.ts';
import { nameLike } from './cells.ts';
import { contentLines } from './noise.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A platform's export read as text, one row per factor or per band, each led by the factor's code
 * (2 F02 设备维修保障总 / 体方案 择一 优 12 / 方案针对…; T02 / 水面漂浮物打捞及清运 / 方案 / 优 8; T2
 * 指标体系与数据采集 / 方案 [0,14] …), with or without a serial before it. The name wraps at its
 * column's width: for a factor with several band rows it is what most of its rows have in common
 * before the columns after it part (档次 优/良/中); for a factor on one row, its first cell and the
 * first cells of the lines below while the cell fills its line. Each row's points are the first bare
 * number or interval upper bound ([0,14]) after the name. Rows of one factor stay rows here: the
 * judge's band-row variant folds them into the factor.
 */

const ROW = /^\s*(?:(\d{1,3})\s+)?([A-Z]{1,3}-?\d{1,3}|[A-Z])(?:\s+(\S.*))?$/;
/** A scoring-method cell after the name, never part of it (择一, 累加, 公式, 加权). */
const METHOD = /^(?:择一|累加|累计|公式|加权|计算|定量|定性|主观|客观|[—-])$/;
/** A bare number or an interval's upper bound, as a cell of its own. */
const POINTS =
  /(?<=^|\s)(?:(\d{1,3}(?:\.\d+)?)|[［[]\s*\d{1,3}(?:\.\d+)?\s*[,，]\s*(\d{1,3}(?:\.\d+)?)\s*[］\]])(?=\s|$)/g;

interface Row {
  code: string;
  serial: number | null;
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

const bare = (t: string) => t.replace(/\s+/g, '');

/** The ends of a row's cells, counted in its text without spaces. */
function cellEnds(text: string): Set<number> {
  const ends = new Set<number>();
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i])) ends.add(k);
    else k++;
  }
  ends.add(k);
  return ends;
}

/** The name most of a factor's band rows begin with, ending where a cell ends in each of them. */
function sharedName(group: Row[]): string {
  const need = Math.max(2, Math.ceil(group.length / 2));
  const flats = group.map((r) => bare(r.text));
  let bestName = '';
  for (let i = 0; i < group.length; i++) {
    // The longest prefix of row i that `need - 1` other rows share.
    const lcps = flats
      .map((f, j) => {
        if (j === i) return -1;
        let k = 0;
        while (k < f.length && k < flats[i].length && f[k] === flats[i][k]) k++;
        return k;
      })
      .filter((n) => n >= 0)
      .sort((a, b) => b - a);
    let len = lcps[need - 2] ?? 0;
    const sharing = group.filter((_, j) => flats[j].startsWith(flats[i].slice(0, len)));
    while (len > 0 && !sharing.every((r) => cellEnds(r.text).has(len))) len--;
    // (The rows also share the 计分方式 cell after the name: 运维总体方案 择一 | 优 …, 择一 | 良 ….)
    const cells = group[i].text.trim().split(/\s+/);
    let k = 0;
    const kept: string[] = [];
    for (const c of cells) {
      if (k >= len) break;
      kept.push(c);
      k += c.length;
    }
    while (kept.length > 1 && METHOD.test(kept[kept.length - 1])) kept.pop();
    const name = kept.join('').slice(0, len);
    if (name.length > bestName.length) bestName = name;
  }
  return bestName;
}

/** A one-row factor's name: its first cell, and the next lines' first cells while a cell fills its line. */
function ownName(row: Row): string {
  const pieces: string[] = [];
  for (const line of row.text.split('\n')) {
    const cells = line.trim().split(/\s+/).filter(Boolean);
    if (!cells.length) continue;
    pieces.push(cells[0]);
    if (cells.length > 1 || pieces.length >= 3) break;
  }
  return pieces.join('');
}

export const readCodedRows: Reader = (lines: Line[], isNoise, lot) => {
  const rows: Row[] = [];
  for (const l of contentLines(lines, isNoise)) {
    const m = ROW.exec(l.text);
    if (m) {
      const rest = m[3] ?? '';
      const at = rest ? l.start + l.text.indexOf(rest, (m[1]?.length ?? 0) + m[2].length) : l.end;
      rows.push({ code: m[2], serial: m[1] ? Number(m[1]) : null, text: rest, start: at, end: l.end });
    } else if (rows.length) {
      const last = rows[rows.length - 1];
      if (/^(注|备注|说明)[：:]|^第[一二三四五六七八九十\d]+[章节]/.test(l.text.trim())) break;
      last.text += `\n${l.text.trim()}`;
      last.end = l.end;
    }
  }
  const codes = new Set(rows.map((r) => r.code));
  const repeated = [...codes].filter((c) => rows.filter((r) => r.code === c).length >= 2);
  // Several factors with several rows each; or, without serials, a factor per row whose codes run
  // in series under a letter (T1 T2 T3, C01 C02 C03).
  const serialsOf = (letter: string) =>
    [...codes]
      .filter((c) => new RegExp(`^${letter}-?\\d+$`).test(c))
      .map((c) => Number(c.replace(/\D/g, '')));
  const series = [...new Set([...codes].map((c) => c.replace(/[-\d]/g, '')))].some((letter) => {
    const ns = serialsOf(letter).sort((a, b) => a - b);
    return ns.length >= 3 && ns.every((n, i) => i === 0 || n === ns[i - 1] + 1);
  });
  const oneRowEach = repeated.length === 0 && series && rows.every((r) => r.serial == null);
  if (rows.length < 4 || (repeated.length < 2 && !oneRowEach)) return null;
  const items: ProposedItem[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i + 1;
    while (j < rows.length && rows[j].code === rows[i].code) j++;
    const group = rows.slice(i, j);
    const name = group.length >= 2 ? sharedName(group) : ownName(group[0]);
    for (const r of group) {
      // (A code alone on its line: the name starts on the next.)
      const lead = r.text.length - r.text.trimStart().length;
      // The row's cells after the name (wrapped inside it or not).
      const from = pastName(r.text, name);
      const tail = r.text.slice(from);
      const hit = [...tail.matchAll(POINTS)][0];
      const value = hit ? (hit[1] ?? hit[2]) : null;
      const at = hit ? r.start + from + hit.index + hit[0].indexOf(value!) : -1;
      items.push({
        name,
        points: value != null ? Number(value) : null,
        criteria: hit ? tail.slice(hit.index + hit[0].length).replace(/\s+/g, '') : '',
        category: null,
        group: null,
        lot,
        span: { start: r.start, end: r.end },
        nameSpan: { start: r.start + lead, end: r.start + lead + name.length },
        pointsSpan: hit ? { start: at, end: at + value!.length } : null,
        serial: r.serial,
      });
    }
    i = j;
  }
  if (items.some((it) => !nameLike(it.name) || it.name.length < 2)) return null;
  if (oneRowEach && items.some((it) => it.points == null)) return null;
  return { reader: 'coded-rows', lot, items, subtotals: [] };
};
