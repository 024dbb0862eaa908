import type { Line } from '../lines.ts';
import {
  catCell,
  isTotalName,
  nameLike,
  numberValue,
  pointsInName,
  tabCells,
  type HeaderRole,
  type TabCell,
} from './cells.ts';
import { pointsInCriteria } from './criteria-points.ts';
import { categoryOfLabel } from './category.ts';
import { BAND, CODE, LABEL, RANGE_TEXT, categoryRow, rolesOf, tableTitle } from './column-roles.ts';
import type { Proposal, ProposedItem, Reader, Span } from './types.ts';

/**
 * A TAB table read by its header's roles: each row's cells in the header's columns (Word's merged
 * cells arrive as empty cells in their column), the name from the 评分因素 column, the points from
 * the 分值 column — or, when the table has none, from the name (施工方案（12分）) or the criteria
 * (本项最高得6分) — and a filled 类别 column labelling the rows down to the next.
 */

type Cell = TabCell;

/** A row's extent from its first to its last filled cell (a merged cell is empty where it repeats). */
function rowSpan(cells: Cell[]): Span {
  const filled = cells.filter((c) => c.text);
  const [a, b] = filled.length ? [filled[0], filled[filled.length - 1]] : [cells[0], cells[cells.length - 1]];
  return { start: a.span.start, end: b.span.end };
}

