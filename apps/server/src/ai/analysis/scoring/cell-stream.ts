import type { Line } from '../lines.ts';
import {
  catCell,
  classify,
  nameCellKind,
  nameLike,
  pointsInName,
  splitLine,
  type Cell,
  type CellOptions,
} from './cells.ts';

/**
 * The cell stream of a scoring part: each line split into its cells (cells.ts says how), classified,
 * and cells a narrow column wrapped joined again. Readers rebuild rows from it.
 */

const TRANSLATION = /^[A-Za-z][A-Za-z\s.,'’&()/-]{2,}$/;

/** The cells of `lines` (page furniture dropped). */
export function cellsOf(lines: Line[], isNoise: (t: string) => boolean, opts: CellOptions = {}): Cell[] {
  const out: Cell[] = [];
  let prevSpaceRow = false;
  let prevHead = false;
  lines.forEach((l, li) => {
    if (isNoise(l.text)) return;
    const { cells, spaceRow, head } = splitLine(l.text, prevSpaceRow, opts, prevHead);
    prevHead = !!head;
    prevSpaceRow = spaceRow || (prevSpaceRow && cells.length > 0 && !/^\d/.test(l.text.trim()));
    // (A line of English under a Chinese cell is its translation, in a bilingual tender: Price,
    // Compliance with / Technical Specifications.)
    const kept = cells.filter((c) => !isNoise(c.text) && !TRANSLATION.test(c.text));
    kept.forEach((c, i) => {
      // A row's first cell written 1-1, 2-3 (part-item codes) is a serial, not a points range;
      // a range stands alone only on a line of its own (one cell per line).
      const code = i === 0 && kept.length >= 2 ? /^([1-9])\s?[-‐－]\s?(\d{1,2})$/.exec(c.text) : null;
      const k = c.nameTail
        ? { kind: 'text' as const, value: null }
        : code
          ? { kind: 'code' as const, value: Number(code[2]) }
          : classify(c.text);
      out.push({
        text: c.text,
        start: l.start + c.offset,
        end: l.start + c.offset + c.text.length,
        line: li,
        col: i,
        lineCells: kept.length,
        x: c.offset,
        kind: k.kind,
        value: k.value,
        nameTail: c.nameTail,
        tab: c.tab,
      });
    });
  });
  const merged = joinPairs(joinPairs(out, joinWrappedName), joinWrappedLabel);
  // A category word followed by its own points on its line (价格分 | 30, 投标报价 | 30) is an item's name.
  // So is one between its row's serial and its points, a cell per line (1 / 磋商报价 / 30).
  merged.forEach((c, i) => {
    const n = merged[i + 1];
    const p = merged[i - 1];
    // (A numbered heading, （三）资信部分 between a row's points and the next serial, is a category.)
    const numbered = /^(?:[（(][一二三四五六七八九十]+[)）]|[一二三四五六七八九十]+[、.．])/.test(c.text);
    const serialBefore =
      !numbered &&
      p?.kind === 'num' &&
      p.lineCells === 1 &&
      c.lineCells === 1 &&
      n?.lineCells === 1 &&
      Number.isInteger(p.value);
    // (And one right after bracketed points that follow a serial: 1 / （40分） / 投标报价 | criteria.)
    const bracketedBefore =
      p?.kind === 'num' &&
      /^[（(]\s*\d{1,3}(?:\.\d+)?\s*分\s*[)）]$/.test(p.text) &&
      merged[i - 2]?.kind === 'num';
    // (Not when that number is the row's serial, a name and its points after it on the line:
    // 价格分 | 1 | 投标报价 | 30.)
    const [n2, n3] = [merged[i + 2], merged[i + 3]];
    const serialAfter =
      n?.kind === 'num' &&
      Number.isInteger(n.value) &&
      n2?.line === c.line &&
      nameCellKind(n2) &&
      n3?.line === c.line &&
      n3.kind === 'num';
    if (
      c.kind === 'cat' &&
      c.value == null &&
      !serialAfter &&
      ((n?.kind === 'num' && (n.line === c.line || serialBefore)) || bracketedBefore)
    )
      c.kind = 'text';
  });
  // Two category words in a row, the second before points (价格部分 / 投标报价 / 10, a column dump):
  // the first is the category, the second the item's name.
  merged.forEach((c, i) => {
    const rest = merged.slice(i + 1).find((x) => x.kind !== 'header');
    const prev = merged.slice(0, i).findLast((x) => x.kind !== 'header');
    if (
      c.kind === 'cat' &&
      c.value == null &&
      prev?.kind === 'cat' &&
      prev.value == null &&
      rest?.kind === 'num'
    )
      c.kind = 'text';
  });
  return merged;
}

/**
 * `cells` with every pair that `join` joins (a cell and the one after it) made one cell; `join` also
 * sees the cell after the pair. The wrapped names and labels below are such pairs.
 */
function joinPairs(cells: Cell[], join: (a: Cell, b: Cell, next: Cell | undefined) => Cell | null): Cell[] {
  const out: Cell[] = [];
  for (let i = 0; i < cells.length; i++) {
    const b = cells[i + 1];
    const joined = b ? join(cells[i], b, cells[i + 2]) : null;
    out.push(joined ?? cells[i]);
    if (joined) i += 1;
  }
  return out;
}

const single = (c: Cell) => c.lineCells === 1 && c.tab == null;

/**
 * A name wrapped in its narrow column, one cell per line (施工方案与技术措 / 施 / （8分）): the full
 * first piece and the short rest right before the points are one name. (A short first piece is a
 * name of its own: 人员配置 / 项目经理 / 4 is a group over an item.)
 */
function joinWrappedName(a: Cell, b: Cell, n: Cell | undefined): Cell | null {
  if (
    n &&
    single(a) &&
    single(b) &&
    b.line === a.line + 1 &&
    nameCellKind(a) &&
    b.kind === 'text' &&
    a.text.length >= 6 &&
    b.text.length <= Math.min(4, a.text.length - 2) &&
    !/[，,。；;：:、）)]$/.test(a.text) &&
    nameLike(a.text + b.text) &&
    (n.kind === 'num' || /^[（(]\s*\d{1,3}(?:\.\d+)?\s*(?:分|%|％)\s*[)）]$/.test(n.text))
  ) {
    const text = a.text + b.text;
    return { ...a, text, end: b.end, ...classify(text) };
  }
  // Its last piece may carry the points (新技术、新工艺应用及 B / IM 技术（3 分）).
  const tail = single(a) && single(b) && b.line === a.line + 1 ? pointsInName(b.text) : null;
  if (
    tail &&
    a.kind === 'text' &&
    a.text.length >= 8 &&
    a.text.length <= 16 &&
    tail.name.replace(/\s+/g, '').length <= 6 &&
    !pointsInName(a.text) &&
    nameLike(a.text + tail.name)
  ) {
    const text = a.text + b.text;
    return { ...a, text, end: b.end, ...classify(text) };
  }
  return null;
}

