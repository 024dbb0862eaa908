import type { Line } from '../lines.ts';
import {
  catCell,
  headerRole,
  nameLike,
  numberValue,
  pointsInCriteria,
  pointsInName,
  type HeaderRole,
} from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem, Span } from './types.ts';

/**
 * A TAB table read by its header's roles: each row's cells in the header's columns (Word's merged
 * cells arrive as empty cells in their column), the name from the 评分因素 column, the points from
 * the 分值 column — or, when the table has none, from the name (施工方案（12分）) or the criteria
 * (本项最高得6分) — and a filled 类别 column labelling the rows down to the next.
 */

interface Cell {
  text: string;
  span: Span;
}

function cellsOf(l: Line): Cell[] {
  const out: Cell[] = [];
  const re = /[^\t]*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(l.text))) {
    const lead = m[0].length - m[0].trimStart().length;
    const text = m[0].trim();
    out.push({
      text,
      span: { start: l.start + m.index + lead, end: l.start + m.index + lead + text.length },
    });
    if (m.index + m[0].length >= l.text.length) break;
    re.lastIndex = m.index + m[0].length + 1;
  }
  return out;
}

export function readColumns(
  lines: Line[],
  isNoise: (t: string) => boolean,
  lot: number | null,
): Proposal | null {
  const h = lines.findIndex((l) => {
    if (!l.text.includes('\t')) return false;
    const roles = cellsOf(l).map((c) => headerRole(c.text));
    return roles.includes('name') && roles.filter((r) => r != null).length >= 2;
  });
  if (h < 0) return null;
  const roles: Array<HeaderRole | null> = cellsOf(lines[h]).map((c) => headerRole(c.text));
  const col = (r: HeaderRole) => roles.indexOf(r);
  const nameAt = col('name');
  const pointsAt = col('points');
  const critAt = col('criteria');
  const catAt = col('cat');
  const width = roles.length;

  const items: Array<ProposedItem & { crit: Cell[] }> = [];
  const subtotals: Proposal['subtotals'] = [];
  let group: { label: string; category: ProposedItem['category'] } | null = null;
  for (const l of lines.slice(h + 1)) {
    const t = l.text.trim();
    if (!t || isNoise(l.text)) continue;
    const last = items[items.length - 1];
    // A name wrapped inside its cell (景观环境设计方 / 案): a short name-like piece goes on with it.
    const wrapName = (c: Cell) => {
      if (!last || c.text.length > 12 || !nameLike(c.text) || /[，。；\d（(]|^(小计|合计|总计)/.test(c.text))
        return false;
      last.name += c.text;
      last.nameSpan = { start: last.nameSpan.start, end: c.span.end };
      return true;
    };
    if (!l.text.includes('\t')) {
      // A paragraph after the table ends it; a wrapped line of the last row continues it.
      if (!last || t.length > 80 || /^(第[一二三四五六七八九十\d]+[章节]|[一二三四五六七八九十]+、)/.test(t))
        break;
      const piece = { text: t, span: { start: l.start, end: l.end } };
      if (!wrapName(piece)) last.crit.push(piece);
      continue;
    }
    const cells = cellsOf(l);
    if (cells.length < Math.max(2, width - 1)) {
      // The wrapped rest of a row: the name's end, then the criteria's.
      if (!last) continue;
      const [first, ...rest] = cells.filter((c) => c.text);
      if (first && !wrapName(first)) last.crit.push(first);
      last.crit.push(...rest);
      continue;
    }
    if (cells.every((c) => !c.text || headerRole(c.text))) continue;
    const at = (k: number) => (k >= 0 ? cells[k] : undefined);
    const cat = at(catAt)?.text ? catCell(at(catAt)!.text) : null;
    if (cat) {
      group = { label: cat.label, category: categoryOfLabel(cat.label) };
      if (cat.points != null)
        subtotals.push({
          label: cat.label,
          category: group.category,
          points: cat.points,
          span: at(catAt)!.span,
        });
    }
    const nameCell = at(nameAt);
    if (!nameCell?.text) {
      // A row of its own for a category (一、报价分（30分）): it labels the rows after it.
      const first = cells.find((c) => c.text);
      const c = first ? catCell(first.text) : null;
      if (c) {
        group = { label: c.label, category: categoryOfLabel(c.label) };
        if (c.points != null)
          subtotals.push({ label: c.label, category: group.category, points: c.points, span: first!.span });
      }
      continue;
    }
    if (/^(合\s*计|总\s*计|小\s*计|总\s*分)/.test(nameCell.text)) continue;
    const inName = pointsInName(nameCell.text);
    const name = inName?.name ?? nameCell.text;
    if (!nameLike(name)) continue;
    const pointsCell = at(pointsAt);
    const written = pointsCell?.text ? numberValue(pointsCell.text) : null;
    items.push({
      name,
      points: written ?? inName?.points ?? null,
      criteria: at(critAt)?.text ?? '',
      category: group?.category ?? null,
      group: group?.label ?? null,
      lot,
      span: { start: cells[0].span.start, end: cells[cells.length - 1].span.end },
      nameSpan: nameCell.span,
      pointsSpan: written != null ? pointsCell!.span : inName ? nameCell.span : null,
      serial: null,
      crit: at(critAt)?.text ? [at(critAt)!] : [],
    });
  }
  // Points only in the criteria: 本项最高得6分, 满分8分.
  for (const it of items) {
    if (it.points != null) continue;
    const text = it.crit.map((c) => c.text).join('');
    const p = pointsInCriteria(text);
    if (p == null) continue;
    it.points = p;
    it.criteria = text;
    it.pointsSpan = { start: it.crit[0].span.start, end: it.crit[it.crit.length - 1].span.end };
  }
  const out = items.map(({ crit: _crit, ...it }) => it);
  if (out.filter((it) => it.points != null).length < 2) return null;
  return { reader: 'columns', lot, items: out, subtotals };
}
