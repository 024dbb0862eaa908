import { countWords, parseAnalysis } from '@bid/shared';
import { tableKindOf } from '../../ai/plan/tables.ts';

/**
 * What counts as a chapter's own text, and when a chapter counts as written (issue 26, scope 1).
 *
 * A draft full of 【待填写】 placeholders, a notice and the tender's requirements repeated back is
 * not written: progress counts only the text the bid adds. A chapter is written when that text
 * reaches the bid's share (default 60 %) of the chapter's word target, or when the writer marked
 * it 「无需正文」 (a form, a table to fill by hand).
 */

/** The share of a chapter's target its own text must reach, in percent, when the bid sets none. */
export const DEFAULT_WRITTEN_SHARE = 60;

/**
 * Placeholders and notices: everything inside 【】 (the offline drafts' 【待填写：…】, their notice
 * 【待填写：本章为离线模板草稿…】, 【待确认】 cells). An unclosed bracket runs to the line's end.
 */
const BRACKETED = /【[^】\n]*(】|$)/gm;

/** Runs of this many characters found in the tender count as repeated from it, not written. */
const ECHO_WINDOW = 10;

/** Letters and digits only: punctuation and spacing do not hide a repetition. */
function squeeze(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

/** The windows of a tender's text, reused while the same bid writes many chapters. */
export class EchoIndex {
  private readonly grams = new Set<string>();

  constructor(sources: string[]) {
    for (const s of sources) {
      const t = squeeze(s);
      for (let i = 0; i + ECHO_WINDOW <= t.length; i++) this.grams.add(t.slice(i, i + ECHO_WINDOW));
    }
  }

  get empty(): boolean {
    return this.grams.size === 0;
  }

  /** The text with every stretch that also stands in the tender taken out. */
  strip(text: string): string {
    if (this.empty) return text;
    const t = squeeze(text);
    const echoed = new Uint8Array(t.length);
    for (let i = 0; i + ECHO_WINDOW <= t.length; i++)
      if (this.grams.has(t.slice(i, i + ECHO_WINDOW))) echoed.fill(1, i, i + ECHO_WINDOW);
    let out = '';
    for (let i = 0; i < t.length; i++) if (!echoed[i]) out += t[i];
    return out;
  }
}

/** The chapter's own words: placeholders, notices and text repeated from the tender left out. */
export function ownWords(text: string, echoes: EchoIndex | null): number {
  const open = text.replace(BRACKETED, '\n');
  return countWords(echoes ? echoes.strip(open) : open);
}

/** Every string of a JSON value (the stored analysis: requirements, ★ clauses, scoring criteria). */
export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** The words a chapter's own text needs to count as written (0: any own text is enough). */
export function wordsNeeded(targetWords: number | null, sharePercent: number): number {
  if (!targetWords || targetWords <= 0) return 1;
  return Math.max(1, Math.ceil((targetWords * sharePercent) / 100));
}

/** True when a chapter counts as written. */
export function isWritten(
  c: { own_words: number; target_words: number | null; noText?: boolean },
  sharePercent: number,
): boolean {
  if (c.noText) return true;
  return c.own_words >= wordsNeeded(c.target_words, sharePercent);
}

const cache = new Map<string, EchoIndex>();

/**
 * The echo index of a bid's tender: its pasted text and its stored analysis. Kept for a few bids,
 * keyed by what it was built from, so a full-text run builds it once.
 */
export function echoIndexOf(bid: {
  id: string;
  tender_text: string | null;
  analysis: string | null;
  analysis_version?: number;
}): EchoIndex {
  const key = `${bid.id}:${bid.analysis_version ?? 0}:${bid.tender_text?.length ?? 0}:${bid.analysis?.length ?? 0}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const idx = new EchoIndex([bid.tender_text ?? '', ...stringsOf(parseAnalysis(bid.analysis))]);
  if (cache.size >= 8) cache.delete(cache.keys().next().value!);
  cache.set(key, idx);
  return idx;
}

/**
 * The echo index a chapter's own text is measured against. The scoring index (评分索引表) is made of
 * the analysis's own items (names, points, where each is answered): measured against the analysis
 * it would have no text of its own, so it is measured as written.
 */
export function echoesFor(title: string, bid: Parameters<typeof echoIndexOf>[0]): EchoIndex | null {
  return tableKindOf(title) === 'scoreIndex' ? null : echoIndexOf(bid);
}
