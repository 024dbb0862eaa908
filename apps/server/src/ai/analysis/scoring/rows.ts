import { catCell, nameCellKind, nameLike, notNamePiece, pointsInName, type Cell } from './cells.ts';
import { pointsInCriteria } from './criteria-points.ts';
import { categoryOfLabel } from './category.ts';
import { applyCategories, type CatMark } from './categories.ts';
import { trailingColumn, type Order } from './row-header.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * Rows rebuilt from the cell stream, anchored on what starts a row: the serial numbers of the 序号
 * column running 1, 2, 3 … (restarting per table), or, in tables without one, a factor name followed
 * by its points. Between two anchors lie the row's cells: name (wrapped over several cells), points,
 * criteria — in the order the header gives, or in each order when it gives none (the judge picks).
 */

/** Cells a row may carry that say nothing about the item (主观/客观 columns). */
const SKIP = /^(主观|客观|主观分|客观分|主观评分|客观评分|定性|定量|—|-|\/)$/;

const isInt = (c: Cell) =>
  (c.kind === 'num' || c.kind === 'code') &&
  c.value != null &&
  Number.isInteger(c.value) &&
  c.value >= 1 &&
  c.value <= 99;

function atLineStart(cells: Cell[], i: number): boolean {
  const c = cells[i];
  if (c.col === 0) return true;
  // After a category cell on the same line (价格分（30分） | 1 | 投标报价 …).
  const prev = cells[i - 1];
  // (The category may have wrapped: 商务部分 / （28分）10, its cell ending right before the serial.)
  return c.col === 1 && prev?.kind === 'cat' && (prev.line === c.line || c.start - prev.end <= 2);
}

/** A category-like cell without points right after a serial is the row's name (投标报价, 价格分). */
const asName = (c: Cell | undefined) => Boolean(c) && c!.kind === 'cat' && c!.value == null;

function plausibleStart(cells: Cell[], i: number, order: Order): boolean {
  let j = i + 1;
  while (j < cells.length && ((cells[j].kind === 'cat' && !asName(cells[j])) || SKIP.test(cells[j].text)))
    j += 1;
  if (asName(cells[j])) return true;
  const a = cells[j];
  if (!a) return false;
  if (order === 'pn') {
    const b = cells[j + 1];
    return a.kind === 'num' && Boolean(b) && b.kind === 'text' && nameLike(b.text);
  }
  // (A long line after it is criteria: the number was the row's points, 6 ⇥ 主观 / 与学校统一…的.)
  return a.kind === 'text' && ((nameLike(a.text) && a.text.length <= 24) || Boolean(pointsInName(a.text)));
}

/** Anchors: serial cells running k, k+1, … (a chain per table; a new chain starts at 1). */
export function serialChains(cells: Cell[], order: Order): number[][] {
  const chains: number[][] = [];
  let cur: number[] | null = null;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (!isInt(c) || !atLineStart(cells, i)) continue;
    const v = c.value!;
    const last = cur ? cells[cur[cur.length - 1]].value! : null;
    if (!plausibleStart(cells, i, order)) continue;
    // A lone number right after a name is that row's points when the same number starts a row
    // just below (安全策略配置及调优方案 / 6 / 结合… / 6 ⇥ 培训方案 ⇥ 3).
    const before = cells[i - 1];
    const startsBelow = (value: number) =>
      cells
        .slice(i + 1, i + 16)
        .some(
          (d, k) => d.value === value && d.col === 0 && isInt(d) && plausibleStart(cells, i + 1 + k, order),
        );
    if (before?.kind === 'text' && nameLike(before.text) && before.text.length <= 16 && startsBelow(v))
      continue;
    const prev = cur ? cells[cur[cur.length - 1]] : null;
    // Codes run per category (T1…T8, S1…S3, P1): one table, one chain.
    const nextLetter = c.kind === 'code' && prev?.kind === 'code' && v === 1 && prev.text[0] !== c.text[0];
    // (A skipped number is allowed only when no row with it follows.)
    const skips = cur != null && last != null && v === last + 2 && cur.length >= 2 && !startsBelow(last + 1);
    if (cur && last != null && (v === last + 1 || skips || nextLetter)) {
      cur.push(i);
      continue;
    }
    if (v === 1 || !cur || cur.length < 2) {
      if (cur && cur.length >= 2) chains.push(cur);
      cur = [i];
    }
  }
  if (cur && cur.length >= 2) chains.push(cur);
  return chains;
}

