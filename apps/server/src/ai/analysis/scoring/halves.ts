import type { Line } from '../lines.ts';

/**
 * A scoring table printed as two halves side by side to save a page (序号 | 评分项 | 分值 | 评分标准 ‖
 * 序号 | 评分项 | 分值 | 评分标准: items 1–7 on the left, 8–13 on the right, each printed row holding
 * one of each): read as the left halves top to bottom, then the right halves. Each half keeps its
 * offsets in the text. Null when no header line repeats its cells.
 */
export function unfoldedHalves(lines: Line[]): Line[] | null {
  const at = lines.findIndex((l) => doubled(l.text) != null);
  if (at < 0) return null;
  const k = doubled(lines[at].text)!;
  let end = at + 1;
  while (end < lines.length && lines[end].text.includes('\t')) end++;
  if (end - at < 3) return null;
  const left: Line[] = [];
  const right: Line[] = [];
  for (const l of lines.slice(at, end)) {
    // The k-th TAB parts the halves.
    let cut = -1;
    for (let n = 0, i = 0; n < k; n++) {
      cut = l.text.indexOf('\t', i);
      if (cut < 0) break;
      i = cut + 1;
    }
    if (cut < 0) {
      left.push(l);
      continue;
    }
    left.push({ ...l, text: l.text.slice(0, cut), end: l.start + cut });
    const rest = l.text.slice(cut + 1);
    if (rest.trim()) right.push({ ...l, text: rest, start: l.start + cut + 1 });
  }
  return [...lines.slice(0, at), ...left, ...right, ...lines.slice(end)];
}

/** The width of a header line whose cells are the same k cells twice (k ≥ 2), or null. */
function doubled(text: string): number | null {
  if (!text.includes('\t')) return null;
  const cells = text.split('\t').map((c) => c.trim());
  while (cells.length && !cells[cells.length - 1]) cells.pop();
  if (cells.length < 4 || cells.length % 2) return null;
  const k = cells.length / 2;
  const a = cells.slice(0, k);
  const b = cells.slice(k);
  if (a.some((c) => !c) || a.join('|') !== b.join('|')) return null;
  // A header's words, not a row of data that happens to repeat (序号, 评分项, 分值 …).
  return a.some((c) => /序号|评分|评审|分值|因素|标准|项目|内容/.test(c)) ? k : null;
}
