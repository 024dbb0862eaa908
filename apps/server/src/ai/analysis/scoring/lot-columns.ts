import type { Line } from '../lines.ts';
import { headerRole, nameLike, numberValue } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem } from './types.ts';
import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';

/**
 * One table shared by several 包/标段, with a points column per 包 (序号 | 评审因素 | 评审标准 | 一标段 |
 * 二标段 | 三标段; 「/」 where a 包 has no such item). Each 包 gets its own reading of the same rows.
 * A 包's cell may instead list that 包's items with their points (技术参数响应 28 分 / 产品性能测试
 * 8 分 …) beside a category cell: each listed item is one of the 包's.
 */

const LOT_HEAD = new RegExp(
  `^(?:第?([一二三四五六七八九十]|\\d{1,2})\\s*${LOT_WORD_AFTER_NO}|${LOT_WORD_BEFORE_NO}\\s*([一二三四五六七八九十]|\\d{1,2}))(?:分值|得分|满分)?(?:[（(]分[）)])?(?:[：:][^：:]{1,24})?$`,
);
const CN = '一二三四五六七八九十';
const ABSENT = /^[/／\-—–]+$|^不设$|^无$/;
const GROUP_SERIAL = /^[一二三四五六七八九十]+、?$|^[（(][一二三四五六七八九十]+[）)]$/;
const TOTAL = /^(合\s*计|总\s*计|总\s*分|满\s*分)/;

function lotNo(cell: string): number | null {
  const m = LOT_HEAD.exec(cell.replace(/\s+/g, ''));
  if (!m) return null;
  const v = m[1] ?? m[2];
  return /\d/.test(v) ? Number(v) : CN.indexOf(v) + 1;
}

/** Items listed in one cell with their points (技术参数响应28 分产品性能测试8 分), when that is all it holds. */
function listed(
  cell: string,
): Array<{ name: string; points: number; at: number; pointsAt: number; len: number }> {
  const out = [];
  let covered = 0;
  for (const m of cell.matchAll(/([\u4e00-\u9fa5A-Za-z（）()、]{2,16}?)\s*(\d{1,3}(?:\.\d+)?)\s*分/g)) {
    const name = m[1].trim();
    // (A part's label with its points, 技术部分 40 分, heads items; it is not one.)
    if (!nameLike(name) || /部分$/.test(name)) return [];
    out.push({
      name,
      points: Number(m[2]),
      at: m.index,
      pointsAt: m.index + m[0].indexOf(m[2], m[1].length),
      len: m[2].length,
    });
    covered += m[0].replace(/\s+/g, '').length;
  }
  return covered === cell.replace(/\s+/g, '').length ? out : [];
}

interface Cells {
  texts: string[];
  starts: number[];
}

/** Display columns up to `index` (a CJK or full-width character takes two, as the text was aligned). */
function columnAt(text: string, index: number): number {
  let w = 0;
  for (let i = 0; i < index; i++) w += /[\u1100-\uffff]/.test(text[i]) ? 2 : 1;
  return w;
}

/** Cells of a line set in columns by runs of spaces, placed under the header's columns by position. */
function byPosition(l: Line, head: number[]): Cells | null {
  if (l.text.includes('\t') || !l.text.trim()) return null;
  const texts = head.map(() => '');
  const starts = head.map(() => l.start);
  const re = /\S+(?: \S+)*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(l.text))) {
    let col = 0;
    const x = columnAt(l.text, m.index);
    for (let k = 0; k < head.length; k++) if (head[k] <= x + 2) col = k;
    // (Cells set a little left of their header's label, as wide characters shift them: the nearer one.)
    const next = head[col + 1];
    if (next != null && next - x < x - head[col]) col += 1;
    if (!texts[col]) starts[col] = l.start + m.index;
    texts[col] = texts[col] ? `${texts[col]}${m[0]}` : m[0];
  }
  return { texts, starts };
}

function split(l: Line, head?: number[]): Cells | null {
  if (head && !l.text.includes('\t')) return byPosition(l, head);
  if (!l.text.includes('\t')) return null;
  const texts: string[] = [];
  const starts: number[] = [];
  let pos = 0;
  for (const piece of l.text.split('\t')) {
    const lead = piece.length - piece.trimStart().length;
    texts.push(piece.trim());
    starts.push(l.start + pos + lead);
    pos += piece.length + 1;
  }
  return { texts, starts };
}