/** Where a table's last row ends: a total row, a new header, a heading that is not a category, a long run of prose. */
export function rowEnd(cells: Cell[], from: number, limit: number): number {
  let chars = 0;
  for (let k = from; k < limit; k++) {
    const c = cells[k];
    if (c.kind === 'total' || c.kind === 'header') return k;
    if (
      c.kind === 'text' &&
      /^(第[一二三四五六七八九十\d]+[章节部分]|[一二三四五六七八九十]+、|[（(][一二三四五六七八九十]+[)）]|注[：:])/.test(
        c.text,
      ) &&
      k > from
    )
      return k;
    chars += c.text.length;
    if (chars > 1500) return k;
  }
  return limit;
}

interface Row {
  serial: number | null;
  cells: Cell[];
  anchor: Cell;
  /** The table's last row: what follows it may be the next section, not a wrapped name. */
  last?: boolean;
}

export interface Ctx {
  order: Order;
  lot: number | null;
  /** The header names a column after the criteria (证明材料, 备注): a row's last short cell is its. */
  trailing?: boolean;
}

const SUB_MARK =
  /^\s*(?:[a-zA-Z][)）.、]|[（(](?:[a-zA-Z]|\d{1,2}|[一二三四五六七八九十])[)）]|[①-⑳]|\d{1,2}[)）]|\d{1,2}\.\d{1,2}(?![.\d])\s*(?=[\u4e00-\u9fa5]))\s*/;

