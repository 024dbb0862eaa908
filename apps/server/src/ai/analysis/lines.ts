import { parseEnumerator } from '../tender-text.ts';

/**
 * The analysed text as lines that remember where they start, so that every extracted item can
 * carry `source` offsets into exactly the text the analysis saw.
 */

export interface Line {
  /** The line without its trailing spaces; full-width spaces folded. */
  text: string;
  /** Offset of the line's first character in the analysed text. */
  start: number;
  end: number;
}

export function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  for (const raw of text.split('\n')) {
    const text = raw.replace(/[\u00a0\u3000]/g, ' ').replace(/\s+$/g, '');
    out.push({ text, start: pos, end: pos + raw.length });
    pos += raw.length + 1;
  }
  return out;
}

/** The lines as written (nothing folded or trimmed), with their offsets. */
export function rawLinesOf(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  for (const raw of text.split('\n')) {
    out.push({ text: raw, start: pos, end: pos + raw.length });
    pos += raw.length + 1;
  }
  return out;
}

/** The document's title: its first line of some length (PDF page headers repeat it). */
export function titleOf(lines: Line[]): string {
  return lines.find((l) => l.text.trim().length >= 6)?.text.trim() ?? '';
}

// (Dashes around the mark, — 第 3 页 / 共 10 页 —, are its decoration.)
const PAGE_MARK =
  /^(?:[-—–]\s*)?(第\s*\d+\s*页(\s*[,，/／]?\s*共\s*\d+\s*页)?|共\s*\d+\s*页\s*第\s*\d+\s*页|[-—–]\s*\d+\s*[-—–]|\d+\s*\/\s*\d+|Page\s+\d+(\s+of\s+\d+)?)(?:\s*[-—–])?$/i;

/** A page header or footer that PDF extraction leaves in the middle of the text (and of tables). */
export function isPageNoise(s: string, title: string): boolean {
  const t = s.trim();
  if (!t) return true;
  if (PAGE_MARK.test(t)) return true;
  // (The running title as each page sets it: its words a different number of spaces apart.)
  const sq = (x: string) => x.replace(/\s+/g, '');
  const head = sq(title);
  if (head.length >= 6 && sq(t).length <= head.length + 12 && sq(t).startsWith(head)) return true;
  return false;
}

/** A chapter heading (第三章 评标办法, 第二部分 …): sections end there. */
export function isChapterHeading(s: string): boolean {
  const e = parseEnumerator(s);
  return e?.style === 'chapter' && s.trim().length <= 40 && !/[，。；]/.test(e.rest);
}

export interface Paragraph {
  text: string;
  start: number;
  end: number;
  /**
   * Where each joined line's text starts in the paragraph's text (`at`) and in the source (`start`),
   * when lines were joined: the line breaks, indents and page furniture between them are not in
   * the paragraph's text, so its offsets are not the source's past the first line.
   */
  pieces?: Array<{ at: number; start: number }>;
}

/** The source offset of the paragraph's character `i`. */
export function offsetIn(p: Paragraph, i: number): number {
  let piece = { at: 0, start: p.start };
  for (const x of p.pieces ?? []) if (x.at <= i) piece = x;
  return piece.start + (i - piece.at);
}

/** The paragraph's text from `from` to `to` as a paragraph of its own, its offsets kept. */
export function subParagraph(p: Paragraph, from: number, to: number): Paragraph {
  const pieces = [
    { at: 0, start: offsetIn(p, from) },
    ...(p.pieces ?? [])
      .filter((x) => x.at > from && x.at < to)
      .map((x) => ({ at: x.at - from, start: x.start })),
  ];
  return { text: p.text.slice(from, to), start: offsetIn(p, from), end: offsetIn(p, to - 1) + 1, pieces };
}

const BREAK_AFTER = /[。；;：:！!？?]$/;

/**
 * Logical paragraphs: lines wrapped by a PDF's page width are joined again (a long line without a
 * closing mark followed by a line that does not start a list item), page headers and footers
 * dropped. Clauses are read from these so a sentence split over two lines stays one.
 */
/**
 * Which blank lines stand beside page furniture (第 3 页 / 共 10 页, the running title): they are the
 * page break's, not a paragraph's end — a sentence cut by the break goes on after it.
 */
export function pageBreakBlanks(lines: Line[], isNoise: (k: number) => boolean): boolean[] {
  const beside = (k: number, step: number) => {
    let j = k + step;
    while (j >= 0 && j < lines.length && !lines[j].text.trim()) j += step;
    return j >= 0 && j < lines.length && isNoise(j);
  };
  return lines.map((l, k) => !l.text.trim() && (beside(k, -1) || beside(k, 1)));
}

export function paragraphsOf(lines: Line[], title: string): Paragraph[] {
  const out: Paragraph[] = [];
  let cur: Paragraph | null = null;
  let prevLen = 0;
  const noise = lines.map((l) => !!l.text.trim() && isPageNoise(l.text.trim(), title));
  const pageBreak = pageBreakBlanks(lines, (k) => noise[k]);
  for (const [k, l] of lines.entries()) {
    const t = l.text.trim();
    if (!t || noise[k]) {
      if (!t && cur && !pageBreak[k]) {
        out.push(cur);
        cur = null;
      }
      continue;
    }
    const row = (s: string) => s.includes('\t') || s.startsWith('|');
    const startsItem = Boolean(parseEnumerator(t)) || /^[★▲●◆■□※]/.test(t) || row(t);
    // A table row's cells wrapped onto short lines of their own belong to the row.
    const rowWrap = cur && row(cur.text) && !startsItem && t.length <= 30 && !BREAK_AFTER.test(cur.text);
    if (cur && ((prevLen >= 28 && !BREAK_AFTER.test(cur.text) && !startsItem && !row(cur.text)) || rowWrap)) {
      (cur.pieces ??= [{ at: 0, start: cur.start }]).push({
        at: cur.text.length,
        start: l.start + (l.text.length - l.text.trimStart().length),
      });
      cur.text += t;
      cur.end = l.end;
    } else {
      if (cur) out.push(cur);
      cur = { text: t, start: l.start + (l.text.length - l.text.trimStart().length), end: l.end };
    }
    prevLen = t.length;
  }
  if (cur) out.push(cur);
  return out;
}