/** The words a table's title ends with, which a narrow cell wraps anywhere (项目管理机构评 / 分标准（10分）). */
const TITLE_WORDS = ['评分标准', '评审标准', '评分细则', '评审细则', '评分办法'];

/** A title wrapped inside its last word: the two pieces, when they are that word's head and tail. */
function wrappedTitle(a: string, b: string): boolean {
  return TITLE_WORDS.some((w) => {
    for (let k = 1; k < w.length; k++)
      if (a.endsWith(w.slice(0, k)) && b.startsWith(w.slice(k)) && a.length > k) return true;
    return false;
  });
}

/** A category label whose points wrapped onto the next line (技术部分 / （55 分）) is one cell again. */
function joinWrappedLabel(a: Cell, b: Cell): Cell | null {
  if (single(a) && single(b) && b.line === a.line + 1 && wrappedTitle(a.text, b.text)) {
    const text = `${a.text}${b.text}`;
    return { ...a, text, end: b.end, ...classify(text) };
  }
  if (/^[（(]\s*\d{1,3}(?:\.\d+)?\s*(?:分|%|％)\s*[)）]$/.test(b.text) && a.text.length <= 14) {
    const text = `${a.text}${b.text}`;
    const c = catCell(text);
    if (c && (a.kind === 'cat' || a.kind === 'text'))
      return { ...a, text, end: b.end, kind: 'cat', value: c.points };
  }
  // A label wrapped inside its parentheses (技术部分（50 / 分）, 安全管理体系与措施（5 / 分）).
  if (/^[^（(]{2,20}[（(]\s*\d{1,3}(?:\.\d+)?\s*$/.test(a.text) && /^分?\s*[)）]$/.test(b.text)) {
    const text = `${a.text}${b.text}`;
    const c = catCell(text);
    return { ...a, text, end: b.end, kind: c ? 'cat' : 'text', value: c ? c.points : null };
  }
  return null;
}
