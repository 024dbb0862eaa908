import type { Line } from '../lines.ts';
import { headerRole, nameLike } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * `pdftotext -layout` text of a table whose rows are keyed by nothing but their points: no serial,
 * no blank line between rows, merged cells of one or two category levels and clause numbers
 * (2.2.4（1）) wrapped into short pieces down the left, the criteria wrapped above and below each
 * row's line (条款号 | 评审因素 | 分值 | 评审标准 of a 评标办法前附表, or the points last). A row is a
 * line with a number standing under the header's points label and a name in the names' column; the
 * name's wrapped pieces are the words directly above or below it in its own columns. Whatever stands
 * left of the names is the merged cells', and is not read here: the rows take their categories from
 * the stated split by their sums (stated-runs.ts).
 */

interface Token {
  text: string;
  x: number;
  start: number;
}

function tokensOf(l: Line): Token[] {
  return [...l.text.matchAll(/\S+(?: \S+)*/g)].map((m) => ({
    text: m[0],
    x: m.index,
    start: l.start + m.index,
  }));
}

interface Header {
  /** Where the points label starts and ends. */
  px: number;
  pEnd: number;
  /** Where the criteria label starts. */
  cx: number;
  /** Where the name label starts, and the label after it (the names' column ends before it). */
  nx: number;
  nameEnd: number;
  /** The points stand right of the criteria (评审因素 | 评审标准 | 分值). */
  pointsRight: boolean;
  text: string;
}

/**
 * A header line whose labels put the name first, then the points and the criteria in either order
 * (评审因素 分值 评审标准, 评审因素 评审标准 分值).
 */
function headerOf(l: Line): Header | null {
  const ts = tokensOf(l).flatMap((t) =>
    // (Labels one space apart are labels still: 序号 评分因素.)
    t.text
      .split(' ')
      .map((w, k, all) => ({ ...t, text: w, x: t.x + all.slice(0, k).join(' ').length + (k ? 1 : 0) })),
  );
  const role = (r: string) => ts.find((t) => headerRole(t.text) === r);
  const name = role('name');
  const points = role('points');
  const crit = role('criteria');
  if (!name || !points || !crit || ts.filter((t) => headerRole(t.text)).length < 3) return null;
  if (!(name.x < points.x && name.x < crit.x)) return null;
  return {
    px: points.x,
    pEnd: points.x + points.text.length,
    cx: crit.x,
    nx: name.x,
    nameEnd: Math.min(points.x, crit.x),
    pointsRight: crit.x < points.x,
    text: l.text.trim(),
  };
}

const POINTS = /^(\d{1,3}(?:\.\d{1,2})?)\s*分?$/;
/** A note in the name's cell, or its wrapped tail (（注：须现场演示… / 时间不超过15分钟）). */
const NOTE = /^[（(]\s*(?:注|备注|说明)|^[^（(]*[）)]/;

/** A paragraph after the table (注：…, a note flush left without column gaps) ends it. */
const afterTable = (t: string) =>
  /^\s{0,2}(?:注|说明|备注)\s*[：:]/.test(t) ||
  (/^\s{0,2}\S/.test(t) && t.trim().length >= 25 && !/\S {2,}\S/.test(t.trim()));

export const readAlignedPoints: Reader = (lines, isNoise, lot) => {
  // (TAB cells carry no columns by position.)
  if (lines.some((l) => l.text.includes('\t'))) return null;
  let header: Header | null = null;
  const rows: Array<{ k: number; name: Token; points: Token; lifted: boolean }> = [];
  const body: Array<Line | null> = lines.map((l) => (isNoise(l.text) ? null : l));
  let ended = false;
  for (let k = 0; k < lines.length && !ended; k++) {
    const l = body[k];
    if (!l || !l.text.trim()) continue;
    const h = headerOf(l);
    if (h) {
      header = h;
      continue;
    }
    if (!header) continue;
    if (afterTable(l.text)) {
      ended = rows.length > 0;
      continue;
    }
    const ts = tokensOf(l);
    const at = ts.findIndex(
      (t) => POINTS.test(t.text) && t.x >= header!.px - 4 && t.x + t.text.length <= header!.pEnd + 6,
    );
    if (at < 1) continue;
    // The name: right before the points, or, with the criteria between, the word in the names' column.
    const inNames = (t: Token) => t.x >= header!.nx - 6 && t.x < header!.nameEnd - 1;
    let name = header.pointsRight ? ts.slice(0, at).find(inNames) : ts[at - 1];
    let lifted = false;
    if (!name || name.x + name.text.length > header.nameEnd - 1) continue;
    // A note under the name (需求理解与分析 / （注：须结合…）) carries the row's points: the name is above it.
    if (NOTE.test(name.text)) {
      const up = k > 0 ? body[k - 1] : null;
      const above = up ? tokensOf(up).filter((t) => t.x < header!.nameEnd - 1) : [];
      if (above.length !== 1 || above[0].x < name.x - 4) continue;
      name = above[0];
      lifted = true;
    }
    if (!nameLike(name.text) || /^\d/.test(name.text) || name.text.replace(/\s+/g, '').length < 2) continue;
    rows.push({ k, name, points: ts[at], lifted });
  }
  if (rows.length < 3) return null;
  const rowLines = new Set(rows.map((r) => r.k));
  const items: ProposedItem[] = rows.map((r, i) => {
    // The name's wrapped pieces: words on the lines right above and below, inside its columns.
    const piece = (k: number) => {
      const l = body[k];
      if (!l || rowLines.has(k) || headerOf(l)) return null;
      const inside = tokensOf(l).filter((t) => t.x < header!.nameEnd - 1);
      const own = inside.filter((t) => t.x >= r.name.x - 2 && t.x + t.text.length <= header!.nameEnd - 1);
      return own.length === 1 && inside.length <= 2 && nameLike(own[0].text) && !NOTE.test(own[0].text)
        ? own[0]
        : null;
    };
    // (A name lifted from above its note is whole: the lines around are the note's.)
    const above = !r.lifted && r.k > 0 && !rowLines.has(r.k - 2) ? piece(r.k - 1) : null;
    const below = !r.lifted && r.k + 1 < lines.length && !rowLines.has(r.k + 2) ? piece(r.k + 1) : null;
    const name = [above, r.name, below].filter((t): t is Token => !!t);
    const from = i > 0 ? rows[i - 1].k + 1 : r.k;
    const to = i + 1 < rows.length ? rows[i + 1].k - 1 : r.k + 1;
    // (The criteria's column: right of the points, or between the names and the points.)
    const [a, b] = header!.pointsRight
      ? [header!.nameEnd - 2, r.points.x]
      : [r.points.x + r.points.text.length, Infinity];
    const criteria = lines
      .slice(from, to + 1)
      .map((l) => l.text.slice(Math.min(l.text.length, a), b).trim())
      .join('');
    return {
      name: name.map((t) => t.text.replace(/\s+/g, ' ')).join(''),
      points: Number(POINTS.exec(r.points.text)![1]),
      criteria,
      category: null,
      group: null,
      lot,
      // (From the name's line, which a name lifted above its note stands on.)
      span: { start: Math.min(name[0].start, lines[r.k].start), end: lines[r.k].end },
      nameSpan: {
        start: name[0].start,
        end: name[name.length - 1].start + name[name.length - 1].text.length,
      },
      pointsSpan: { start: r.points.start, end: r.points.start + POINTS.exec(r.points.text)![1].length },
      serial: null,
    };
  });
  return { reader: 'aligned-points', lot, items, subtotals: [], uncategorised: true };
};
