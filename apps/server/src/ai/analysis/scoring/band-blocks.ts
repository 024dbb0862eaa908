import { nameLike } from './cells.ts';
import { contentLines } from './noise.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * A table of bands with no points column (序号 | 参数名称 | 第一档 | 第二档 | 第三档, each band's cell
 * a condition over its points: ≤±2% / 得6分) as default `pdftotext` prints it, column by column: the
 * serials and names one block, then each band's cells another. An item is worth its first band's
 * points (the top one): the n names pair in order with the n 得N分 cells under 第一档.
 */

const SERIAL = /^\s*(\d{1,2})\s*$/;
const FIRST_BAND = /^\s*(?:第[一1]档|一档|[A甲]档|第一档次|最高档)\s*$/;
const BAND =
  /^\s*(?:第[一二三四五六七八九十\d]档|[一二三四五六七八九十]档|[A-E甲乙丙丁]档|第[一二三四五]档次|最[高低]档)\s*$/;
const GOT = /^\s*得\s*(\d{1,3}(?:\.\d+)?)\s*分\s*$/;

export const readBandBlocks: Reader = (lines, isNoise, lot) => {
  const ls = contentLines(lines, isNoise);
  const start = ls.findIndex((l) => FIRST_BAND.test(l.text));
  if (start < 0) return null;
  // The names right before: serial / name pairs, the last run of them before the band's header.
  const rows: Array<{ serial: number; name: (typeof ls)[number] }> = [];
  for (let i = 0; i + 1 < start; i++) {
    const s = SERIAL.exec(ls[i].text);
    const n = ls[i + 1].text.trim();
    if (!s || !nameLike(n) || n.length < 2 || /^\d/.test(n)) continue;
    const serial = Number(s[1]);
    if (serial === 1) rows.length = 0;
    if (serial !== rows.length + 1) continue;
    rows.push({ serial, name: ls[i + 1] });
    i += 1;
  }
  if (rows.length < 3) return null;
  // Bands whose headers came out together (第一档 / 第二档) print their cells side by side, row by row:
  // each row's first band is every k-th 得N分.
  let k = 1;
  while (start + k < ls.length && BAND.test(ls[start + k].text)) k += 1;
  const got: Array<(typeof ls)[number]> = [];
  let seen = 0;
  for (let i = start + k; i < ls.length && got.length < rows.length; i++) {
    if (BAND.test(ls[i].text)) break;
    if (GOT.test(ls[i].text) && seen++ % k === 0) got.push(ls[i]);
  }
  if (got.length !== rows.length) return null;
  const items: ProposedItem[] = rows.map((r, k) => {
    const name = r.name.text.trim();
    const at = r.name.start + r.name.text.indexOf(name);
    const points = GOT.exec(got[k].text)!;
    const p = got[k].start + got[k].text.indexOf(points[1]);
    return {
      name,
      points: Number(points[1]),
      criteria: '',
      category: 'technical',
      group: null,
      lot,
      span: { start: at, end: got[k].end },
      nameSpan: { start: at, end: at + name.length },
      pointsSpan: { start: p, end: p + points[1].length },
      serial: r.serial,
    };
  });
  return { reader: 'band-blocks', lot, items, subtotals: [] };
};