/** A row's cells read as one item (or a factor with sub-items). */
export function readRow(row: Row, ctx: Ctx): ProposedItem[] {
  const cells = row.cells.filter((c) => c.kind !== 'header' && !SKIP.test(c.text));
  let i = 0;
  let points: Cell | null = null;
  if (ctx.order === 'pn' && cells[0]?.kind === 'num') points = cells[i++];
  const nameCells: Cell[] = [];
  const tails: Cell[] = cells.filter((c) => c.nameTail);
  while (i < cells.length) {
    const c = cells[i];
    if (c.kind !== 'text' || c.nameTail) break;
    const joined = nameCells.map((n) => n.text).join('') + c.text;
    // (The next TAB cell of the same line is another column: the criteria, not the name's rest.)
    const prev = nameCells[nameCells.length - 1];
    if (prev && c.tab != null && prev.tab != null && c.line === prev.line) break;
    if (!nameCells.length) {
      if (!nameLike(c.text) && !pointsInName(c.text)) break;
    } else if (
      !nameLike(c.text) ||
      joined.length > 40 ||
      (ctx.order === 'nc' && c.text.length > 8) ||
      notNamePiece(c.text)
    )
      break;
    nameCells.push(c);
    i += 1;
    if (pointsInName(c.text)) break;
  }
  if (!nameCells.length) return [];
  const nameOf = () =>
    [...nameCells, ...tails]
      .map((c) => c.text)
      .join('')
      .replace(/\s+/g, '');
  let pointsValue: number | null = points?.value ?? null;
  let pointsSpan = points ? { start: points.start, end: points.end } : null;
  // A wrapped name's tail on a later line of the row: the first cell of a shorter continuation line
  // (性与地域文化表达 | 一般的得6-10分), or a few characters alone on the row's last line (案).
  const firstLine = nameCells[0].line;
  const rowWidth = cells.filter((c) => c.line === firstLine).length;
  const rest = cells.slice(i).filter((c, k, arr) => {
    if (c.nameTail) return false;
    // (A band to tick, □0分 未提供, is the criteria's.)
    if (
      c.kind !== 'text' ||
      c.line === firstLine ||
      c.col !== 0 ||
      !nameLike(c.text) ||
      /\d\s*分/.test(c.text)
    )
      return true;
    // A marked sub-row (2.1 服务器技术参数 | 8 | …), or a name with its own points, is not a tail.
    const after = arr[k + 1];
    if (SUB_MARK.test(c.text) || (after?.kind === 'num' && after.line === c.line)) return true;
    const tabTail = c.lineCells >= 2 && c.lineCells < rowWidth + 1 && rowWidth >= 2 && c.text.length <= 12;
    const lone =
      !row.last &&
      !ctx.trailing &&
      c.lineCells === 1 &&
      c.text.length <= 8 &&
      k === arr.length - 1 &&
      ctx.order !== 'pn';
    // (A bracket's closing half, 合同）, ends the criteria above it, unless the name left one open:
    // 测评工具 / （每项 2 / 分）.)
    const closes = /^[^（(]*[)）]/.test(c.text);
    const open = /[（(][^）)]*$/.test([...nameCells, ...tails].map((x) => x.text).join(''));
    if ((tabTail || lone) && (!closes || open)) {
      tails.push(c);
      return false;
    }
    return true;
  });
  let name = nameOf();
  const inName = pointsInName(name);
  if (inName) {
    name = inName.name;
    if (pointsValue == null) {
      pointsValue = inName.points;
      const last = nameCells[nameCells.length - 1];
      pointsSpan = { start: last.start, end: last.end };
    }
  }
  if (pointsValue == null && ctx.order !== 'nc' && rest[0]?.kind === 'num') {
    points = rest.shift()!;
    pointsValue = points.value;
    pointsSpan = { start: points.start, end: points.end };
  }
  if (pointsValue == null && ctx.order === 'nc') {
    for (let k = rest.length - 1; k >= 0; k--)
      if (rest[k].kind === 'num') {
        points = rest.splice(k, 1)[0];
        pointsValue = points.value;
        pointsSpan = { start: points.start, end: points.end };
        break;
      }
  }
  // Sub-rows with their own points under this factor: a name at a line start followed by its points
  // on its line, or a marked name (a) 乔灌木整形修剪方案, ① …) followed by its points.
  const subs: ProposedItem[] = [];
  const criteria: Cell[] = [];
  const subStart = (c: Cell | undefined, n: Cell | undefined) =>
    Boolean(c && n) &&
    c!.kind === 'text' &&
    c!.col === 0 &&
    n!.kind === 'num' &&
    (n!.line === c!.line || SUB_MARK.test(c!.text));
  for (let k = 0; k < rest.length; k++) {
    const c = rest[k];
    const next = rest[k + 1];
    if (
      subStart(c, next) &&
      nameLike(c.text.replace(SUB_MARK, '')) &&
      (criteria.length > 0 || pointsValue == null || SUB_MARK.test(c.text))
    ) {
      const subCrit: Cell[] = [];
      let j = k + 2;
      while (j < rest.length && !subStart(rest[j], rest[j + 1])) {
        subCrit.push(rest[j]);
        j += 1;
      }
      subs.push(
        item(
          c.text.replace(SUB_MARK, ''),
          next.value,
          subCrit,
          { start: c.start, end: (subCrit[subCrit.length - 1] ?? next).end },
          c,
          next,
          null,
          ctx,
        ),
      );
      k = j - 1;
      continue;
    }
    if (subs.length) subs[subs.length - 1].criteria += c.text;
    else criteria.push(c);
  }
  const critText = criteria.map((c) => c.text).join('');
  if (pointsValue == null && !subs.length) pointsValue = pointsInCriteria(critText);
  const main = item(
    name,
    pointsValue,
    criteria,
    {
      start: row.anchor.start,
      // (Points may come before the name: the row ends at whichever is last.)
      end: Math.max(
        (criteria[criteria.length - 1] ?? points ?? nameCells[nameCells.length - 1]).end,
        nameCells[nameCells.length - 1].end,
      ),
    },
    nameCells[0],
    null,
    row.serial,
    ctx,
  );
  main.nameSpan = { start: nameCells[0].start, end: nameCells[nameCells.length - 1].end };
  main.pointsSpan = pointsSpan;
  if (!subs.length) return [main];
  const sum = subs.reduce((s, x) => s + (x.points ?? 0), 0);
  for (const s of subs) s.group = name;
  // The factor is a group when its points are its sub-rows' sum (or it states none).
  if (main.points == null || Math.abs(sum - main.points) < 0.01) return subs;
  return [main, ...subs];
}

