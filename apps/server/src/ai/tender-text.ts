/** Text helpers shared by the rule-based reading of tenders and by both engines: line splitting, list enumerators, similarity. */

export type EnumStyle = 'chapter' | 'cn' | 'paren-cn' | 'dotted' | 'num' | 'paren-num' | 'circled' | 'letter';

export interface Enumerated {
  style: EnumStyle;
  /** The enumerator as written (e.g. 一、 or （1）). */
  marker: string;
  /** The rest of the line. */
  rest: string;
}

const PATTERNS: Array<[EnumStyle, RegExp]> = [
  ['chapter', /^(第[一二三四五六七八九十百零\d]+(?:章|部分|篇|册|卷|节))[\s:：、.．]*/],
  ['cn', /^([一二三四五六七八九十]+[、.．])\s*/],
  ['paren-cn', /^([（(][一二三四五六七八九十]+[）)])[、.．]?\s*/],
  ['dotted', /^(\d{1,2}(?:[.．]\d{1,2})+)[.．、]?(?!\d)\s*/],
  ['paren-num', /^([（(]\d{1,2}[）)])[、.．]?\s*/],
  ['num', /^(\d{1,2}(?:[、.．](?!\d)|\s+|(?=[\u4e00-\u9fff])))\s*/],
  ['circled', /^([①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮])\s*/],
  ['letter', /^([A-Za-z][、.．)）])\s*/],
];

/** Recognises a list enumerator at the start of a line (第一章, 一、, （一）, 1.1, 1., （1）, ①, A.). */
export function parseEnumerator(line: string): Enumerated | null {
  const t = line.trim();
  for (const [style, re] of PATTERNS) {
    const m = re.exec(t);
    if (m && t.length > m[0].length) return { style, marker: m[1].trim(), rest: t.slice(m[0].length).trim() };
  }
  return null;
}

/** Normalised lines: full-width spaces and non-breaking spaces folded, trailing spaces removed. */
export function splitLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u3000]/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+$/g, ''));
}

export function stripEnumerator(line: string): string {
  const e = parseEnumerator(line);
  return (e ? e.rest : line).trim();
}

/** Sentences of a text (split at 。；! ? and line ends), trimmed, empty ones dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[。；;！!？?])|\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Character bigrams of a Chinese string (for rough similarity without a segmenter). */
export function bigrams(s: string): Set<string> {
  const clean = s.replace(/[\s\p{P}\d]/gu, '');
  const out = new Set<string>();
  for (let i = 0; i < clean.length - 1; i++) out.add(clean.slice(i, i + 2));
  return out;
}

export function similarity(a: string, b: string): number {
  const A = bigrams(a);
  const B = bigrams(b);
  if (!A.size || !B.size) return 0;
  let n = 0;
  for (const x of A) if (B.has(x)) n += 1;
  return n / Math.min(A.size, B.size);
}

export function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
