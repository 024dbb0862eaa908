import type { Line } from '../lines.ts';
import { contentLines } from './noise.ts';
import { chineseNumber } from '../money.ts';
import { catCell, headerRole, nameLike } from './cells.ts';
import { categoryOfName } from './category.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A table that raw PDF text printed column by column: the factors' names one per line in a block
 * (项目经理 / 技术负责人 / 类似工程业绩 …), then further down the points column — each number alone
 * on its line, its criteria after it (8 / 具有高级工程师职称的得 3 分… / 4 / …). When the block right
 * before the first number holds as many names as there are numbers, they pair in order.
 * Points may be written in Chinese numerals (八分, 四十分 followed by its criteria on the same line),
 * a name may wrap at the column's width (安全文明施工与环境 / 保护), and a 前附表's factor cell
 * (施工组织设计 / 评分标准) heads its rows without being one.
 */

const LONE = /^\s*(\d{1,3}(?:\.\d+)?)\s*(?:分)?\s*$/;
/** Points before the row's 主观/客观 cell and its criteria: 30 客观 投标报价得分＝… */
const TYPED = /^\s*(\d{1,3}(?:\.\d+)?)\s*(?:分)?\s+(?:主观|客观)(?:分|题)?(?=\s|$)/;
/** Points in Chinese numerals, alone or before the criteria: 八分 / 四十分 以有效投标报价… */
const LONE_CN = /^\s*([一二三四五六七八九十百]{1,4}(?:点五)?)\s*分(?:\s*$|\s+\S)/;
const CLAUSE = /^\s*\d[\d.．（）()]{1,11}\s*$/;
/** A verdict or band cell, not a factor (合格 / 不合格, 优, 主观 …). */
const VALUE =
  /^(?:合格|不合格|合格[／/]不合格|合格[／/]不|优|良|中|差|优秀|良好|一般|较好|较差|主观|客观|是|否|有|无|—|-)$/;
const TITLE_PIECE = /(?:评分标准?|评审标准?|评分细则|评审细则)$|^[准则]$/;

/** A line's points when it is the points column's cell: the value and where it stands. */
function pointsOf(t: string): { value: number; text: string } | null {
  const d = LONE.exec(t) ?? TYPED.exec(t);
  if (d) return { value: Number(d[1]), text: d[1] };
  const c = LONE_CN.exec(t);
  if (!c) return null;
  const v = c[1].endsWith('点五') ? (chineseNumber(c[1].slice(0, -2)) ?? NaN) + 0.5 : chineseNumber(c[1]);
  return v != null && Number.isFinite(v) ? { value: v, text: c[1] } : null;
}

export const readColumnDump: Reader = (lines, isNoise, lot) => {
  // A table over several pages comes out as a dump per page, each under its repeated header (序号 /
  // 评分项 … / 分值): each page's dump read on its own, when every one reads.
  const starts = lines.flatMap((l, i) => (headerRole(l.text.trim()) === 'seq' ? [i] : []));
  if (starts.length >= 2) {
    const pages = starts.map((s, k) => lines.slice(k ? s : 0, starts[k + 1] ?? lines.length));
    const read = pages.map((page) => (page.some(pointsLabel) ? readOneDump(page, isNoise, lot) : null));
    if (read.every((p) => p)) return { ...read[0]!, items: read.flatMap((p) => p!.items) };
  }
  return readOneDump(lines, isNoise, lot);
};

/** The points column's own label on a line of its own (分值, 分值 评审类型; not a band's 得分区间). */
const pointsLabel = (l: Line) =>
  !/\t/.test(l.text) &&
  l.text.trim().length <= 12 &&
  l.text
    .trim()
    .split(/\s+/)
    .some((w) => /^(?:分值|分数|满分|标准分)$/.test(w));