function item(
  name: string,
  points: number | null,
  criteria: Cell[],
  span: { start: number; end: number },
  nameCell: Cell,
  pointsCell: Cell | null,
  serial: number | null,
  ctx: Ctx,
): ProposedItem {
  return {
    name: name.replace(/\s+/g, '').replace(/[：:]$/, ''),
    points,
    criteria: criteria.map((c) => c.text).join(''),
    category: null,
    group: null,
    lot: ctx.lot,
    span,
    nameSpan: { start: nameCell.start, end: nameCell.end },
    pointsSpan: pointsCell ? { start: pointsCell.start, end: pointsCell.end } : null,
    serial,
  };
}

/** Notes a category cell met among the rows: its label for the rows after it, its points as a subtotal. */
export function catNoter(
  cats: CatMark[],
  subtotals: Proposal['subtotals'],
): (c: Cell, at: number, after?: Cell[]) => void {
  return (c, at, after = []) => {
    const cc = catCell(c.text);
    if (!cc) return;
    // Its one row on its line, without a serial (价格（20分） | — | 最后报价 | 20): that row's name.
    const line = after.filter((x) => x.line === c.line);
    const p = line.findIndex((x) => x.kind === 'num' && x.value === cc.points);
    const own = p > 0 ? line[p - 1] : null;
    const name = own && nameCellKind(own) && nameLike(own.text) ? own : undefined;
    cats.push({ at, label: cc.label, points: cc.points, cell: c, name });
    if (cc.points != null)
      subtotals.push({
        label: cc.label,
        category: categoryOfLabel(cc.label),
        points: cc.points,
        span: { start: c.start, end: c.end },
      });
  };
}

/**
 * A name piece on the line right above the next row's serial that fills the name column (as long as
 * this row's own first piece) while the next row's name on its serial line is short: the next name's
 * start, centred in its cell by `pdftotext -layout` (停电过渡及运行安 / 6 全措施 6), not this name's tail.
 */
function nextRowsStart(rowCells: Cell[], next: number | null, cells: Cell[]): Cell | null {
  if (next == null) return null;
  const serial = cells[next];
  const first = rowCells.find((c) => c.kind === 'text' && !c.nameTail);
  const t = rowCells.findLast(
    (c) =>
      c.line === serial.line - 1 &&
      c.kind === 'text' &&
      (c.nameTail || c.col === 0) &&
      c.text.length <= 12 &&
      !/[、，,。；;：:]/.test(c.text) &&
      nameLike(c.text),
  );
  const nextName = cells.slice(next + 1, next + 3).find((c) => c.kind === 'text' && c.line === serial.line);
  if (!t || !first || t === first || t.line <= first.line || !nextName || SUB_MARK.test(t.text)) return null;
  // (A part's heading, B技术部分（55分）, or the header again is no name.)
  if (catCell(t.text.replace(/^[A-Za-z]\s*/, '')) || notNamePiece(t.text) || /\d\s*分/.test(t.text))
    return null;
  // (A sub-row with its own points on its line is this row's.)
  const k = cells.indexOf(t);
  if (cells[k + 1]?.line === t.line && cells[k + 1].kind === 'num') return null;
  // This row's name is whole already — wrapped once before, or shorter than the piece by more than a
  // narrow column's slack — and the next row's on its serial line is short: a piece of the next name.
  const wrapped = rowCells.some(
    (c) =>
      c !== t &&
      c.kind === 'text' &&
      (c.nameTail || c.col === 0) &&
      c.text.length <= 8 &&
      c.line > first.line &&
      c.line < t.line &&
      nameLike(c.text),
  );
  const whole = wrapped || t.text.length >= first.text.length + 2;
  return t.text.length >= 5 && whole && nextName.text.length <= t.text.length - 2 ? t : null;
}

