import type { OcrLine } from './ocr/engine.ts';
import { rowBands } from './ocr/layout.ts';
import type { Table, TableCell } from './ocr/table.ts';
import { gridTables, type Segment } from './pdf-grid.ts';

export type { Segment };

/**
 * Ruled tables of a PDF page read as Word's tables read (files/parse-core htmlToText): one line per
 * row, cells separated by TABs, a cell's wrapped lines joined, a cell merged across rows in its first
 * row only. The text layer alone gives a wrapped cell's lines as lines of their own, interleaved with
 * the other cells' lines, which no reader can put back together; the rules the PDF draws say where
 * each cell is (files/pdf-grid.ts cuts a table into cells by them).
 */

export interface PdfItem {
  str?: string;
  hasEOL?: boolean;
  transform?: number[];
  width?: number;
  height?: number;
}

export interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/** pdf.js's operator codes (OPS), by name: the values come from pdf.js at run time. */
export type PathOps = Readonly<Record<string, number>>;

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

// pdf.js's path codes inside a constructPath (DrawOPS).
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

/** A filled shape this thin is a rule drawn as a bar (Chromium draws table borders so). */
const BAR = 2.5;

/**
 * The horizontal and vertical rules a page strokes or fills: stroked lines and rectangle edges,
 * and thin filled bars. Curves, slanted lines and large fills (cell shading, a page background)
 * are not rules. `view` is the page's [x0, y0, x1, y1] in PDF units.
 */
