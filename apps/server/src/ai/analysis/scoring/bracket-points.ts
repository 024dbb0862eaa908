import type { Line } from '../lines.ts';
import { nameLike } from './cells.ts';
import { columnWidth } from './lead-points.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A table as raw PDF text deals it out when each factor's points sit under its name in brackets:
 * the name's pieces wrapped in a narrow column (施工方案与技术措 / 施), the criteria's lines
 * interleaved with them, then （8 分） on a line of its own. The pieces since the last points or
 * clause number are the name; a table's own title above its first row (项目管理机构评 / 分标准) is
 * cut off; points right after points belong to the row, the first ones to its table's title.
 */

const POINTS = /^[（(]\s*(\d{1,3}(?:\.\d+)?)\s*分\s*[)）]$/;
const PIECE = /^[\u4e00-\u9fa5（）()、/A-Za-z]{1,12}$/;
const CLAUSE = /^\s*\d[\d.．（）()]{1,11}\s*$/;
/** A scoring table's title (…评分标准, cut at its column's width: …评分标) before the row's name. */
const TITLE_END = /(?:评分标准?|评审标准?|评分细则|评审细则)$/;

/**
 * The row's own pieces: after the table's title, and after any short piece that ended an earlier
 * text (a criteria line's last character, 价): a piece shorter than the column ends its name.
 */
function namePieces(pieces: Line[], width: number): Line[] {
  let from = 0;
  let joined = '';
  pieces.forEach((p, k) => {
    joined += p.text.trim();
    if (TITLE_END.test(joined)) from = k + 1;
  });
  for (let k = pieces.length - 2; k >= from; k--)
    if (pieces[k].text.trim().length < width) {
      from = k + 1;
      break;
    }
  return pieces.slice(from);
}

export const readBracketPoints: Reader = (lines, isNoise, lot) => {
  const ls = lines.filter((l) => l.text.trim() && (!isNoise(l.text) || CLAUSE.test(l.text)));
  const isPiece = (t: string) => PIECE.test(t) && !/^[^（(]*[)）]/.test(t);
  const width = columnWidth(ls, (i) => i < ls.length && isPiece(ls[i].text.trim()));
  const items: ProposedItem[] = [];
  let pieces: Line[] = [];
  /** The item the last points line made, while no other line but criteria came since. */
  let lastMade: ProposedItem | null = null;
  let afterPoints = false;
  for (const l of ls) {
    const t = l.text.trim();
    const p = POINTS.exec(t);
    if (CLAUSE.test(t)) {
      pieces = [];
      afterPoints = false;
      continue;
    }
    if (!p) {
      if (isPiece(t)) {
        pieces.push(l);
        afterPoints = false;
      }
      continue;
    }
    const value = Number(p[1]);
    const pointsAt = l.start + l.text.indexOf(p[1]);
    if (!pieces.length) {
      // Points right after points: the first were the title's (（15 分） / （4 分） under 技术负责人).
      if (afterPoints && lastMade) {
        lastMade.points = value;
        lastMade.pointsSpan = { start: pointsAt, end: pointsAt + p[1].length };
        lastMade = null;
      }
      continue;
    }
    const own = namePieces(pieces, width);
    const name = own.map((x) => x.text.trim()).join('');
    const first = own[0] ?? l;
    const made: ProposedItem | null =
      name.length >= 2 && nameLike(name)
        ? {
            name,
            points: value,
            criteria: '',
            category: null,
            group: null,
            lot,
            span: { start: first.start, end: l.end },
            nameSpan: { start: first.start, end: (own[own.length - 1] ?? l).end },
            pointsSpan: { start: pointsAt, end: pointsAt + p[1].length },
            serial: null,
          }
        : null;
    if (made) items.push(made);
    lastMade = made;
    afterPoints = true;
    pieces = [];
  }
  return items.length >= 3 ? { reader: 'bracket-points', lot, items, subtotals: [] } : null;
};