export function readLotColumns(lines: Line[]): Proposal[] {
  for (let h = 0; h < lines.length; h++) {
    // A header set with TABs, or with runs of spaces (its words' positions are the columns).
    let head = split(lines[h]);
    let xs: number[] | undefined;
    if (!head && /\S\s{2,}\S/.test(lines[h].text)) {
      // (Words, or phrases when a 包's label has spaces in it: 第 1 包：台式计算机.)
      for (const re of [/\S+/g, /\S+(?: \S+)*/g]) {
        const words = [...lines[h].text.matchAll(re)];
        if (words.length < 3 || words.filter((w) => lotNo(w[0]) != null).length < 2) continue;
        xs = words.map((w) => columnAt(lines[h].text, w.index!));
        head = { texts: words.map((w) => w[0]), starts: words.map((w) => lines[h].start + w.index!) };
        break;
      }
    }
    if (!head) continue;
    const lotCols = head.texts.map((t, i) => [lotNo(t), i] as const).filter(([n]) => n != null);
    if (lotCols.length < 2) continue;
    const roles = head.texts.map((t) => headerRole(t));
    const nameCol = roles.indexOf('name') >= 0 ? roles.indexOf('name') : roles.indexOf('cat');
    if (nameCol < 0) continue;
    const critCol = roles.indexOf('criteria');
    const seqCol = roles.indexOf('seq');
    const byLot = new Map<number, Proposal>();
    for (const [n] of lotCols) byLot.set(n!, { reader: 'lot-columns', lot: n, items: [], subtotals: [] });
    let group: string | null = null;
    for (let r = h + 1; r < lines.length; r++) {
      const row = split(lines[r], xs);
      if (!row) {
        if (lines[r].text.trim() && [...byLot.values()].some((p) => p.items.length)) break;
        continue;
      }
      const name = row.texts[nameCol] ?? '';
      const seq = seqCol >= 0 ? (row.texts[seqCol] ?? '') : '';
      if (TOTAL.test(name) || TOTAL.test(seq) || TOTAL.test(row.texts[0] ?? '')) break;
      const lists = lotCols.map(([, col]) => listed(row.texts[col] ?? ''));
      if (lists.some((l) => l.length)) {
        // The category cell names the part the listed items are in (its wrapped （40 分） does not).
        const label = name.replace(/[（(][^）)]*[）)]?$/, '');
        if (label && categoryOfLabel(label)) group = label;
        lotCols.forEach(([n, col], k) => {
          for (const it of lists[k]) {
            const at = row.starts[col] + it.at;
            const pAt = row.starts[col] + it.pointsAt;
            byLot.get(n!)!.items.push({
              name: it.name,
              points: it.points,
              criteria: '',
              category: group ? categoryOfLabel(group) : null,
              group,
              lot: n,
              span: { start: lines[r].start, end: lines[r].end },
              nameSpan: { start: at, end: at + it.name.length },
              pointsSpan: { start: pAt, end: pAt + it.len },
              serial: null,
            });
          }
        });
        continue;
      }
      if (!name || row.texts.every((t, i) => i === nameCol || !t)) continue;
      const crit = critCol >= 0 ? (row.texts[critCol] ?? '') : '';
      // A row with criteria is an item even under a 一、 serial (一 投标报价 以…为基准价 30).
      const isGroup = !crit && (GROUP_SERIAL.test(seq) || categoryOfLabel(name) != null);
      for (const [n, col] of lotCols) {
        const cell = row.texts[col] ?? '';
        const p = byLot.get(n!)!;
        if (isGroup) {
          const v = numberValue(cell);
          if (v != null)
            p.subtotals.push({
              label: name,
              category: categoryOfLabel(name),
              points: v,
              span: { start: row.starts[col], end: row.starts[col] + cell.length },
            });
          continue;
        }
        if (!cell || ABSENT.test(cell)) continue;
        const v = numberValue(cell);
        if (v == null) continue;
        const item: ProposedItem = {
          name,
          points: v,
          criteria: crit,
          category: group ? categoryOfLabel(group) : null,
          group,
          lot: n,
          span: { start: lines[r].start, end: lines[r].end },
          nameSpan: { start: row.starts[nameCol], end: row.starts[nameCol] + name.length },
          pointsSpan: { start: row.starts[col], end: row.starts[col] + cell.length },
          serial: /^\d+$/.test(seq) ? Number(seq) : null,
        };
        p.items.push(item);
      }
      if (isGroup) group = name;
    }
    // A group row with points and no rows under it is an item (报价 scored by formula).
    for (const p of byLot.values())
      for (const g of p.subtotals)
        if (!p.items.some((it) => it.group === g.label))
          p.items.push({
            name: g.label.replace(/[（(].*$/, ''),
            points: g.points,
            criteria: '',
            category: g.category,
            group: null,
            lot: p.lot,
            span: g.span,
            nameSpan: g.span,
            pointsSpan: g.span,
            serial: null,
          });
    const out = [...byLot.values()].filter((p) => p.items.length);
    if (out.length >= 2) return out;
  }
  return [];
}