export function pageRules(ops: OperatorList, OPS: PathOps, view: number[]): Segment[] {
  const [vx0, , , vy1] = view;
  const out: Segment[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  const strokes = new Set([
    OPS.stroke,
    OPS.closeStroke,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);
  const fills = new Set([OPS.fill, OPS.eoFill]);
  const at = (x: number, y: number): [number, number] => [
    ctm[0] * x + ctm[2] * y + ctm[4] - vx0,
    vy1 - (ctm[1] * x + ctm[3] * y + ctm[5]),
  ];
  const push = (a: [number, number], b: [number, number]) => {
    const dx = Math.abs(a[0] - b[0]);
    const dy = Math.abs(a[1] - b[1]);
    if (dy < 0.5 && dx > 2)
      out.push({ x0: Math.min(a[0], b[0]), x1: Math.max(a[0], b[0]), y0: a[1], y1: a[1] });
    else if (dx < 0.5 && dy > 2)
      out.push({ x0: a[0], x1: a[0], y0: Math.min(a[1], b[1]), y1: Math.max(a[1], b[1]) });
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.constructPath) {
      const op = args[0] as number;
      const stroked = strokes.has(op);
      if (!stroked && !fills.has(op)) continue;
      const data = (args[1] as Array<ArrayLike<number> | null>)[0];
      if (!data) continue;
      // Subpaths as point lists; a subpath with a curve is not a rule.
      const paths: Array<Array<[number, number]>> = [];
      let cur: Array<[number, number]> = [];
      let curved = false;
      for (let k = 0; k < data.length;) {
        const code = data[k];
        if (code === MOVE) {
          if (cur.length && !curved) paths.push(cur);
          cur = [at(data[k + 1], data[k + 2])];
          curved = false;
          k += 3;
        } else if (code === LINE) {
          cur.push(at(data[k + 1], data[k + 2]));
          k += 3;
        } else if (code === CURVE) {
          curved = true;
          k += 7;
        } else if (code === QUAD) {
          curved = true;
          k += 5;
        } else if (code === CLOSE) {
          if (cur.length > 2) cur.push(cur[0]);
          k += 1;
        } else break;
      }
      if (cur.length && !curved) paths.push(cur);
      for (const p of paths) {
        if (stroked) {
          for (let k = 0; k + 1 < p.length; k++) push(p[k], p[k + 1]);
          continue;
        }
        // A fill: only a thin axis-aligned bar is a rule, drawn along its long side.
        const xs = p.map((q) => q[0]);
        const ys = p.map((q) => q[1]);
        const x0 = Math.min(...xs);
        const x1 = Math.max(...xs);
        const y0 = Math.min(...ys);
        const y1 = Math.max(...ys);
        if (y1 - y0 <= BAR && x1 - x0 > 2 * BAR) push([x0, (y0 + y1) / 2], [x1, (y0 + y1) / 2]);
        else if (x1 - x0 <= BAR && y1 - y0 > 2 * BAR) push([(x0 + x1) / 2, y0], [(x0 + x1) / 2, y1]);
      }
    }
  }
  return out;
}

/** Narrower than this (points), a region between rules is no cell: less than a character. */
const SLIVER = 8;

/** A text-layer piece as a recognised line is (ocr/layout's row banding reads both). */
interface Box extends OcrLine {
  /** Position in the text layer's order. */
  order: number;
}

const isAlnum = (c: string) => /[0-9A-Za-z]/.test(c);

/** The boxes of the text layer's pieces, in points from the page's top left. */
function boxesOf(items: PdfItem[], view: number[]): Box[] {
  const [vx0, , , vy1] = view;
  const boxes: Box[] = [];
  items.forEach((it, order) => {
    if (typeof it.str !== 'string' || !it.str.trim()) return;
    const x = (it.transform?.[4] ?? 0) - vx0;
    const base = vy1 - (it.transform?.[5] ?? 0);
    const h = Math.abs(it.height || it.transform?.[3] || 10);
    boxes.push({
      text: it.str,
      confidence: 1,
      x0: x,
      x1: x + (it.width ?? 0),
      y0: base - h * 0.8,
      y1: base + h * 0.2,
      order,
    });
  });
  return boxes;
}

/** One cell's text: its lines top to bottom, the pieces of a line left to right, joined. */
function cellText(boxes: Box[]): string {
  let s = '';
  for (const row of rowBands(boxes)) {
    let end: number | null = null;
    for (const b of row) {
      const t = b.text.trim();
      const h = b.y1 - b.y0;
      const last = s[s.length - 1] ?? '';
      if (s && (end === null || b.x0 - end > h * 0.25) && isAlnum(last) && isAlnum(t[0])) s += ' ';
      else if (s && end !== null && b.x0 - end > h * 1.5 && last !== ' ') s += ' ';
      s += t;
      end = b.x1;
    }
  }
  return s.replace(/\t/g, ' ');
}

/**
 * A table's rows. Rows where every cell is empty are left out; a table whose rows are mostly one
 * cell wide (a 三线表 with no column rules, a framed paragraph) is not read as a table: its columns
 * are better told by the gaps of the text layer.
 */
function tableRows(table: Table, boxes: Box[]): string[] | null {
  const byRow = new Map<number, Array<{ x: number; text: string }>>();
  const inCell = table.cells.map(() => [] as Box[]);
  for (const b of boxes) {
    const cx = (b.x0 + b.x1) / 2;
    const cy = (b.y0 + b.y1) / 2;
    const k = table.cells.findIndex((c) => cx >= c.x0 && cx <= c.x1 && cy >= c.y0 && cy <= c.y1);
    if (k >= 0) inCell[k].push(b);
  }
  table.cells.forEach((c, k) => {
    const list = byRow.get(c.row) ?? [];
    list.push({ x: c.x0, text: cellText(inCell[k]) });
    byRow.set(c.row, list);
  });
  const rows = [...byRow.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, cells]) => cells.sort((a, b) => a.x - b.x));
  const filled = rows.filter((r) => r.some((c) => c.text));
  if (filled.length < 2 || filled.filter((r) => r.length >= 2).length < filled.length / 2) return null;
  // Columns by where cells start: a row under a cell merged from above gets an empty cell in its
  // place (as Word's merged cells read), so its cells stay under their headers.
  const starts: number[] = [];
  for (const x of table.cells.map((c) => c.x0).sort((a, b) => a - b))
    if (!starts.length || x - starts[starts.length - 1] > 2) starts.push(x);
  const column = (x: number) => {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1] <= x + 2) k++;
    return k;
  };
  return filled.map((r) => {
    const out: string[] = [];
    for (const c of r) {
      const k = column(c.x);
      while (out.length < k) out.push('');
      out.push(c.text);
    }
    return out.join('\t').replace(/\t+$/, '');
  });
}

/**
 * Two tables one above the other are found as one (their rules line up); the space between them
 * is a "row" with no rule down its left side, where a real row, even one merged across the whole
 * table, has the table's border. The table is cut there and the space is left to the text.
 */
