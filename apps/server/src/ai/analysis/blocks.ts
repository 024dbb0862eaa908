import { parseEnumerator, type EnumStyle } from '../tender-text.ts';
import { furnitureOf } from './furniture.ts';
import { isChapterHeading, linesOf, type Line } from './lines.ts';

/**
 * The tender as blocks a reader of requirements, qualifications, ★ clauses and 包 works on:
 * headings, list items, prose paragraphs and table rows, each whole (lines a PDF wrapped joined
 * again, across page breaks too) and without page furniture, each with the offsets of its passage.
 */

export type BlockKind = 'chapter' | 'heading' | 'item' | 'prose' | 'row';

export interface Block {
  kind: BlockKind;
  /** The block's text: wrapped lines joined; a row's cells separated by tabs. */
  text: string;
  /** A row's cells (continuation lines of a wrapped row are appended as further cells). */
  cells: string[];
  /** A row that took continuation lines (a PDF's wrapped cells): its cells no longer align. */
  wrapped: boolean;
  /** The enumerator's style of a heading or item (null: none). */
  style: EnumStyle | null;
  start: number;
  end: number;
}

export interface Reading {
  text: string;
  lines: Line[];
  blocks: Block[];
}

const CLOSED = /[。；;！!？?]$/;
const OPEN_ITEM = /^[★▲●◆■□※]/;
const isRow = (t: string) => t.includes('\t') || /^\|.*\|$/.test(t);
/** A table's caption (表 3-2 …, 附表1 …): it names the table, it is no part of a row. */
export const CAPTION = /^(附?表\s*[\d一二三四五六七八九十]+(?:[-－.．]\d+)*|表[：:])/;

function cellsOf(t: string): string[] {
  if (/^\|.*\|$/.test(t))
    return t
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  return t.split('\t').map((c) => c.trim());
}

/** A pipe table's rule row (| --- | --- |). */
const isRule = (t: string) => /^\|?[\s|:：\-—–]+\|?$/.test(t) && t.includes('-');

/** The first cell of a totals row. */
export const TOTAL = /^(合计|总计|小计|共计|累计|总价)/;

/** A sequence number cell (1, 2.3, 10). */
export const SEQ = /^\d{1,3}(?:[.．]\d{1,3})*[.．]?$/;

/**
 * The width a PDF wrapped its lines at, or null when the text is not wrapped (pasted text, Word):
 * many lines of nearly the longest length that end in the middle of a sentence.
 */
function wrapWidth(lines: Line[], skip: Set<number>): number | null {
  const lens = lines
    .filter((l, i) => !skip.has(i) && l.text.trim() && !isRow(l.text))
    .map((l) => l.text.trim().length)
    .sort((a, b) => a - b);
  if (lens.length < 20) return null;
  const width = lens[Math.floor(lens.length * 0.9)];
  if (width < 20) return null;
  const open = lines.filter((l, i) => {
    const t = l.text.trim();
    return !skip.has(i) && !isRow(t) && t.length >= width * 0.85 && t.length <= width + 4 && !CLOSED.test(t);
  }).length;
  return open >= 5 && open >= lens.length * 0.08 ? width : null;
}

/** A short line that names a part (一、服务要求 / 采购包1：… / 商务要求) rather than stating something. */
function headingLike(t: string, e: ReturnType<typeof parseEnumerator>): boolean {
  // What brackets hold (（2台，每台配置相同）) is a note on the heading, not a sentence.
  const bare = t.replace(/[（(][^）)]*[）)]/g, '');
  if (t.length > 60 || bare.length > 40 || /[，,。；;]/.test(bare) || /[：:]$/.test(t)) return false;
  const rest = e && e.style !== 'chapter' ? e.rest : t;
  if (/[：:]/.test(rest)) {
    // 四、包1技术参数：1.5T超导磁共振成像系统（1台） names a part; 4. 售价：0 元 states a value.
    return /(包|标段|标包)\s*[\d一二三四五六七八九十]/.test(rest.split(/[：:]/)[0]);
  }
  return rest.length <= 30 && !/^[★▲]/.test(rest);
}

