import { nameLike } from './cells.ts';
import { headerRole } from './header-role.ts';
import type { ProposedItem, Reader, Span } from './types.ts';

/**
 * A table with two points columns of which each row fills one (主观分 | 客观分: 实验室整体设计方案 |
 * 0–15分 | — ; 类似项目业绩 | — | 6), as any text extraction gives it — cells one per line, a row on
 * one line, a row's cells over several lines, the criteria printed after the rows. Read as a stream
 * of words: the next serial, the name's words, then the two cells; the row's points are the one cell
 * that is not a dash (the upper end of a range).
 */

interface Word {
  text: string;
  span: Span;
}

const DASH = /^[—–\-－/／]+$/;
const VALUE =
  /^(?:(\d{1,3}(?:\.\d+)?)\s*分?|\d{1,3}(?:\.\d+)?\s*分?\s*[-–—~～至]\s*(\d{1,3}(?:\.\d+)?)\s*分?)$/;
const HEAD = /^(?:主观|客观)(?:分|评分|分值)?$|^序$|^号$/;

const valueOf = (t: string): number | null => {
  const m = VALUE.exec(t);
  return m ? Number(m[2] ?? m[1]) : null;
};

export const readPairedColumns: Reader = (lines, isNoise, lot) => {
  const kept = lines.filter((l) => !isNoise(l.text));
  if (!kept.some((l) => /主观/.test(l.text)) || !kept.some((l) => /客观/.test(l.text))) return null;
  const words: Word[] = kept.flatMap((l) =>
    [...l.text.matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      span: { start: l.start + m.index, end: l.start + m.index + m[0].length },
    })),
  );
  const items: ProposedItem[] = [];
  let serial = 1;
  for (let i = 0; i < words.length; i++) {
    // (The first row's serial may stand before a 包's heading, in the part before: its header is where
    // the row starts then.)
    const headed = serial === 1 && (HEAD.test(words[i].text) || !!headerRole(words[i].text));
    if (words[i].text !== String(serial) && !headed) continue;
    // The row: its serial, header labels a page's repeated header puts between (评分因素 主观分 客观分),
    // one to three words of name, and the two cells.
    let j = i + 1;
    const name: Word[] = [];
    while (j < words.length && name.length <= 3) {
      const t = words[j].text;
      if (HEAD.test(t) || headerRole(t)) {
        if (name.length) break;
        j++;
        continue;
      }
      if (DASH.test(t) || valueOf(t) != null) break;
      name.push(words[j++]);
    }
    const cells = words.slice(j, j + 2);
    if (!name.length || cells.length < 2 || !cells.every((c) => DASH.test(c.text) || valueOf(c.text) != null))
      continue;
    const text = name.map((w) => w.text).join('');
    if (!nameLike(text) || text.length < 2 || /\d/.test(text)) continue;
    const filled = cells.filter((c) => !DASH.test(c.text));
    // (Both cells filled says these are not the two columns of one kind: a range and its maximum.)
    if (filled.length !== 1) continue;
    items.push({
      name: text,
      points: valueOf(filled[0].text),
      criteria: '',
      category: null,
      group: null,
      lot,
      span: { start: words[i].span.start, end: cells[1].span.end },
      nameSpan: { start: name[0].span.start, end: name[name.length - 1].span.end },
      pointsSpan: filled[0].span,
      serial,
    });
    serial += 1;
    i = j + 1;
  }
  return items.length >= 3 ? { reader: 'paired-columns', lot, items, subtotals: [] } : null;
};
