import type { TableCell } from './ocr/table.ts';

/**
 * Cells of ruled tables from a page's rules themselves (no bitmap): the heights of the horizontal
 * rules and the places of the vertical ones cut a table into a grid, and two neighbouring squares
 * of the grid are one cell when no rule runs between them (a merged cell). A page's rules are a few
 * hundred numbers, so this costs next to nothing beside reading the page.
 */

/** A straight rule on the page, in points, y growing downwards from the page's top. */
export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Rules this close (points) are one: a border drawn twice, or a cell's edge beside its neighbour's. */
const NEAR = 1.5;
/** The shortest rule piece that counts (a narrow column's width; longer than a character's stroke). */
const SHORT = 8;
/** A rule covers an edge when it runs along this share of it. */
const COVER = 0.8;

interface Line {
  at: number;
  from: number;
  to: number;
}

/** Rules along one axis, pieces on one line with small gaps joined. */
function lines(rules: Segment[], horizontal: boolean): Line[] {
  const raw = rules
    .filter((r) => (horizontal ? r.y0 === r.y1 : r.x0 === r.x1))
    .map((r) => (horizontal ? { at: r.y0, from: r.x0, to: r.x1 } : { at: r.x0, from: r.y0, to: r.y1 }))
    .sort((a, b) => a.at - b.at || a.from - b.from);
  const out: Line[] = [];
  for (const r of raw) {
    const same = out.find((o) => Math.abs(o.at - r.at) <= NEAR && r.from <= o.to + 2 && o.from <= r.to + 2);
    if (same) {
      same.from = Math.min(same.from, r.from);
      same.to = Math.max(same.to, r.to);
    } else out.push({ ...r });
  }
  return out.filter((l) => l.to - l.from >= SHORT);
}

/** The distinct positions of lines, close ones taken as one. */
function positions(ls: Line[]): number[] {
  const out: number[] = [];
  for (const v of ls.map((l) => l.at).sort((a, b) => a - b))
    if (!out.length || v - out[out.length - 1] > NEAR) out.push(v);
  return out;
}

/** How much of [a, b] the lines at `at` run along. */
function covered(ls: Line[], at: number, a: number, b: number): number {
  let sum = 0;
  for (const l of ls)
    if (Math.abs(l.at - at) <= NEAR) sum += Math.max(0, Math.min(b, l.to) - Math.max(a, l.from));
  return b > a ? sum / (b - a) : 0;
}

export interface GridTable {
  cells: TableCell[];
}

/**
 * The ruled tables of a page: runs of long horizontal rules (a fifth of the page's width at least)
 * that overlap and follow each other closely, each cut into cells.
 */
export function gridTables(rules: Segment[], pageWidth: number, pageHeight: number): GridTable[] {
  const hs = lines(rules, true);
  const vs = lines(rules, false);
  const long = hs.filter((l) => l.to - l.from >= pageWidth * 0.2).sort((a, b) => a.at - b.at);
  const groups: Line[][] = [];
  for (const r of long) {
    const g = groups[groups.length - 1];
    const prev = g?.[g.length - 1];
    const overlap = prev ? Math.min(prev.to, r.to) - Math.max(prev.from, r.from) : 0;
    if (
      prev &&
      overlap > 0.5 * Math.min(prev.to - prev.from, r.to - r.from) &&
      r.at - prev.at < pageHeight * 0.3
    )
      g.push(r);
    else groups.push([r]);
  }
  const out: GridTable[] = [];
  for (const g of groups) {
    if (g.length < 3) continue;
    const top = g[0].at;
    const bottom = g[g.length - 1].at;
    const left = Math.min(...g.map((l) => l.from));
    const right = Math.max(...g.map((l) => l.to));
    const inH = hs.filter(
      (l) => l.at >= top - NEAR && l.at <= bottom + NEAR && l.from >= left - 3 && l.to <= right + 3,
    );
    const inV = vs.filter((l) => l.at >= left - 3 && l.at <= right + 3 && l.to > top && l.from < bottom);
    const ys = positions(inH);
    const xs = positions(inV);
    if (!xs.length || xs[0] - left > NEAR) xs.unshift(left);
    if (right - xs[xs.length - 1] > NEAR) xs.push(right);
    const R = ys.length - 1;
    const C = xs.length - 1;
    if (R < 1 || C < 1) continue;
    // Union-find over the grid's squares.
    const parent = Array.from({ length: R * C }, (_, k) => k);
    const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k])));
    const join = (a: number, b: number) => {
      parent[find(a)] = find(b);
    };
    for (let i = 0; i < R; i++)
      for (let j = 0; j < C; j++) {
        if (j + 1 < C && covered(inV, xs[j + 1], ys[i], ys[i + 1]) < COVER) join(i * C + j, i * C + j + 1);
        if (i + 1 < R && covered(inH, ys[i + 1], xs[j], xs[j + 1]) < COVER) join(i * C + j, (i + 1) * C + j);
      }
    const boxes = new Map<number, TableCell>();
    for (let i = 0; i < R; i++)
      for (let j = 0; j < C; j++) {
        const k = find(i * C + j);
        const b = boxes.get(k);
        if (!b) boxes.set(k, { x0: xs[j], y0: ys[i], x1: xs[j + 1], y1: ys[i + 1], row: i });
        else {
          b.x0 = Math.min(b.x0, xs[j]);
          b.x1 = Math.max(b.x1, xs[j + 1]);
          b.y0 = Math.min(b.y0, ys[i]);
          b.y1 = Math.max(b.y1, ys[i + 1]);
          b.row = Math.min(b.row, i);
        }
      }
    out.push({ cells: [...boxes.values()] });
  }
  return out;
}
