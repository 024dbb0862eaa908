import { chineseNumber } from './money.ts';
import { SEQ, starMark, TOTAL, type Block } from './blocks.ts';
import { LOT_HEAD_WORD, LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';

/**
 * Tables of a tender read by their header: which row is the header (and its repeats after a page
 * break), which rows are totals or group labels, which cells a vertically merged column left out
 * (filled from the row above), which column names the 包 a row applies to, and which cell carries
 * the ★/▲ mark. Requirements, ★ clauses and 包 are read from these rows.
 */

export type GridRowKind = 'header' | 'total' | 'group' | 'row';

export interface GridRow {
  kind: GridRowKind;
  /** Cells aligned to the header when the table has one (merged cells filled from the row above). */
  cells: string[];
  header: string[] | null;
  /** Index of the sequence column in `cells` (null: none). */
  seqAt: number | null;
  /** Index of the column naming the 包 / 标段 a row applies to (null: none). */
  lotAt: number | null;
  /** The 包 the row's 包 cell names (empty: none named). */
  lots: number[];
  mark: '★' | '▲' | null;
  /** Index of the marked cell in `cells` (-1: none). */
  markAt: number;
}

const HEADER_WORD =
  /序号|编号|条款|名称|项目|内容|要求|参数|指标|数量|单位|规格|型号|配置|类别|类型|等级|岗位|人数|标准|说明|备注|范围|片区|时间|频次|地点|分值|包|标段|金额|价格|预算|限价|期限|方式|资格|因素|依据|设备|货物|产品|条目|标记/;
const LOT_HEAD = LOT_HEAD_WORD;
const NOT_LOT_HEAD = /包装|包括|包含|打包|包干/;

/** A cell of a header row: a short label, no sentence, no figure outside brackets, no mark. */
function labelCell(c: string): boolean {
  return (
    c.length <= 20 &&
    !/[。；;，,：:]/.test(c) &&
    !/^[★▲]/.test(c) &&
    !/\d/.test(c.replace(/[（(][^）)]*[）)]?/g, ''))
  );
}

export function isHeaderRow(cells: string[]): boolean {
  const filled = cells.filter(Boolean);
  return filled.length >= 2 && filled.every(labelCell) && filled.some((c) => HEADER_WORD.test(c));
}

const LOT_REF = new RegExp(
  `${LOT_WORD_BEFORE_NO}\\s*([\\d一二三四五六七八九十]{1,3})|第\\s*([\\d一二三四五六七八九十]{1,3})\\s*${LOT_WORD_AFTER_NO}`,
  'g',
);