const readOneDump: Reader = (lines, isNoise, lot) => {
  const ls = contentLines(lines, isNoise);
  const name = (t: string) =>
    t.length >= 2 &&
    t.length <= 16 &&
    !/\d/.test(t) &&
    nameLike(t) &&
    !headerRole(t) &&
    !catCell(t)?.points &&
    !TITLE_PIECE.test(t) &&
    !VALUE.test(t) &&
    !/总分|满分|分值/.test(t) &&
    !/^[^（(]*[)）]|[（(][^）)]*$/.test(t);
  const isPoints = (t: string) => pointsOf(t) != null;
  // (The points column's block starts under its own label when that came out alone, 分值 评审类型:
  // the serials printed beside the names before it are lone numbers too.)
  const label = ls.findIndex(pointsLabel);
  const first = ls.findIndex((l, i) => i > label && isPoints(l.text) && i > 0 && !isPoints(ls[i - 1].text));
  if (first < 0) return null;
  // The numbers: each alone on its line, criteria between, up to a note or a heading.
  const numbers: Line[] = [];
  for (let i = first; i < ls.length; i++) {
    const t = ls[i].text.trim();
    if (/^(注|备注|说明)[：:]|^第[一二三四五六七八九十\d]+[章节]/.test(t)) break;
    const v = pointsOf(t)?.value;
    if (v != null && v > 0 && v <= 100) numbers.push(ls[i]);
  }
  if (numbers.length < 3) return null;
  // Name lines before the first number, a wrapped name's tail joined to it (安全文明施工与环境 / 保护:
  // a piece of one to three characters under a line as wide as the column).
  const lines2: Array<{ line: Line; text: string }> = [];
  for (let i = 0; i < first; i++) {
    // (A name printed after its serial, 1 价格, is the name: the serial column came out beside it.)
    const t = ls[i].text.trim().replace(/^\d{1,2}\s+(?=[\u4e00-\u9fa5])/, '');
    const prev = lines2[lines2.length - 1];
    if (
      prev &&
      ls[i].start === prev.line.end + 1 &&
      /^[\u4e00-\u9fa5）)]{1,3}$/.test(t) &&
      !VALUE.test(t) &&
      !TITLE_PIECE.test(t) &&
      !headerRole(t) &&
      prev.text.length >= 6 &&
      name(prev.text)
    ) {
      prev.text += t;
      prev.line = { text: prev.text, start: prev.line.start, end: ls[i].end };
      continue;
    }
    lines2.push({ line: ls[i], text: t });
  }
  // The block of names right before them: the last run of name lines (clause numbers and a
  // table's title pieces may stand between), read back from the first number. A name right above
  // a title piece is the 前附表's factor cell (项目管理机构 / 评分标准): it heads rows, it is not one.
  const names: Array<{ line: Line; text: string }> = [];
  let gap = 0;
  for (let i = lines2.length - 1; i >= 0 && names.length < numbers.length; i--) {
    const t = lines2[i].text;
    const below = lines2[i + 1];
    const heads = !!below && TITLE_PIECE.test(below.text) && below.line.start === lines2[i].line.end + 1;
    if (name(t) && !heads) {
      names.unshift(lines2[i]);
      gap = 0;
    } else if (heads || CLAUSE.test(t) || TITLE_PIECE.test(t) || /^[（(]\s*\d{1,3}\s*分\s*[)）]$/.test(t))
      continue;
    else if (names.length && ++gap > 6) break;
  }
  if (names.length !== numbers.length) return null;
  const items: ProposedItem[] = names.map(({ line: n, text: nameText }, k) => {
    const p = numbers[k];
    const v = pointsOf(p.text)!;
    const at = p.start + p.text.indexOf(v.text);
    return {
      name: nameText,
      points: v.value,
      criteria: criteriaAfter(k),
      category: null,
      group: null,
      lot,
      span: { start: n.start, end: n.end },
      nameSpan: { start: n.start + n.text.indexOf(nameText), end: n.end },
      pointsSpan: { start: at, end: at + v.text.length },
      serial: null,
    };
  });
  // The criteria under each number, to the next one.
  function criteriaAfter(k: number): string {
    const from = ls.indexOf(numbers[k]);
    const to = k + 1 < numbers.length ? ls.indexOf(numbers[k + 1]) : Math.min(ls.length, from + 8);
    return ls
      .slice(from, to)
      .map((l) => l.text.trim())
      .join('');
  }
  pricedByCriteria(items);
  return { reader: 'column-dump', lot, items, subtotals: [] };
};

/**
 * Raw text may print a merged cell's rows out of order (投标报价 before 信用评价 in the names, their
 * points the other way round): the price row takes the points whose criteria score the price
 * (基准价, 报价得分), when those are another row's.
 */
function pricedByCriteria(items: ProposedItem[]): void {
  const priceCrit = (c: string) => /基准价|评标价|报价得分|价格分/.test(c);
  const k = items.findIndex((it) => categoryOfName(it.name, null) === 'price');
  if (k < 0 || priceCrit(items[k].criteria)) return;
  const j = items.findIndex((it, i) => i !== k && priceCrit(it.criteria));
  if (j < 0 || categoryOfName(items[j].name, null) === 'price') return;
  const a = items[k];
  const b = items[j];
  [a.points, b.points] = [b.points, a.points];
  [a.pointsSpan, b.pointsSpan] = [b.pointsSpan, a.pointsSpan];
  [a.criteria, b.criteria] = [b.criteria, a.criteria];
}