/** Reads the region's rows anchored on serial numbers. */
export function readBySerial(
  cells: Cell[],
  order: Order,
  lot: number | null,
  reader: string,
): Proposal | null {
  const chains = serialChains(cells, order);
  if (!chains.length) return null;
  const ctx: Ctx = { order, lot, trailing: trailingColumn(cells) };
  const found: Array<ProposedItem & { at: number }> = [];
  const cats: CatMark[] = [];
  const subtotals: Proposal['subtotals'] = [];
  const noteCat = catNoter(cats, subtotals);
  let pos = 0;
  chains.forEach((chain, ci) => {
    const nextChainStart = ci + 1 < chains.length ? chains[ci + 1][0] : cells.length;
    // Between tables: category labels only.
    for (let k = pos; k < chain[0]; k++)
      if (cells[k].kind === 'cat') noteCat(cells[k], cells[k].start, cells.slice(k + 1, k + 5));
    let carry: Cell | null = null;
    chain.forEach((a, ai) => {
      const limit = ai + 1 < chain.length ? chain[ai + 1] : rowEnd(cells, a + 1, nextChainStart);
      const rowCells: Cell[] = [];
      for (let k = a + 1; k < limit; k++) {
        let c = cells[k];
        // 投标报价 right after the serial is the row's name, unless a name follows (a 类别 column).
        const n = cells[k + 1];
        if (
          !rowCells.length &&
          asName(c) &&
          !(n && k + 1 < limit && ((n.kind === 'text' && nameLike(n.text)) || asName(n)))
        )
          c = { ...c, kind: 'text' };
        // (Right after the serial, even on a line of its own, it is this row's 类别 cell.)
        if (c.kind === 'cat' && rowCells.some((r) => r.kind === 'text')) {
          // A category cell after the row's text labels the rows that follow.
          noteCat(c, c.start);
          continue;
        }
        if (c.kind === 'cat') {
          noteCat(c, cells[a].start - 1);
          continue;
        }
        rowCells.push(c);
      }
      // (The row then starts where its name does, on the line above its serial.)
      const from: Cell | null = carry;
      if (from) {
        const k = rowCells.findIndex((c) => c.kind === 'text' && !c.nameTail);
        if (k >= 0) rowCells[k] = { ...rowCells[k], text: from.text + rowCells[k].text, start: from.start };
      }
      carry = nextRowsStart(rowCells, ai + 1 < chain.length ? chain[ai + 1] : null, cells);
      if (carry) rowCells.splice(rowCells.indexOf(carry), 1);
      for (const it of readRow(
        { serial: cells[a].value, cells: rowCells, anchor: cells[a], last: ai === chain.length - 1 },
        ctx,
      ))
        found.push({
          ...it,
          span: from ? { start: Math.min(from.start, it.span.start), end: it.span.end } : it.span,
          at: cells[a].start,
        });
      pos = limit;
    });
  });
  cats.sort((a, b) => a.at - b.at);
  const items = applyCategories(found, cats);
  return items.length ? { reader, lot, items, subtotals } : null;
}
