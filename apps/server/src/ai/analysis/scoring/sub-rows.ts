import { nameLike, numberValue } from './cells.ts';
import { contentLines } from './noise.ts';
import type { ProposedItem, Reader } from './types.ts';

/**
 * The sub-rows of a table, numbered under their factor (3.1 | 档案整理与著录 | 0～6 | …), read alone:
 * what a reading of the factors (3 | 数字化加工技术方案 | 20) is detailed by when they add up to it
 * (part-detail.ts). Cells apart by TABs or by runs of spaces.
 */

const RANGE = /^\d{1,3}(?:\.\d+)?\s*分?\s*[-–—~～至]\s*(\d{1,3}(?:\.\d+)?)\s*分?$/;

export const readSubRows: Reader = (lines, isNoise, lot) => {
  const items: ProposedItem[] = [];
  const kept = contentLines(lines, isNoise);
  // (A row with rows of its own under it, 2.1 over 2.1.1 …, is a heading: its rows are the items.)
  const parents = new Set(
    kept.flatMap((l) => {
      const m = /^\s*(\d{1,2}\.\d{1,2})\.\d{1,2}(?![.\d])/.exec(l.text);
      return m ? [m[1]] : [];
    }),
  );
  for (const l of kept) {
    const cells = [...l.text.matchAll(/[^\t]+?(?=\t| {2,}|\s*$)/g)]
      .map((m) => ({ text: m[0].trim(), at: l.start + m.index + (m[0].length - m[0].trimStart().length) }))
      .filter((c) => c.text);
    if (cells.length < 3) continue;
    const serial = /^(\d{1,2})\.\d{1,2}$/.exec(cells[0].text);
    if (!serial || parents.has(cells[0].text)) continue;
    const [, name, pts] = cells;
    const range = RANGE.exec(pts.text);
    const points = range ? Number(range[1]) : numberValue(pts.text);
    if (points == null || !nameLike(name.text) || name.text.length < 2 || /^\d/.test(name.text)) continue;
    items.push({
      name: name.text,
      points,
      criteria: cells
        .slice(3)
        .map((c) => c.text)
        .join(''),
      category: null,
      group: null,
      lot,
      span: { start: l.start, end: l.end },
      nameSpan: { start: name.at, end: name.at + name.text.length },
      pointsSpan: { start: pts.at, end: pts.at + pts.text.length },
      serial: Number(serial[1]),
    });
  }
  return items.length >= 2 ? { reader: 'sub-rows', lot, items, subtotals: [] } : null;
};
