import { nameLike } from './cells.ts';
import { contentLines } from './noise.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A 评标办法前附表 as `pdftotext -raw` prints it: each row its clause number on lines of its own
 * (2.2. / 4（1）), the factor's name wrapped at its column's width (施工方案与技术措 / 施), then a line
 * that opens with the points and goes on with the criteria (5 施工方案合理、…), or the name, points
 * and criteria on one line (项目经理 5 项目经理具有…). A row is read from its clause lines to the next row.
 */

const CLAUSE = /^\s*\d[\d.．（）()]{0,11}\s*$/;
const POINTS_LINE = /^\s*(\d{1,3}(?:\.\d{1,2})?)\s*分?\s+(\S.*)$/;

/** A row on one line: its clause number perhaps, the name, the points, the criteria (2.2. 其他主要人员 4 施工员…). */
const ONE_LINE =
  /^\s*(?:\d[\d.．（）()]{0,11}\s+)?([\u4e00-\u9fa5][^\s，。；：:]{1,15})\s+(\d{1,3}(?:\.\d{1,2})?)\s*分?\s+(\S.*)$/;

export const readClauseRows: Reader = (lines, isNoise, lot) => {
  const ls = contentLines(lines, isNoise);
  const items: ProposedItem[] = [];
  const crit = (from: number) => {
    let k = from;
    while (k < ls.length && !CLAUSE.test(ls[k].text) && !ONE_LINE.test(ls[k].text)) k++;
    return k;
  };
  // (Only a table whose rows open with their clause numbers on lines of their own: two such rows at
  // least, the one-line rows read after the first of them.)
  const led = ls.filter((l, i) => CLAUSE.test(l.text) && i + 1 < ls.length && !CLAUSE.test(ls[i + 1].text));
  if (led.length < 2) return null;
  for (let i = 0; i < ls.length; i++) {
    const one = items.length ? ONE_LINE.exec(ls[i].text) : null;
    if (one && nameLike(one[1]) && !/[的得扣]$/.test(one[1])) {
      const at = ls[i].start + ls[i].text.indexOf(one[1]);
      const p = ls[i].start + ls[i].text.indexOf(one[2], ls[i].text.indexOf(one[1]) + one[1].length);
      const k = crit(i + 1);
      items.push({
        name: one[1],
        points: Number(one[2]),
        criteria: [one[3], ...ls.slice(i + 1, k).map((l) => l.text.trim())].join(''),
        category: null,
        group: null,
        lot,
        span: { start: ls[i].start, end: ls[k - 1].end },
        nameSpan: { start: at, end: at + one[1].length },
        pointsSpan: { start: p, end: p + one[2].length },
        serial: null,
      });
      continue;
    }
    if (!CLAUSE.test(ls[i].text) || (i > 0 && CLAUSE.test(ls[i - 1].text))) continue;
    let j = i;
    while (j < ls.length && CLAUSE.test(ls[j].text)) j++;
    // The name: one to three short lines, then the points line.
    const name: typeof ls = [];
    while (j < ls.length && name.length < 3 && !POINTS_LINE.test(ls[j].text) && !CLAUSE.test(ls[j].text)) {
      const t = ls[j].text.trim();
      if (t.length > 16 || !nameLike(t) || /^\d/.test(t)) break;
      name.push(ls[j++]);
    }
    const m = j < ls.length ? POINTS_LINE.exec(ls[j].text) : null;
    if (!name.length || !m) continue;
    const text = name.map((l) => l.text.trim()).join('');
    if (!nameLike(text) || text.length < 2) continue;
    const first = name[0];
    const at = first.start + first.text.indexOf(first.text.trim());
    const p = ls[j].start + ls[j].text.indexOf(m[1]);
    // Its criteria: the points line and what follows, up to the next row.
    const k = crit(j + 1);
    items.push({
      name: text,
      points: Number(m[1]),
      criteria: [m[2], ...ls.slice(j + 1, k).map((l) => l.text.trim())].join(''),
      category: null,
      group: null,
      lot,
      span: { start: ls[i].start, end: ls[Math.max(j, k - 1)].end },
      nameSpan: { start: at, end: name[name.length - 1].end },
      pointsSpan: { start: p, end: p + m[1].length },
      serial: null,
    });
    i = j;
  }
  return items.length >= 3 ? { reader: 'clause-rows', lot, items, subtotals: [], uncategorised: true } : null;
};