/** The 包 numbers a text names (包1、包2 → [1, 2]). */
export function lotsNamed(s: string): number[] {
  const out: number[] = [];
  for (const m of s.matchAll(LOT_REF)) {
    const raw = m[1] ?? m[2];
    const n = /^\d+$/.test(raw) ? Number(raw) : chineseNumber(raw);
    if (n != null && n >= 1 && n <= 999 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** A merged cell's value for the rows it spans; a mark belongs to its own row only. */
const inherit = (c: string | undefined) => (!c || /^[★▲]$/.test(c.trim()) ? '' : c);

const norm = (cells: string[]) => cells.map((c) => c.replace(/\s+/g, '')).join('|');

/** Reads every table (a run of row blocks); the answer maps a row block's index to its row. */
export function readGrid(blocks: Block[]): Map<number, GridRow> {
  const out = new Map<number, GridRow>();
  let i = 0;
  while (i < blocks.length) {
    if (blocks[i].kind !== 'row') {
      i++;
      continue;
    }
    let j = i;
    while (j < blocks.length && blocks[j].kind === 'row') j++;
    readTable(blocks, i, j, out);
    i = j;
  }
  return out;
}

function readTable(blocks: Block[], from: number, to: number, out: Map<number, GridRow>): void {
  const first = blocks[from].cells;
  const header = isHeaderRow(first) ? first : null;
  // A header a PDF wrapped over several lines names its columns, but its cells no longer align.
  const columns = header && !blocks[from].wrapped ? header : null;
  const seqHead = header ? header.findIndex((h) => /^(序号|编号|条款号)$/.test(h)) : -1;
  const lotHead = header ? header.findIndex((h) => LOT_HEAD.test(h) && !NOT_LOT_HEAD.test(h)) : -1;
  let prev: string[] = [];
  for (let k = from; k < to; k++) {
    const b = blocks[k];
    const raw = b.cells;
    if (header && (k === from || norm(raw) === norm(header))) {
      out.set(k, row('header', raw, header, null, null));
      continue;
    }
    let cells = raw;
    const total = TOTAL.test(raw.find((c, x) => c && !(x === 0 && SEQ.test(c))) ?? '');
    if (columns && !b.wrapped && !total) {
      const header = columns;
      if (raw.length === header.length) {
        // Pasted text keeps a merged cell as an empty one.
        cells = raw.map((c, x) => c || (x !== seqHead ? inherit(prev[x]) : ''));
      } else if (raw.length < header.length && prev.length === header.length) {
        // Word text drops a merged cell: the cells it keeps are the sequence cell and the last ones.
        const missing = header.length - raw.length;
        cells =
          seqHead === 0 && SEQ.test(raw[0] ?? '')
            ? [raw[0], ...prev.slice(1, 1 + missing).map(inherit), ...raw.slice(1)]
            : [...prev.slice(0, missing).map(inherit), ...raw];
      }
    }
    const seqAt = seqHead >= 0 ? seqHead : SEQ.test(cells[0] ?? '') ? 0 : null;
    const lotAt = lotHead >= 0 && cells.length === columns?.length ? lotHead : null;
    const content = cells.filter((c, x) => c && x !== seqAt);
    const kind: GridRowKind = total
      ? 'total'
      : content.length <= 1 && cells.filter(Boolean).length <= 1
        ? 'group'
        : 'row';
    out.set(k, row(kind, cells, header, seqAt, lotAt));
    if (kind === 'row') prev = cells;
  }
}

function row(
  kind: GridRowKind,
  cells: string[],
  header: string[] | null,
  seqAt: number | null,
  lotAt: number | null,
): GridRow {
  let mark: '★' | '▲' | null = null;
  let markAt = -1;
  if (kind === 'row')
    for (let x = 0; x < cells.length; x++) {
      // (A PDF sets a list's mark after its number, apart from the text: 1.★ | 人造板材…)
      const numbered = /^\d{1,3}[.、．]?\s*([★▲])$/.exec(cells[x].trim());
      if (x === seqAt && !numbered) continue;
      const found = starMark(numbered ? numbered[1] : cells[x].trim()[0]);
      if (found) {
        mark = found;
        markAt = x;
        break;
      }
    }
  return {
    kind,
    cells,
    header,
    seqAt,
    lotAt,
    lots: lotAt != null ? lotsNamed(cells[lotAt] ?? '') : [],
    mark,
    markAt,
  };
}

/** A short label cell before the marked one (交货期, 总体要求), used to name what a clause is about. */
export function labelBefore(r: GridRow, at: number): string | null {
  for (let x = at - 1; x >= 0; x--) {
    if (x === r.seqAt || x === r.lotAt) continue;
    const c = r.cells[x].trim();
    return c && c.length <= 16 && !/[。；;，,]/.test(c) ? c : null;
  }
  return null;
}

/**
 * A row as one statement: "类别：要求" for two content columns, "名称：列 值；列 值" for more when
 * the header names them, else the cells in order. Sequence and 包 cells are left out, so is the mark.
 */
export function rowStatement(r: GridRow, wrapped: boolean): string {
  const idx = r.cells
    .map((_, x) => x)
    .filter((x) => x !== r.seqAt && x !== r.lotAt && r.cells[x].replace(/^[★▲]\s*/, '').trim());
  const val = (x: number) => r.cells[x].replace(/^[★▲]\s*/, '').trim();
  if (!idx.length) return '';
  if (wrapped || idx.length === 1) return idx.map(val).join(' ');
  const [head, ...rest] = idx;
  if (rest.length === 1) return `${val(head)}：${val(rest[0])}`;
  if (!r.header || r.cells.length !== r.header.length) return idx.map(val).join(' ');
  return `${val(head)}：${rest.map((x) => `${r.header![x]} ${val(x)}`).join('；')}`;
}

/** The 包 of a table row: its 包 cell when it names exactly one, else the part's. */
export function rowLot(g: GridRow, scoped: number | null): number | null {
  if (g.lotAt != null) return g.lots.length === 1 ? g.lots[0] : null;
  return scoped;
}
