import type { Line } from '../lines.ts';
import { catCell, headerRole, nameLike, numberValue } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem } from './types.ts';

/**
 * `pdftotext -layout` text of a table: each row is a band of lines between blank lines, its cells
 * side by side at fixed character columns, a cell's text wrapped inside its column (水质监测及达标
 * 保障措 / 施). Words are sorted into columns by where they start: left of the criteria column a
 * word continues the name, a short number is the points, a leading 1 / 1.1 the serial. A row with
 * a name and no points of its own is a category (技术部分（45 分）) or a merged category cell.
 */

interface Word {
  text: string;
  x: number;
  start: number;
}

const SERIAL = /^(\d{1,2}(?:\.\d{1,2})?|[一二三四五六七八九十]+、?)$/;

function wordsOf(l: Line): Word[] {
  const out: Word[] = [];
  const re = /\S+(?: \S+)*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(l.text))) {
    // A run ending in a lone number after a single space is a cell and its points (…一般的 8).
    const tail = / (\d{1,3}(?:\.\d)?)$/.exec(m[0]);
    if (tail && tail.index > 0) {
      out.push({ text: m[0].slice(0, tail.index), x: m.index, start: l.start + m.index });
      const at = m.index + tail.index + 1;
      out.push({ text: tail[1], x: at, start: l.start + at });
    } else out.push({ text: m[0], x: m.index, start: l.start + m.index });
  }
  return out;
}

export function readLayoutBlocks(
  lines: Line[],
  isNoise: (t: string) => boolean,
  lot: number | null,
): Proposal | null {
  // The header: a line whose words are mostly header labels.
  const h = lines.findIndex((l) => {
    const ws = l.text.trim().split(/\s{2,}/);
    return ws.length >= 3 && ws.filter((w) => headerRole(w)).length >= 3;
  });
  if (h < 0) return null;
  const header = lines[h].text.trim();
  const rows = lines.slice(h + 1);
  // Column starts learned from the data: names start where most short words do (a category
  // column, when there is one, further left); criteria where most long runs right of them do.
  const mode = (xs: number[]) => {
    const counts = new Map<number, number>();
    for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
  };
  const words = rows.flatMap((l) => wordsOf(l));
  const nameX = mode(
    words
      .filter((w) => w.text.length <= 12 && !SERIAL.test(w.text) && numberValue(w.text) == null)
      .map((w) => w.x),
  );
  if (nameX == null) return null;
  const longX = words.filter((w) => w.text.length >= 12 && w.x > nameX + 2).map((w) => w.x);
  if (longX.length < 4) return null;
  const critX = mode(longX)!;
  const blocks: Line[][] = [[]];
  for (const l of rows) {
    if (!l.text.trim() || isNoise(l.text) || l.text.trim() === header) {
      if (blocks[blocks.length - 1].length) blocks.push([]);
      continue;
    }
    if (/^\s*(合\s*计|总\s*计)/.test(l.text)) break;
    blocks[blocks.length - 1].push(l);
  }
  const items: ProposedItem[] = [];
  const subtotals: Proposal['subtotals'] = [];
  let group: string | null = null;
  for (const b of blocks) {
    if (!b.length) continue;
    let serial: string | null = null;
    const name: Word[] = [];
    const crit: string[] = [];
    const cat: string[] = [];
    let points: Word | null = null;
    for (const l of b) {
      for (const w of wordsOf(l)) {
        const v = numberValue(w.text);
        if (!serial && w.x < nameX + 2 && SERIAL.test(w.text)) serial = w.text;
        else if (v != null && w.text.length <= 6 && !points) points = w;
        else if (w.x < nameX - 2) cat.push(w.text);
        else if (w.x < critX - 2) {
          // A name run that reaches into the criteria column carries the criteria's first words.
          const room = critX - 2 - w.x;
          if (w.text.length > room + 2 && w.text.includes(' ')) {
            const cut = w.text.lastIndexOf(' ', room + 2);
            if (cut > 0) {
              name.push({ ...w, text: w.text.slice(0, cut) });
              crit.push(w.text.slice(cut + 1));
              continue;
            }
          }
          name.push(w);
        } else crit.push(w.text);
      }
    }
    const nm = name.map((w) => w.text.replace(/\s+/g, '')).join('');
    const catText = cat.join('').replace(/\s+/g, '');
    if (catText) {
      const cc = catCell(catText);
      const label = cc?.label ?? catText.replace(/[（(].*$/, '');
      if (label) group = label;
    }
    if (!nm) continue;
    const cc = catCell(nm);
    if (cc && (!points || cc.points != null)) {
      group = cc.label;
      if (cc.points != null)
        subtotals.push({
          label: cc.label,
          category: categoryOfLabel(cc.label),
          points: cc.points,
          span: { start: b[0].start, end: b[b.length - 1].end },
        });
      continue;
    }
    if (!nameLike(nm) || !points) continue;
    items.push({
      name: nm,
      points: numberValue(points.text),
      criteria: crit.join(''),
      category: group ? categoryOfLabel(group) : null,
      group,
      lot,
      span: { start: b[0].start, end: b[b.length - 1].end },
      nameSpan: { start: name[0].start, end: name[0].start + name[0].text.length },
      pointsSpan: { start: points.start, end: points.start + points.text.length },
      serial: serial && /^\d+$/.test(serial) ? Number(serial) : null,
    });
  }
  return items.length >= 2 ? { reader: 'layout-blocks', lot, items, subtotals } : null;
}