export function readBlocks(input: string): Reading {
  const text = input.replace(/\r\n?/g, '\n');
  const lines = linesOf(text);
  const furniture = furnitureOf(lines);
  const width = wrapWidth(lines, furniture);
  const blocks: Block[] = [];
  let cur: Block | null = null;
  let lastLen = 0;
  // Between two lines of one block there may be a page break (furniture and blank lines), never a
  // blank line of the body itself.
  let gap: 'none' | 'page' | 'blank' = 'none';
  let tableSeq = false;
  const push = () => {
    if (cur) blocks.push(cur);
    cur = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const t = l.text.trim();
    if (furniture.has(i)) {
      if (gap === 'none' || gap === 'blank') gap = gap === 'blank' && !cur ? 'blank' : 'page';
      continue;
    }
    if (!t) {
      // A blank line next to furniture is the page break; elsewhere it ends the block.
      const nearFurniture = furniture.has(i - 1) || furniture.has(i + 1);
      if (!nearFurniture && gap !== 'page') {
        push();
        gap = 'blank';
      }
      continue;
    }
    if (isRule(t)) continue;
    const e = parseEnumerator(t);
    const row = isRow(t) || (tableSeq && blocks.length > 0 && cur?.kind === 'row' && SEQ.test(t));
    const startsItem = Boolean(e) || OPEN_ITEM.test(t);
    const c = cur;
    // A PDF wraps long lines: the next line continues the block unless it starts something new.
    if (c && width && gap !== 'blank') {
      if (c.kind === 'row') {
        // (A mark before the sequence number, ★1 / ▲2, still opens a row.)
        const first = (cellsOf(t)[0] ?? '').replace(/^[★▲]\s*/, '');
        // A sequence number alone on its line opens the next row (its cells wrapped below it).
        const newRow = row ? !tableSeq || SEQ.test(first) || TOTAL.test(first) : tableSeq && SEQ.test(t);
        const fragment = t.length < width * 0.75 && !CLOSED.test(t) && !CAPTION.test(t);
        if (!newRow && fragment && !(startsItem && !row) && !isChapterHeading(t)) {
          const more = cellsOf(t).filter(Boolean);
          // A cell's text wrapped onto the next line continues it (Han characters take no space).
          const last = c.cells.length - 1;
          if (last >= 0 && /\p{Script=Han}$/u.test(c.cells[last]) && /^\p{Script=Han}/u.test(more[0]))
            c.cells[last] += more.shift();
          c.cells.push(...more);
          c.text = c.cells.join('\t');
          c.wrapped = true;
          c.end = l.end;
          gap = 'none';
          lastLen = t.length;
          continue;
        }
      } else if ((c.kind === 'item' || c.kind === 'prose') && !row && !startsItem && !isChapterHeading(t)) {
        const full = lastLen >= width * 0.8;
        if (full && (!CLOSED.test(c.text) || lastLen >= width * 0.95)) {
          c.text += t;
          c.end = l.end;
          gap = 'none';
          lastLen = t.length;
          continue;
        }
      }
    }
    push();
    gap = 'none';
    lastLen = t.length;
    const start = l.start + (l.text.length - l.text.trimStart().length);
    if (row) {
      const cells = cellsOf(t);
      const prev = blocks[blocks.length - 1];
      // A table with a sequence column: in a PDF its rows start at the sequence cell.
      if (!prev || prev.kind !== 'row') tableSeq = /^(序号|编号|条款号)$/.test(cells[0] ?? '');
      cur = { kind: 'row', text: t, cells, wrapped: false, style: null, start, end: l.end };
      continue;
    }
    const kind: BlockKind = isChapterHeading(t)
      ? 'chapter'
      : headingLike(t, e)
        ? 'heading'
        : startsItem
          ? 'item'
          : 'prose';
    cur = { kind, text: t, cells: [], wrapped: false, style: e?.style ?? null, start, end: l.end };
    if (kind === 'chapter' || kind === 'heading') push();
  }
  push();
  return { text, lines, blocks };
}

/** The text of a block without its enumerator. */
export function bodyOf(b: Pick<Block, 'text' | 'style'>): string {
  if (!b.style || b.style === 'chapter') return b.text.trim();
  const e = parseEnumerator(b.text);
  return (e ? e.rest : b.text).trim();
}

/** Order of enumerator styles from the outermost part to the innermost item. */
const DEPTH: Record<EnumStyle, number> = {
  chapter: 0,
  cn: 1,
  'paren-cn': 2,
  dotted: 3,
  num: 3,
  'paren-num': 4,
  circled: 5,
  letter: 5,
};

export function depthOf(style: EnumStyle | null): number {
  return style ? DEPTH[style] : 6;
}

/** The ★ (substantive) or ▲ (important) mark a text starts with, if it is one of them. */
export function starMark(s: string | undefined): '★' | '▲' | null {
  return s === '★' || s === '▲' ? s : null;
}
