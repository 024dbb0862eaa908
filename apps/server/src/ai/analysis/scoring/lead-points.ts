import type { Line } from '../lines.ts';
import { nameLike } from './cells.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * Criteria that open with the item's maximum (满分 6 分。施工方案…, 本项满分8分：…), the table's cells
 * left one per line with the name wrapped in its narrow column: 施工方案与技 / 术措施 / 满分 6 分。…
 * A PDF read as raw text deals the name's pieces out between the criteria's lines instead
 * (管网切改及不 / 满分 5 分。… / 停水施工措施 / 的得 4～5 分…): a short piece after the opening line
 * belongs to this name, unless it is the run of pieces right before the next opening line.
 */

const LEAD =
  /^\s*(?:本项|该项)?(?:满分|最高得?|最多得?|分值)\s*[：:为]?\s*(\d{1,3}(?:\.\d+)?)\s*分(?:[。；;，,：:\s]|$)/;
/** A piece of a wrapped name: a few characters, no sentence marks, no numbers. */
const PIECE = /^[\u4e00-\u9fa5（）()、/A-Za-z]{1,12}$/;
const CLAUSE = /^\s*\d[\d.．（）()]{1,11}\s*$/;
const NOT_NAME = /(?:评分标准|评审标准|评分细则|评审因素|评分因素|条款号)$|^(?:注|备注|说明)/;
/** A scoring table's own title (…评分标准) at the end of the pieces above its first row. */
const TITLE_END = '(?:评分标准|评审标准|评分细则|评审细则)';
const UP_TO_TITLE = new RegExp(`^.*${TITLE_END}`);
const TITLE_SUFFIX = new RegExp(`${TITLE_END}$`);

/**
 * A narrow name column's width: a piece that fills it wraps on; a shorter one ends its name. (The
 * commonest length of a piece that another piece follows: the wrapped ones; the longer of equals.)
 */
export function columnWidth(ls: Line[], piece: (i: number) => boolean): number {
  const counts = new Map<number, number>();
  ls.forEach((l, i) => {
    if (piece(i) && piece(i + 1))
      counts.set(l.text.trim().length, (counts.get(l.text.trim().length) ?? 0) + 1);
  });
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 99;
}

export const readLeadPoints: Reader = (lines, isNoise, lot) => {
  // (A clause number ends a row's name even where it reads as page furniture.)
  const ls = lines.filter((l) => l.text.trim() && (!isNoise(l.text) || CLAUSE.test(l.text)));
  const leads = ls.map((l, i) => (LEAD.test(l.text) ? i : -1)).filter((i) => i >= 0);
  if (leads.length < 3) return null;
  const piece = (i: number) =>
    i >= 0 && i < ls.length && PIECE.test(ls[i].text.trim()) && !LEAD.test(ls[i].text);
  const width = columnWidth(ls, piece);
  const full = (i: number) => ls[i].text.trim().length >= width;
  /** Where the name right above line `at` starts (a run of pieces, cut after a piece that ends a name). */
  const headOf = (at: number, floor: number) => {
    let from = at;
    while (from - 1 > floor && piece(from - 1) && at - from < 5) from -= 1;
    for (let i = at - 2; i >= from; i--) if (!full(i)) return i + 1;
    return from;
  };
  const items: ProposedItem[] = [];
  leads.forEach((at, k) => {
    const from = headOf(at, k ? leads[k - 1] : -1);
    const next = leads[k + 1] ?? ls.length;
    const nextHead = k + 1 < leads.length ? headOf(next, at) : next;
    // Its tail: pieces up to the next name's head, dealt out between criteria lines or carried over
    // a page break; a clause number (2.3, 2.2.4（2）) ends the row.
    const tail: Line[] = [];
    const criteria: Line[] = [ls[at]];
    for (let j = at + 1; j < nextHead; j++) {
      if (CLAUSE.test(ls[j].text)) break;
      if (piece(j) && !/[。；;]$/.test(ls[j - 1].text.trim())) tail.push(ls[j]);
      else criteria.push(ls[j]);
    }
    const parts = [...ls.slice(from, at), ...tail];
    // A merged cell above the first row (施工组织 / 设计评分 / 标准) is the table's title, not the name;
    // a title alone over its one row names it (投标报价评分 / 标准 / 满分 50 分).
    const joined = parts.map((l) => l.text.trim()).join('');
    const name = joined.replace(UP_TO_TITLE, '') || joined.replace(TITLE_SUFFIX, '');
    if (!name || !nameLike(name) || NOT_NAME.test(name) || name.length > 24) return;
    const m = LEAD.exec(ls[at].text)!;
    const pointsAt = ls[at].start + ls[at].text.indexOf(m[1], ls[at].text.search(/\d/));
    const last = criteria[criteria.length - 1];
    items.push({
      name,
      points: Number(m[1]),
      criteria: criteria.map((l) => l.text.trim()).join(''),
      category: null,
      group: null,
      lot,
      span: { start: parts[0].start, end: Math.max(last.end, parts[parts.length - 1].end) },
      nameSpan: { start: parts[0].start, end: parts[parts.length - 1].end },
      pointsSpan: { start: pointsAt, end: pointsAt + m[1].length },
      serial: null,
    });
  });
  return items.length >= 3 ? { reader: 'lead-points', lot, items, subtotals: [] } : null;
};
