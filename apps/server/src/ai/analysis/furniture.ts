import type { Line } from './lines.ts';

/**
 * Page furniture: the running headers and footers a PDF's text extraction leaves between the lines
 * of the body (and of its tables). Found by what makes them furniture, not by their wording: a page
 * number ("第 9 页 共 23 页", "- 9 -"), or a line that opens or closes most pages with only its
 * digits changing.
 */

const PAGE_NUMBER =
  /第\s*\d+\s*页\s*[,，/／]?\s*共\s*\d+\s*页|共\s*\d+\s*页\s*[,，/／]?\s*第\s*\d+\s*页|^[-—–]\s*\d+\s*[-—–]$|^\d+\s*\/\s*\d+$|^Page\s+\d+(\s+of\s+\d+)?$/i;

/** A line that states a page number (possibly after a document number or title). */
export function isPageNumberLine(t: string): boolean {
  const s = t.trim();
  return s.length <= 80 && PAGE_NUMBER.test(s);
}

const shape = (t: string) => t.replace(/\s+/g, '').replace(/\d+/g, '#');

/**
 * Indexes of the lines that are page furniture. Pages are told apart by their page-number lines
 * (else by blank lines, which is how extraction separates pages); a line whose shape opens or
 * closes at least a third of the pages (and three of them) is a running header or footer.
 */
export function furnitureOf(lines: Line[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < lines.length; i++) if (isPageNumberLine(lines[i].text)) out.add(i);
  // Page edges: the first and last two content lines around each break.
  const breaks: number[] = [];
  for (let i = 0; i < lines.length; i++)
    if (out.has(i) || (!lines[i].text.trim() && i > 0 && lines[i - 1].text.trim())) breaks.push(i);
  if (breaks.length < 3) return out;
  const count = new Map<string, Set<number>>();
  const note = (i: number, page: number) => {
    const t = lines[i]?.text.trim();
    if (!t || t.includes('\t') || t.length < 4 || t.length > 80) return;
    const k = shape(t);
    const pages = count.get(k) ?? new Set<number>();
    pages.add(page);
    count.set(k, pages);
  };
  const content = (from: number, step: 1 | -1, n: number): number[] => {
    const got: number[] = [];
    for (let i = from; i >= 0 && i < lines.length && got.length < n; i += step) {
      if (out.has(i)) continue;
      if (lines[i].text.trim()) got.push(i);
    }
    return got;
  };
  breaks.forEach((b, page) => {
    for (const i of content(b + 1, 1, 2)) note(i, page);
    for (const i of content(b - 1, -1, 2)) note(i, page);
  });
  const need = Math.max(3, Math.ceil(breaks.length / 3));
  const running = new Set([...count].filter(([, pages]) => pages.size >= need).map(([k]) => k));
  if (!running.size) return out;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text.trim();
    if (t && !t.includes('\t') && running.has(shape(t))) out.add(i);
  }
  return out;
}
