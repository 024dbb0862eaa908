import { markdownToPlainText } from '@bid/document';

/**
 * Search folding: full-width to half-width and lower case (NFKC), one code point at a time so the
 * folded text has exactly the offsets of the original and highlight ranges computed on one apply
 * to the other. A code point whose folding changes its length (ligatures, ㎡) stays as it is.
 */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const f = ch.normalize('NFKC').toLowerCase();
    out += f.length === ch.length ? f : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  }
  return out;
}

/** What a content row is searched by (stored in contents.search_text). */
export function searchText(title: string, summary: string, body: string): string {
  return fold(`${title}\n${summary}\n${markdownToPlainText(body)}`);
}

/** The query's keywords, folded; words split on any whitespace (full-width spaces too). */
export function keywords(query: string): string[] {
  return [...new Set(fold(query).split(/\s+/u).filter(Boolean))].slice(0, 5);
}

/** `%word%` for LIKE with `\` as the escape character. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Where the keywords occur in `text`: sorted, merged [start, end) ranges. */
export function highlightRanges(text: string, words: string[]): Array<[number, number]> {
  const folded = fold(text);
  const ranges: Array<[number, number]> = [];
  for (const w of words) {
    for (let i = folded.indexOf(w); i !== -1 && ranges.length < 50; i = folded.indexOf(w, i + w.length))
      ranges.push([i, i + w.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 120;

/** A window of the plain text around the first keyword found, with the keywords' ranges in it. */
export function snippet(
  plain: string,
  words: string[],
): { snippet: string; snippetHighlights: Array<[number, number]> } {
  const text = plain.replace(/\s+/g, ' ').trim();
  const folded = fold(text);
  const firstHits = words.map((w) => folded.indexOf(w)).filter((i) => i >= 0);
  const first = firstHits.length ? Math.min(...firstHits) : 0;
  let start = Math.max(0, first - SNIPPET_BEFORE);
  // Do not cut a surrogate pair in half.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start])) start--;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end])) end++;
  const prefix = start > 0 ? '…' : '';
  const body = text.slice(start, end);
  const out = `${prefix}${body}${end < text.length ? '…' : ''}`;
  const shift = prefix.length;
  const snippetHighlights = highlightRanges(body, words).map(([a, b]): [number, number] => [
    a + shift,
    b + shift,
  ]);
  return { snippet: out, snippetHighlights };
}