export const readColumns: Reader = (lines, isNoise, lot) => {
  let h = lines.findIndex((l) => {
    if (!l.text.includes('\t')) return false;
    const roles = tabCells(l).flatMap((c) => rolesOf(c.text));
    return roles.includes('name') && roles.filter((r) => r != null).length >= 2;
  });
  if (h < 0) return null;
  let roles: Array<HeaderRole | null> = [];
  let nameAt = -1;
  let pointsAt = -1;
  let critAt = -1;
  let catAt = -1;
  /** The outer of two name columns (评审项目 over 评审子项), read as the category column. */
  let outerAt = -1;
  let seqAt = -1;
  let width = 0;
  /** Which table (header) the rows are under: a later table may be one a row refers to. */
  let table = 0;
  /** Points columns that add up, named in the header itself (基本分 | 加分), when it has no 分值. */
  let headerParts: number[] = [];
  const setHeader = (l: Line) => {
    roles = tabCells(l).flatMap((c) => rolesOf(c.text));
    // Two name columns (评分因素 | 子因素, 评审项目 | 评分项): the first is the category.
    const names = roles.flatMap((r, k) => (r === 'name' ? [k] : []));
    outerAt = -1;
    for (const k of names.slice(0, -1))
      if (!roles.includes('cat')) {
        roles[k] = 'cat';
        outerAt = k;
      }
    const col = (r: HeaderRole) => roles.indexOf(r);
    nameAt = col('name');
    // Points for the factor and for each sub-item (评分因素 | 权重 | 评分子项 | 子权重, or 评分因素 |
    // 评分子项 | 子项分值 | 本项最高分): the sub-item's are the first after its name, the factor's the
    // other; the rows are read at the level of the name column kept.
    const points = roles.flatMap((r, k) => (r === 'points' ? [k] : []));
    pointsAt = col('points');
    if (names.length >= 2 && points.length >= 2) {
      const inner = names[names.length - 1];
      const innerPoints = points.find((k) => k > inner) ?? points[points.length - 1];
      pointsAt = nameAt === inner ? innerPoints : (points.find((k) => k !== innerPoints) ?? innerPoints);
    }
    critAt = col('criteria');
    catAt = col('cat');
    seqAt = col('seq');
    width = roles.length;
    const texts = tabCells(l).map((c) => c.text.replace(/\s+/g, ''));
    headerParts = pointsAt < 0 ? texts.flatMap((t, k) => (SUB.test(t) ? [k] : [])) : [];
    if (headerParts.length < 2) headerParts = [];
    else pointsAt = headerParts[0];
  };
  const SUB = /^(主观分?|客观分?|主观评分|客观评分|基础分|基本分|加分|扣分)$/;
  setHeader(lines[h]);
  let percent = false;
  /**
   * A points column split under a second header line (分值 over 主观分 | 客观分): the columns whose
   * numbers add up to a row's points.
   */
  let split: number[] = headerParts;
  const subHeader = (l: Line): number[] | null => {
    if (pointsAt < 0 || !l.text.includes('\t')) return null;
    const cells = tabCells(l);
    const at = cells.flatMap((c, k) => (c.text ? [k] : []));
    if (at.length < 2 || !at.every((k) => SUB.test(cells[k].text.replace(/\s+/g, '')) && k >= pointsAt))
      return null;
    return at;
  };

  type Row = ProposedItem & {
    crit: Cell[];
    closed: boolean;
    table: number;
    fromCrit: boolean;
    others: Cell[];
    /** Named in the unnamed column after the factor's (项目经理 under 人员配置). */
    subFactor?: boolean;
  };
  /** A name in a column between the name and points columns that the header leaves unnamed. */
  const innerName = (at: (k: number) => Cell | undefined): Cell | null => {
    if (nameAt < 0 || pointsAt <= nameAt + 1) return null;
    for (let k = nameAt + 1; k < pointsAt; k++) {
      const c = at(k);
      const t = c?.text.trim() ?? '';
      if (roles[k] == null && c && t.length >= 2 && t.length <= 16 && nameLike(t) && numberValue(t) == null)
        return c;
    }
    return null;
  };
  const items: Row[] = [];
  const subtotals: Proposal['subtotals'] = [];
  let group: { label: string; category: ProposedItem['category'] } | null = null;
  const setGroup = (c: { label: string; points: number | null }, span: Span) => {
    group = { label: c.label, category: categoryOfLabel(c.label) };
    if (c.points != null)
      subtotals.push({ label: c.label, category: group.category, points: c.points, span });
  };
  /**
   * A row with no name of its own under a named one, with points of its own: a score band of that
   * factor (优 | 9-12分, the factor's maximum is its best band's) or a sub-item (8 | 一般参数：…), named
   * by the label its criteria start with, as is the factor's first row then.
   */
  const underRow = (cells: Cell[], at: (k: number) => Cell | undefined, last: Row): boolean => {
    const pc = at(pointsAt);
    const v = pc?.text ? numberValue(pc.text) : null;
    if (v == null || !pc) return false;
    const band = RANGE_TEXT.test(pc.text) || cells.some((c) => BAND.test(c.text.replace(/\s+/g, '')));
    if (band) {
      if (last.points == null || v > last.points) {
        last.points = v;
        last.pointsSpan = pc.span;
      }
      return true;
    }
    const crit = at(critAt);
    const label = crit ? LABEL.exec(crit.text) : null;
    const own = LABEL.exec(last.crit[0]?.text ?? '');
    // A rule of its own under the merged factor, with its own points and no name of its own
    // (项目经理 | 职称…得2分 | 2, then ⇥⇥证书…得2分 | 2): the factor is worth their sum.
    const total = cells.some((c) => /^(合\s*计|总\s*计|小\s*计)/.test(c.text.trim()) || isTotalName(c.text));
    if (!label && !own && !total && crit?.text && last.points != null) {
      last.points += v;
      last.pointsSpan = null;
      last.crit.push(crit);
      last.criteria = `${last.criteria}；${crit.text}`;
      return true;
    }
    if (!label || !own || last.points == null) return false;
    const factor = last.group ?? last.name;
    if (!last.group) {
      last.group = last.name;
      last.name = own[1];
      last.nameSpan = { start: last.crit[0].span.start, end: last.crit[0].span.start + own[1].length };
    }
    items.push({
      ...last,
      name: label[1],
      points: v,
      group: factor,
      criteria: crit!.text,
      span: rowSpan(cells),
      nameSpan: { start: crit!.span.start, end: crit!.span.start + label[1].length },
      pointsSpan: pc.span,
      crit: [crit!],
    });
    return true;
  };
  let prevRow = false;
  /** Whether the last row began with its code (T03): a row without one may be its cut rest. */
  let lastCoded = false;
  for (const l of lines.slice(h + 1)) {
    const t = l.text.trim();
    // A blank line ends the row above: what follows is not its wrapped name.
    const wasRow = prevRow;
    prevRow = false;
    if (!t || isNoise(l.text)) continue;
    const last = items[items.length - 1];
    // A name wrapped inside its cell (景观环境设计方 / 案), before the row's criteria began.
    const wrapName = (c: Cell) => {
      if (
        !last ||
        last.closed ||
        c.text.length > 12 ||
        !nameLike(c.text) ||
        /[，。；\d（(]|^(小计|合计|总计)/.test(c.text)
      )
        return false;
      last.name += c.text;
      last.nameSpan = { start: last.nameSpan.start, end: c.span.end };
      return true;
    };
    const piece = (c: Cell, k: number) => {
      // A cell of the last row, in column k.
      if (!last) return;
      if (k === pointsAt && last.points == null) {
        const v = numberValue(c.text);
        if (v != null) {
          last.points = v;
          last.pointsSpan = c.span;
          last.closed = true;
          return;
        }
      }
      if (k === nameAt && wrapName(c)) return;
      if (k === critAt || k < 0 || roles[k] == null) {
        last.crit.push(c);
        last.closed = true;
      }
    };
    if (!l.text.includes('\t')) {
      // A paragraph after the table ends it; a category row labels the rows after it.
      if (
        /^(第[一二三四五六七八九十\d]+[章节]|[一二三四五六七八九十]+、\S{0,20}$)/.test(t) &&
        !categoryRow(t)
      )
        break;
      const cat = t.length <= 24 ? (categoryRow(t) ?? tableTitle(t)) : null;
      if (cat) {
        setGroup(cat, { start: l.start, end: l.end });
        continue;
      }
      if (!last || t.length > 80) break;
      const c = { text: t, span: { start: l.start, end: l.end } };
      // A short line right under its row's line ends the row's name (景观环境设计方 / 案).
      const underRow = wasRow && t.length <= 8 && !/[，。；：:、]/.test(t);
      if (underRow) last.closed = false;
      if (last.points == null && pointsAt >= 0 && numberValue(t) != null) piece(c, pointsAt);
      else if (!wrapName(c)) {
        last.crit.push(c);
        last.closed = true;
      }
      continue;
    }
    // The header repeated on a new page.
    if (l.text.replace(/\s+/g, '') === lines[h].text.replace(/\s+/g, '')) continue;
    const cells = tabCells(l);
    const sub = subHeader(l);
    if (sub) {
      split = sub;
      width = Math.max(width, cells.length);
      continue;
    }
    // A header's second line naming the parts of its criteria column (评分标准 over 评审内容 |
    // 计分办法): the criteria run on into those columns; the header stays.
    if (
      lines.indexOf(l) === h + 1 &&
      critAt >= 0 &&
      cells.some((c) => c.text) &&
      cells.every((c, k) => !c.text || (k >= critAt && rolesOf(c.text).every((r) => r != null)))
    )
      continue;
    if (cells.every((c) => !c.text || rolesOf(c.text).every((r) => r != null))) {
      // A header again: the same table on a new page, or another table with its own columns.
      const same = l.text.replace(/\s+/g, '') === lines[h].text.replace(/\s+/g, '');
      if (!same && cells.some((c) => rolesOf(c.text).includes('name'))) {
        setHeader(l);
        split = headerParts;
        table += 1;
        h = lines.indexOf(l);
        group = null;
      }
      continue;
    }
    // A factor merged across both name columns in Word (1 | 企业资质与认证 | 具有…的，每个得1分 | 3
    // under 序号 | 评审因素 | 评审子项 | 评审标准 | 分值): one cell short, the rule where the sub-item
    // would be. The merged cell's second column is empty.
    const merged = cells[nameAt];
    if (
      outerAt >= 0 &&
      nameAt === outerAt + 1 &&
      critAt === nameAt + 1 &&
      pointsAt === width - 1 &&
      cells.length === width - 1 &&
      merged &&
      /[，。；、]/.test(merged.text) &&
      merged.text.length > 16 &&
      numberValue(cells[cells.length - 1].text) != null
    )
      cells.splice(nameAt, 0, { text: '', span: { start: merged.span.start, end: merged.span.start } });
    // A new row: it fills (nearly) every column, or starts with its code in the 序号 column.
    const coded = seqAt >= 0 && CODE.test(cells[0].text);
    if (cells.length < Math.max(2, width - 1) && !coded) {
      // The wrapped rest of the last row: its cells are the rightmost columns.
      const from = width - cells.length;
      cells.forEach((c, i) => {
        if (!c.text) return;
        // Its first cell, if it is no number, is the name's wrapped end (…合理 / 性与地域文化表达).
        if (i === 0 && last && numberValue(c.text) == null && from + i <= Math.max(nameAt, pointsAt)) {
          const was = last.closed;
          last.closed = false;
          const wrapped = wrapName(c);
          last.closed = was;
          if (wrapped) return;
        }
        piece(c, from + i);
      });
      continue;
    }
    const offset = coded ? seqAt : 0;
    const at = (k: number) => (k >= 0 && k - offset >= 0 ? cells[k - offset] : undefined);
    const catText = at(catAt)?.text;
    const cat = catText ? catCell(catText) : null;
    if (cat) setGroup(cat, at(catAt)!.span);
    // A factor without sub-items spans both name columns (3 | 安装实施方案 | | 6): the outer cell names
    // the row.
    const outer = outerAt >= 0 ? at(outerAt) : undefined;
    const ownPoints = at(pointsAt)?.text ? numberValue(at(pointsAt)!.text) : null;
    // (A part's heading there, 商务部分 | | 30, is no factor; 磋商报价 is.)
    const part = outer?.text ? catCell(outer.text) : null;
    const heading = !!part && (part.points != null || /(部分|类|标)$/.test(part.label));
    const nameCell =
      !at(nameAt)?.text && outer?.text && ownPoints != null && nameLike(outer.text) && !heading
        ? outer
        : at(nameAt);
    // A sub-factor in a column the header leaves unnamed (人员配置 | 项目经理 | 4, then | | 保洁主管 | 2,
    // a Word cell merged over the two name columns' header): each is an item under the factor.
    const inner = innerName(at);
    if (inner && !nameCell?.text && last?.group && last.table === table && last.subFactor) {
      const pc = at(pointsAt);
      const v = pc?.text ? numberValue(pc.text) : null;
      items.push({
        ...last,
        name: inner.text,
        points: v,
        criteria: at(critAt)?.text ?? '',
        span: rowSpan(cells),
        nameSpan: inner.span,
        pointsSpan: v != null ? pc!.span : null,
        crit: at(critAt)?.text ? [at(critAt)!] : [],
        others: [],
        closed: true,
      });
      prevRow = true;
      continue;
    }
    // A part's heading row (二、商务部分 | | 0 | 20) under a factor is no sub-row of that factor.
    const lead = cells.find((c) => c.text);
    const partRow = !nameCell?.text && lead && lead !== at(pointsAt) ? categoryRow(lead.text) : null;
    if (partRow) {
      const own = at(pointsAt)?.text ? numberValue(at(pointsAt)!.text) : null;
      setGroup({ label: partRow.label, points: partRow.points ?? own }, lead!.span);
      continue;
    }
    const under = !nameCell?.text && last && last.table === table ? underRow(cells, at, last) : false;
    if (under) {
      prevRow = true;
      continue;
    }
    if (!nameCell?.text) {
      const first = cells.find((c) => c.text);
      const c = first ? categoryRow(first.text) : null;
      if (c) setGroup(c, first!.span);
      continue;
    }
    // A name cut by a page break (T03 | 汛期及突发事件应急预 | 优 | 8 at a page's foot, then | 案 | | |
    // 污等… under the repeated header): no code where the rows have one, no points, a few characters.
    if (seqAt >= 0 && !coded && lastCoded && last?.table === table && ownPoints == null) {
      const rest = nameCell.text.trim();
      if (rest.length <= 3 && nameLike(rest)) {
        last.name += rest;
        last.nameSpan = { start: last.nameSpan.start, end: nameCell.span.end };
        const crit = at(critAt);
        if (crit?.text) {
          last.crit.push(crit);
          last.criteria = `${last.criteria}${crit.text}`;
        }
        continue;
      }
    }
    if (/^(合\s*计|总\s*计|小\s*计|总\s*分)/.test(nameCell.text) || isTotalName(nameCell.text)) continue;
    // The 前附表's own split of the points (2.1 | 分值构成（总分100分） | …) is no factor.
    if (/^(分值构成|评分构成|分值分配|分值组成)/.test(nameCell.text.replace(/\s+/g, ''))) continue;
    const inName = pointsInName(nameCell.text);
    const name = inName?.name ?? nameCell.text;
    if (!nameLike(name)) continue;
    const pointsCell = at(pointsAt);
    // A points cell that says "none" (/, —, 不计分): a 前附表 clause or a row that scores nothing.
    if (!split.length && pointsCell && /^(?:[/／—–-]+|无|不计分|不评分)$/.test(pointsCell.text.trim()))
      continue;
    const parts = split.map((k) => (at(k)?.text ? numberValue(at(k)!.text) : null));
    const written = split.length
      ? parts.some((v) => v != null)
        ? parts.reduce<number>((a, v) => a + (v ?? 0), 0)
        : null
      : pointsCell?.text
        ? numberValue(pointsCell.text)
        : null;
    if (pointsCell && /[%％]\s*$/.test(pointsCell.text)) percent = true;
    const g = group as { label: string; category: ProposedItem['category'] } | null;
    items.push({
      name: inner?.text ?? name,
      points: written ?? inName?.points ?? null,
      criteria: at(critAt)?.text ?? '',
      category: g?.category ?? null,
      group: inner ? name : (g?.label ?? null),
      subFactor: !!inner,
      lot,
      span: rowSpan(cells),
      nameSpan: inner?.span ?? nameCell.span,
      pointsSpan: split.length
        ? // One part written: that cell; two added up: no one cell says the sum.
          parts.filter((v) => v != null).length === 1
          ? at(split[parts.findIndex((v) => v != null)])!.span
          : null
        : written != null
          ? pointsCell!.span
          : inName
            ? nameCell.span
            : null,
      serial: null,
      crit: at(critAt)?.text ? [at(critAt)!] : [],
      // The row's other cells (计分办法, 备注 …): where the maximum is when its points cell gives a unit.
      others: cells.filter((c) => c.text && c !== nameCell && c !== pointsCell && c !== at(critAt)),
      closed: Boolean(at(critAt)?.text) || written != null,
      table,
      fromCrit: false,
    });
    lastCoded = coded;
    prevRow = true;
  }
  // Points only in the criteria: 本项最高得6分, 满分8分 (最多8% in a table of weights).
  const critText = (it: Row) => it.crit.map((c) => c.text).join('');
  for (const it of items) {
    if (it.points != null || !it.crit.length) continue;
    const text = critText(it);
    const p = pointsInCriteria(text, percent ? '%' : '分');
    if (p == null) continue;
    it.points = p;
    it.criteria = text;
    it.pointsSpan = { start: it.crit[0].span.start, end: it.crit[it.crit.length - 1].span.end };
    it.fromCrit = true;
  }
  // A points cell that gives a unit (每个2分), the maximum in another cell (备注: 本项最高6分).
  for (const it of items) {
    if (it.points != null || !it.others.length) continue;
    const where = it.others.filter((c) => pointsInCriteria(c.text, percent ? '%' : '分') != null);
    const c = where[where.length - 1];
    if (!c || !/最高|最多|满分|上限|为限/.test(c.text)) continue;
    it.points = pointsInCriteria(c.text, percent ? '%' : '分');
    it.pointsSpan = c.span;
    it.fromCrit = true;
  }
  // A points cell merged over several rows (商务 20% over four factors) is their sum: the first
  // row's own maximum is then in its criteria, when that makes the rows add up to the cell.
  for (let i = 0; i < items.length; i++) {
    const head = items[i];
    let j = i + 1;
    while (j < items.length && items[j].fromCrit && items[j].table === head.table) j++;
    if (j === i + 1 || head.points == null || head.fromCrit) continue;
    const own = pointsInCriteria(critText(head), percent ? '%' : '分');
    const rest = items.slice(i + 1, j).reduce((a, it) => a + (it.points ?? 0), 0);
    if (own != null && own < head.points && Math.abs(own + rest - head.points) < 0.01) {
      head.points = own;
      head.pointsSpan = { start: head.crit[0].span.start, end: head.crit[head.crit.length - 1].span.end };
    }
  }
  // A row that refers to another table for its factors (技术 50% | 详见附件3) is that table, when
  // a later table's rows add up to its points.
  const refers = (it: Row) =>
    /(详见|见本章|见附件|见附表|见下表|另附|附件\s*\d)/.test(it.name + critText(it));
  const kept = items.filter((it) => {
    if (!refers(it) || it.points == null) return true;
    const later = new Set(items.filter((o) => o.table > it.table).map((o) => o.table));
    return ![...later].some((tb) => {
      const sum = items.filter((o) => o.table === tb).reduce((a, o) => a + (o.points ?? 0), 0);
      return Math.abs(sum - it.points!) < 0.01;
    });
  });
  const out = kept.map(
    ({
      crit: _crit,
      closed: _closed,
      table: _table,
      fromCrit: _fromCrit,
      others: _others,
      subFactor: _subFactor,
      ...it
    }) => it,
  );
  if (out.filter((it) => it.points != null).length < 2) return null;
  return { reader: 'columns', lot, items: out, subtotals };
};
