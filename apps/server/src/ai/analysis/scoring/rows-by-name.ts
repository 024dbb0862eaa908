import { catCell, nameLike, pointsInName, type Cell, type HeaderRole } from './cells.ts';
import { applyCategories, type CatMark } from './categories.ts';
import { catNoter, readRow, rowEnd, type Ctx } from './rows.ts';
import { roleOf, type Order } from './row-header.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * Rows of a table without a 序号 column, anchored on a factor's name followed by its points (or, in a
 * points-first table, on its points followed by a name); the rest as rows.ts reads a row.
 */

/**
 * Factors grouped under a merged cell to their left (商务 | 人员配置 | 项目经理 | 4 …, then
 * ⇥⇥保洁主管 | 2 on the next rows): the group's name is its own column, not part of the first
 * factor's name. Seen on TAB lines, where the merged cell leaves its column empty below it. (The
 * items keep their category as their group: the category's stated points check their sum.)
 */
function mergedGroups(cells: Cell[], anchors: number[]): Set<number> {
  const out = new Set<number>();
  for (let ai = 0; ai < anchors.length; ai++) {
    const a = anchors[ai];
    const g = cells[a];
    const n = cells[a + 1];
    const p = cells[a + 2];
    if (g.kind !== 'text' || g.tab == null || !n || n.kind !== 'text' || n.line !== g.line) continue;
    if (n.tab !== g.tab + 1 || !nameLike(n.text) || p?.kind !== 'num' || p.line !== g.line) continue;
    // The next rows' factors stand in the second column, the first left empty.
    const under = (b: number) => cells[b].tab === n.tab && cells[b].col === 0 && cells[b].kind === 'text';
    if (ai + 1 >= anchors.length || !under(anchors[ai + 1])) continue;
    out.add(a);
  }
  return out;
}

/**
 * Reads a region without serial numbers: a row starts where a factor name is followed by its points
 * (name | points | criteria, or 施工方案（12分） | criteria).
 */
export function readByName(cells: Cell[], order: Order, lot: number | null, reader: string): Proposal | null {
  const ctx: Ctx = { order, lot };
  const anchors: number[] = [];
  // A table whose first column is the points (分值 | 类别 | 评分项 | 评分标准), even when extraction
  // dealt its header out between the rows (a column dump: 分值 / 30 / 类别 / 价格部分 / 评分项 / 投标报价 / 10 …).
  // (A header cell far from the previous one starts a table; its first header says how it runs.)
  const pointsFirstAt: boolean[] = [];
  let lastHeader = -Infinity;
  let tableFirst: HeaderRole | null = null;
  cells.forEach((c, i) => {
    if (c.kind === 'header') {
      if (i - lastHeader > 6) tableFirst = roleOf(c.text);
      lastHeader = i;
    }
    pointsFirstAt.push(order === 'pn' && tableFirst === 'points');
  });
  const pointsFirst = pointsFirstAt.some(Boolean);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    // There a row starts at its points when a name follows them (past a category cell).
    if (pointsFirstAt[i] && c.kind === 'num') {
      if (c.col !== 0 || !(c.value! > 0)) continue;
      let j = i + 1;
      while ((cells[j]?.kind === 'cat' && cells[j].value == null) || cells[j]?.kind === 'header') j += 1;
      const n = cells[j];
      if (n && n.kind === 'text' && n.col === 0 && nameLike(n.text) && n.text.length <= 20) anchors.push(i);
      continue;
    }
    if (
      c.kind !== 'text' ||
      !(c.col === 0 || cells[i - 1]?.kind === 'cat' || cells[i - 1]?.kind === 'clause')
    )
      continue;
    if (pointsInName(c.text) && nameLike(pointsInName(c.text)!.name)) {
      anchors.push(i);
      continue;
    }
    // (A bracket's closing half (分）) is the end of a wrapped label, not a name.)
    if (!nameLike(c.text) || /^[^（(]*[)）]/.test(c.text)) continue;
    // name, then (a wrapped tail or two, then) its points
    for (let k = 1; k <= 3; k++) {
      const n = cells[i + k];
      if (!n) break;
      if (n.kind === 'num') {
        if (order !== 'nc') anchors.push(i);
        break;
      }
      if (n.kind !== 'text' || !nameLike(n.text) || n.text.length > 10) break;
    }
    if (
      order === 'nc' &&
      c.lineCells >= 2 &&
      cells[i + c.lineCells - 1]?.kind === 'num' &&
      cells[i + c.lineCells - 1].line === c.line
    )
      anchors.push(i);
  }
  // Points first, then the name: rows start at their points only.
  if (pointsFirst) {
    const byPoints = anchors.filter((a) => cells[a].kind === 'num');
    if (byPoints.length >= 2) anchors.splice(0, anchors.length, ...byPoints);
  }
  if (anchors.length < 2) return null;
  const groups = mergedGroups(cells, anchors);
  const found: Array<ProposedItem & { at: number }> = [];
  const cats: CatMark[] = [];
  const subtotals: Proposal['subtotals'] = [];
  for (let k = 0; k < anchors[0]; k++)
    if (cells[k].kind === 'cat') {
      const cc = catCell(cells[k].text)!;
      cats.push({ at: cells[k].start, label: cc.label, points: cc.points, cell: cells[k] });
    }
  const noteCat = catNoter(cats, subtotals);
  anchors.forEach((a, ai) => {
    const limit = ai + 1 < anchors.length ? anchors[ai + 1] : rowEnd(cells, a + 1, cells.length);
    const rowCells: Cell[] = groups.has(a) ? [] : [cells[a]];
    for (let k = a + 1; k < limit; k++) {
      const c = cells[k];
      if (c.kind === 'cat') {
        noteCat(c, c.start);
        continue;
      }
      if (c.kind === 'clause') continue;
      rowCells.push(c);
    }
    const anchorCell = { ...cells[a] };
    for (const it of readRow(
      { serial: null, cells: rowCells, anchor: anchorCell, last: ai === anchors.length - 1 },
      ctx,
    ))
      found.push({ ...it, at: cells[a].start });
  });
  cats.sort((a, b) => a.at - b.at);
  const items = applyCategories(found, cats);
  return items.length ? { reader, lot, items, subtotals } : null;
}