function splitAtGaps(found: TableCell[], rules: Segment[]): Table[] {
  // A sliver between two rules that nearly touch (a page header's rule just above the table's own)
  // is no cell.
  const cells = found.filter((c) => c.x1 - c.x0 >= SLIVER);
  if (!cells.length) return [];
  const left = Math.min(...cells.map((c) => c.x0));
  const rows = [...new Set(cells.map((c) => c.row))].sort((a, b) => a - b);
  const bordered = (row: number) => {
    const inRow = cells.filter((c) => c.row === row);
    const top = Math.min(...inRow.map((c) => c.y0));
    // The row's height is that of its cells at the table's left edge: a cell merged down from it
    // further right (a 评审项目 over six rows) is taller than the row, and the border beside it is
    // drawn a row at a time. (A cell at the left edge that runs down past the row — the space between
    // two tables taken in — still makes the row as tall.)
    const atLeft = inRow.filter((c) => c.x0 - left < 2);
    const bottom = Math.max(...(atLeft.length ? atLeft : inRow).map((c) => c.y1));
    const need = (bottom - top) * 0.8;
    return rules.some(
      (r) =>
        r.x0 === r.x1 && Math.abs(r.x0 - left) < 4 && Math.min(r.y1, bottom) - Math.max(r.y0, top) >= need,
    );
  };
  const out: Table[] = [];
  let part: TableCell[] = [];
  const close = () => {
    if (part.length)
      out.push({
        x0: Math.min(...part.map((c) => c.x0)),
        y0: Math.min(...part.map((c) => c.y0)),
        x1: Math.max(...part.map((c) => c.x1)),
        y1: Math.max(...part.map((c) => c.y1)),
        cells: part,
      });
    part = [];
  };
  for (const row of rows) {
    const inRow = cells.filter((c) => c.row === row);
    // A gap between this row and the part above it (a caption between two tables, its row taken
    // into a cell that spans the page's margin) parts the tables too.
    const gap = part.length && Math.min(...inRow.map((c) => c.y0)) > Math.max(...part.map((c) => c.y1)) + 1;
    if (gap) close();
    if (bordered(row)) part.push(...inRow);
    else close();
  }
  close();
  return out;
}

/**
 * The page's text with its ruled tables read cell by cell, or null when it has none (the caller
 * keeps the text layer's own reading). Text outside the tables is read by `lineText` as before, in
 * the text layer's order; each table is put where its first piece was.
 */
export function ruledPageText(
  items: PdfItem[],
  rules: Segment[],
  view: number[],
  lineText: (items: PdfItem[]) => string,
): string | null {
  const width = view[2] - view[0];
  if (rules.length < 4) return null;
  // Text set sideways (a landscape table on a turned page) has no rows this reading knows.
  const turned = items.filter((it) => it.transform && Math.abs(it.transform[1]) > Math.abs(it.transform[0]));
  if (turned.length * 2 > items.length) return null;
  const tables = gridTables(rules, width, view[3] - view[1]).flatMap((t) => splitAtGaps(t.cells, rules));
  if (!tables.length) return null;
  const boxes = boxesOf(items, view);
  const tableOf = new Map<number, number>();
  for (const b of boxes) {
    const cx = (b.x0 + b.x1) / 2;
    const cy = (b.y0 + b.y1) / 2;
    const k = tables.findIndex((t) => cx >= t.x0 && cx <= t.x1 && cy >= t.y0 && cy <= t.y1);
    if (k >= 0) tableOf.set(b.order, k);
  }
  const read = tables.map((t, k) =>
    tableRows(
      t,
      boxes.filter((b) => tableOf.get(b.order) === k),
    ),
  );
  if (read.every((r) => r === null)) return null;
  const parts: string[] = [];
  let run: PdfItem[] = [];
  const flush = () => {
    const t = lineText(run).replace(/\n+$/, '');
    if (t.trim()) parts.push(t);
    run = [];
  };
  const done = new Set<number>();
  items.forEach((it, order) => {
    const k = tableOf.get(order);
    if (k === undefined || read[k] === null) {
      run.push(it);
      return;
    }
    if (done.has(k)) return;
    done.add(k);
    flush();
    // A blank line after it, as after a Word table: what follows is not the last row's wrapped end.
    parts.push(`${read[k]!.join('\n')}\n`);
  });
  flush();
  return parts.join('\n');
}
