import type { Gray } from './raster.ts';

/**
 * Ruled tables on a page image: the horizontal and vertical rules are found, and each cell is a
 * region the rules enclose (so a cell merged across rows or columns is one cell, as in Word). A
 * cell's row is the rule its top lies on. Rules are long runs of ink: a horizontal rule spans at
 * least a fifth of the page; a vertical one crosses nearly the whole height between two rules.
 */
export interface TableCell {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  row: number;
}

export interface Table {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cells: TableCell[];
}

interface Rule {
  y: number;
  x0: number;
  x1: number;
}

// Rules are thin (one pixel at 150 dpi) and come out grey after JPEG and deskewing; being long, a
// light threshold still tells them from text.
const INK = 230;
/** Gaps in a rule (JPEG, noise, a rule drawn slightly aslant) up to this many pixels are bridged. */
const GAP = 3;

function horizontalRules(img: Gray, minLen: number): Rule[] {
  const { width: W, height: H, data } = img;
  const runs: Array<Rule & { y0: number; y1: number }> = [];
  for (let y = 0; y < H; y++) {
    let start = -1;
    let last = -1;
    const row = y * W;
    const up = y > 0 ? row - W : row;
    const down = y < H - 1 ? row + W : row;
    for (let x = 0; x <= W; x++) {
      // The darkest of three rows: a rule left a hair aslant by deskewing still reads as one run.
      const dark = x < W && Math.min(data[row + x], data[up + x], data[down + x]) < INK;
      if (dark) {
        if (start < 0) start = x;
        last = x;
      } else if (start >= 0 && (x === W || x - last > GAP)) {
        if (last - start + 1 >= minLen) {
          // A rule a few pixels thick is one rule: join a run overlapping one on the row above.
          const prev = runs.find((r) => r.y1 >= y - 2 && r.x0 < last && start < r.x1);
          if (prev) {
            prev.y1 = y;
            prev.x0 = Math.min(prev.x0, start);
            prev.x1 = Math.max(prev.x1, last);
          } else runs.push({ y: y, y0: y, y1: y, x0: start, x1: last });
        }
        start = -1;
      }
    }
  }
  return runs.map((r) => ({ y: Math.round((r.y0 + r.y1) / 2), x0: r.x0, x1: r.x1 }));
}

/**
 * Per column of [x0, x1], the running count of ink pixels down the rows (a pixel either side
 * counts), so that "is column x ink over nearly all of [ya, yb]" costs two lookups.
 */
function columnInk(img: Gray, x0: number, x1: number, y0: number, y1: number) {
  const W = x1 - x0 + 1;
  const H = y1 - y0 + 1;
  const sums = new Int32Array(W * (H + 1));
  for (let y = 0; y < H; y++) {
    const row = (y + y0) * img.width;
    for (let x = 0; x < W; x++) {
      const i = row + x + x0;
      const ink =
        img.data[i] < INK ||
        (x + x0 > 0 && img.data[i - 1] < INK) ||
        (x + x0 < img.width - 1 && img.data[i + 1] < INK);
      sums[(y + 1) * W + x] = sums[y * W + x] + (ink ? 1 : 0);
    }
  }
  return (x: number, ya: number, yb: number): boolean => {
    const from = ya + 3 - y0;
    const to = yb - 3 - y0;
    if (to - from < 4) return false;
    const dark = sums[(to + 1) * W + (x - x0)] - sums[from * W + (x - x0)];
    return dark >= (to - from + 1) * 0.9;
  };
}

export function findTables(img: Gray): Table[] {
  const rules = horizontalRules(img, Math.round(img.width * 0.2)).sort((a, b) => a.y - b.y);
  // Rules that overlap across and follow one another closely form a table.
  const groups: Rule[][] = [];
  for (const r of rules) {
    const g = groups[groups.length - 1];
    const prev = g?.[g.length - 1];
    const overlap = prev ? Math.min(prev.x1, r.x1) - Math.max(prev.x0, r.x0) : 0;
    if (prev && overlap > 0.5 * Math.min(prev.x1 - prev.x0, r.x1 - r.x0) && r.y - prev.y < img.height * 0.3)
      g.push(r);
    else groups.push([r]);
  }
  return groups.filter((g) => g.length >= 3).map((g) => tableOf(img, g));
}

function tableOf(img: Gray, rules: Rule[]): Table {
  const x0 = Math.min(...rules.map((r) => r.x0));
  const x1 = Math.max(...rules.map((r) => r.x1));
  const y0 = rules[0].y;
  const y1 = rules[rules.length - 1].y;
  const W = x1 - x0 + 1;
  const H = y1 - y0 + 1;
  // Walls: the rules, and the vertical rules found between each two consecutive rule heights.
  const wall = new Uint8Array(W * H);
  const mark = (ax: number, ay: number, bx: number, by: number) => {
    for (let y = Math.max(0, ay - y0); y <= Math.min(H - 1, by - y0); y++)
      for (let x = Math.max(0, ax - x0); x <= Math.min(W - 1, bx - x0); x++) wall[y * W + x] = 1;
  };
  for (const r of rules) mark(r.x0, r.y - 2, r.x1, r.y + 2);
  const ys = [...new Set(rules.map((r) => r.y))];
  const inkDown = columnInk(img, x0, x1, y0, y1);
  for (let k = 0; k + 1 < ys.length; k++)
    for (let x = x0; x <= x1; x++) if (inkDown(x, ys[k], ys[k + 1])) mark(x - 2, ys[k], x + 2, ys[k + 1]);
  // Cells: regions of the table's box enclosed by walls.
  const seen = new Uint8Array(W * H);
  const stack = new Int32Array(W * H);
  const cells: TableCell[] = [];
  const minSide = 6;
  for (let i = 0; i < W * H; i++) {
    if (wall[i] || seen[i]) continue;
    let top = 0;
    stack[top++] = i;
    seen[i] = 1;
    let cx0 = W;
    let cy0 = H;
    let cx1 = 0;
    let cy1 = 0;
    while (top) {
      const p = stack[--top];
      const px = p % W;
      const py = (p - px) / W;
      if (px < cx0) cx0 = px;
      if (px > cx1) cx1 = px;
      if (py < cy0) cy0 = py;
      if (py > cy1) cy1 = py;
      if (px > 0 && !wall[p - 1] && !seen[p - 1]) {
        seen[p - 1] = 1;
        stack[top++] = p - 1;
      }
      if (px < W - 1 && !wall[p + 1] && !seen[p + 1]) {
        seen[p + 1] = 1;
        stack[top++] = p + 1;
      }
      if (py > 0 && !wall[p - W] && !seen[p - W]) {
        seen[p - W] = 1;
        stack[top++] = p - W;
      }
      if (py < H - 1 && !wall[p + W] && !seen[p + W]) {
        seen[p + W] = 1;
        stack[top++] = p + W;
      }
    }
    if (cx1 - cx0 < minSide || cy1 - cy0 < minSide) continue;
    const top0 = cy0 + y0;
    // The row is the rule just above the cell's top.
    let row = 0;
    for (let k = 0; k < ys.length; k++) if (ys[k] <= top0) row = k;
    cells.push({ x0: cx0 + x0, y0: top0, x1: cx1 + x0, y1: cy1 + y0, row });
  }
  return { x0, y0, x1, y1, cells };
}
