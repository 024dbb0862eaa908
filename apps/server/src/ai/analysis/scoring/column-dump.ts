import type { Line } from '../lines.ts';
import { catCell, headerRole, nameLike } from './cells.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * A table that raw PDF text printed column by column: the factors' names one per line in a block
 * (项目经理 / 技术负责人 / 类似工程业绩 …), then further down the points column — each number alone
 * on its line, its criteria after it (8 / 具有高级工程师职称的得 3 分… / 4 / …). When the block right
 * before the first number holds as many names as there are numbers, they pair in order.
 */

const LONE = /^\s*(\d{1,3}(?:\.\d+)?)\s*$/;
const CLAUSE = /^\s*\d[\d.．（）()]{1,11}\s*$/;
/** A verdict or band cell, not a factor (合格 / 不合格, 优, 主观 …). */
const VALUE =
  /^(?:合格|不合格|合格[／/]不合格|合格[／/]不|优|良|中|差|优秀|良好|一般|较好|较差|主观|客观|是|否|有|无|—|-)$/;
const TITLE_PIECE = /(?:评分标准?|评审标准?|评分细则|评审细则)$|^[准则]$/;

export function readColumnDump(
  lines: Line[],
  isNoise: (t: string) => boolean,
  lot: number | null,
): Proposal | null {
  const ls = lines.filter((l) => l.text.trim() && !isNoise(l.text));
  const name = (t: string) =>
    t.length >= 2 &&
    t.length <= 16 &&
    !/\d/.test(t) &&
    nameLike(t) &&
    !headerRole(t) &&
    !catCell(t)?.points &&
    !TITLE_PIECE.test(t) &&
    !VALUE.test(t) &&
    !/^[^（(]*[)）]|[（(][^）)]*$/.test(t);
  const first = ls.findIndex((l, i) => LONE.test(l.text) && i > 0 && !LONE.test(ls[i - 1].text));
  if (first < 0) return null;
  // The numbers: each alone on its line, criteria between, up to a note or a heading.
  const numbers: Line[] = [];
  for (let i = first; i < ls.length; i++) {
    const t = ls[i].text.trim();
    if (/^(注|备注|说明)[：:]|^第[一二三四五六七八九十\d]+[章节]/.test(t)) break;
    const m = LONE.exec(t);
    if (m && Number(m[1]) > 0 && Number(m[1]) <= 100) numbers.push(ls[i]);
  }
  if (numbers.length < 3) return null;
  // The block of names right before them: the last run of name lines (clause numbers and a
  // table's title pieces may stand between), read back from the first number.
  const names: Line[] = [];
  let gap = 0;
  for (let i = first - 1; i >= 0 && names.length < numbers.length; i--) {
    const t = ls[i].text.trim();
    if (name(t)) {
      names.unshift(ls[i]);
      gap = 0;
    } else if (CLAUSE.test(t) || TITLE_PIECE.test(t) || /^[（(]\s*\d{1,3}\s*分\s*[)）]$/.test(t)) continue;
    else if (names.length && ++gap > 6) break;
  }
  if (names.length !== numbers.length) return null;
  const items: ProposedItem[] = names.map((n, k) => {
    const p = numbers[k];
    const v = LONE.exec(p.text)![1];
    const at = p.start + p.text.indexOf(v);
    return {
      name: n.text.trim(),
      points: Number(v),
      criteria: '',
      category: null,
      group: null,
      lot,
      span: { start: n.start, end: n.end },
      nameSpan: { start: n.start + n.text.indexOf(n.text.trim()), end: n.end },
      pointsSpan: { start: at, end: at + v.length },
      serial: null,
    };
  });
  return { reader: 'column-dump', lot, items, subtotals: [] };
}
