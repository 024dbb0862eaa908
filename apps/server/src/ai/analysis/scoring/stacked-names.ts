import type { Line } from '../lines.ts';
import { nameLike } from './cells.ts';
import { contentLines } from './noise.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A grid whose narrow cells put two or three characters on a line (a ReportLab or designer-made
 * 评分网格: 1 / 技术部分 / （52分） / 监测 / 工作 / 大纲 / 10 / 分 / criteria …): rows by their serials,
 * counted up one by one; after a serial, a category label with its points in brackets on the next
 * line heads the rows, the short lines up to a lone number are the factor's name, the number (with a
 * lone 分 after it) its points, and what follows up to the next serial its criteria.
 */

const SERIAL = /^\s*(\d{1,2})\s*$/;
const POINTS = /^\s*(\d{1,3}(?:\.\d+)?)\s*(分)?\s*$/;
const UNIT = /^\s*分\s*$/;
const BRACKETED = /^\s*[（(]\s*\d{1,3}(?:\.\d+)?\s*分\s*[)）]\s*$/;
const PIECE = /^[\u4e00-\u9fa5（）()、]{1,8}$/;

export const readStackedNames: Reader = (lines: Line[], isNoise, lot) => {
  const ls = contentLines(lines, isNoise);
  const items: ProposedItem[] = [];
  let expected = 1;
  let group: string | null = null;
  for (let i = 0; i < ls.length; i++) {
    const s = SERIAL.exec(ls[i].text);
    if (!s || Number(s[1]) !== expected) continue;
    let j = i + 1;
    // A category label over the rows, its points on the line after it (技术部分 / （52分）).
    if (j + 1 < ls.length && PIECE.test(ls[j].text.trim()) && BRACKETED.test(ls[j + 1].text)) {
      group = ls[j].text.trim();
      j += 2;
    }
    const pieces: Line[] = [];
    while (j < ls.length && pieces.length < 6 && PIECE.test(ls[j].text.trim()) && !POINTS.test(ls[j].text))
      pieces.push(ls[j++]);
    const p = j < ls.length ? POINTS.exec(ls[j].text) : null;
    const name = pieces.map((x) => x.text.trim()).join('');
    if (!pieces.length || !p || name.length < 2 || name.length > 20 || !nameLike(name)) continue;
    const pointsLine = ls[j++];
    if (!p[2] && j < ls.length && UNIT.test(ls[j].text)) j++;
    // Its criteria: up to the next serial, a note or a chapter.
    const from = j;
    while (
      j < ls.length &&
      Number(SERIAL.exec(ls[j].text)?.[1]) !== expected + 1 &&
      !/^(注|备注|说明)[：:]|^第[一二三四五六七八九十\d]+[章节]/.test(ls[j].text.trim())
    )
      j++;
    const criteria = ls
      .slice(from, j)
      .map((x) => x.text.trim())
      .join('');
    const at = pointsLine.start + pointsLine.text.indexOf(p[1]);
    items.push({
      name,
      points: Number(p[1]),
      criteria,
      category: null,
      group,
      lot,
      span: { start: ls[i].start, end: (ls[j - 1] ?? pointsLine).end },
      nameSpan: { start: pieces[0].start, end: pieces[pieces.length - 1].end },
      pointsSpan: { start: at, end: at + p[1].length },
      serial: expected,
    });
    expected += 1;
    i = j - 1;
  }
  return items.length >= 3 ? { reader: 'stacked-names', lot, items, subtotals: [] } : null;
};
