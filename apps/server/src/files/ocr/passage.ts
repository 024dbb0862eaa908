import type { OcrPageBoxes } from '../parse-core.ts';

/** Where a passage of an OCR'd tender is on its page image. */
export interface PassageOnPage {
  page: number;
  width: number;
  height: number;
  boxes: Array<{ x0: number; y0: number; x1: number; y1: number }>;
}

const bare = (s: string) => s.replace(/\s+/g, '');

/**
 * Finds a passage (the marked text and what surrounds it) among the lines OCR read: the lines that
 * hold the marked text, or that it holds; when several do (a name said twice), the one whose
 * neighbours on the page are also in the surrounding text. Null when no line matches.
 */
export function passageOnPage(
  pages: OcrPageBoxes[],
  passage: { before: string; text: string; after: string },
): PassageOnPage | null {
  const span = bare(passage.text);
  if (span.length < 2) return null;
  const around = bare(`${passage.before.slice(-300)}${passage.text}${passage.after.slice(0, 300)}`);
  let best: { page: OcrPageBoxes; line: number; score: number } | null = null;
  const within = (p: OcrPageBoxes, i: number) => {
    const L = bare(p.lines[i].text);
    return L.length >= 2 && (L.includes(span) || (L.length >= 4 && span.includes(L)));
  };
  for (const p of pages) {
    for (const [i, line] of p.lines.entries()) {
      if (!within(p, i)) continue;
      const h = Math.max(1, line.y1 - line.y0);
      const cy = (line.y0 + line.y1) / 2;
      let score = 0;
      p.lines.forEach((other, j) => {
        if (j === i || Math.abs((other.y0 + other.y1) / 2 - cy) > 4 * h) return;
        const t = bare(other.text);
        if (t.length >= 2 && around.includes(t)) score += 1;
      });
      if (!best || score > best.score) best = { page: p, line: i, score };
    }
  }
  if (!best) return null;
  const { page, line } = best;
  const first = page.lines[line];
  // A long passage covers several lines: those of it near the best one.
  const lines = bare(first.text).includes(span)
    ? [first]
    : page.lines.filter((l, i) => {
        if (!within(page, i) || bare(l.text).includes(span)) return i === line;
        const h = Math.max(1, first.y1 - first.y0);
        return Math.abs(l.y0 - first.y0) <= h * Math.max(4, span.length / 10);
      });
  return {
    page: page.page,
    width: page.width,
    height: page.height,
    boxes: lines.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 })),
  };
}
