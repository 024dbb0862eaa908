import {
  alignPassages,
  coveredLength,
  DEFAULT_ALIGN,
  indexFingerprints,
  type AlignOptions,
} from './align.ts';
import { normalize, type Normalized } from './normalize.ts';
import { DEFAULT_WINNOW, gramHashes, winnow, type Fingerprints, type WinnowOptions } from './winnow.ts';

/**
 * Text comparison of 2..n documents: every pair is aligned both ways round once (passages of the
 * first found in the second), positions are reported in the original texts, and text quoted from
 * the tender is left out. Pure and synchronous: the job calls it pair by pair.
 */

export interface TextDoc {
  key: string;
  text: string;
}

export interface TextPassage {
  /** Half-open ranges in the original texts. */
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  similarity: number;
}

export interface PairResult {
  a: string;
  b: string;
  /** 0..100: the larger share of either text found in the other, weighted by similarity. */
  score: number;
  passages: TextPassage[];
}

export interface PreparedDoc {
  key: string;
  norm: Normalized;
  fp: Fingerprints;
  /** Prefix sums of normalised positions inside text quoted from the tender (null without a tender). */
  quoted: Int32Array | null;
}

export interface CompareOptions {
  winnow: WinnowOptions;
  align: Omit<AlignOptions, 'k'>;
  /** A passage this much (0..1) inside quoted tender text is the tender's, not the bidders'. */
  maxQuoted: number;
}

export const DEFAULT_COMPARE: CompareOptions = {
  winnow: DEFAULT_WINNOW,
  align: DEFAULT_ALIGN,
  maxQuoted: 0.5,
};

/** All k-gram hashes of the tender: seeds with one of them are quotes. */
export function tenderGrams(
  tender: string | null | undefined,
  opts: CompareOptions = DEFAULT_COMPARE,
): Set<number> | null {
  if (!tender?.trim()) return null;
  const hashes = gramHashes(normalize(tender).text, opts.winnow.k);
  return hashes.length ? new Set(hashes) : null;
}

export function prepare(
  doc: TextDoc,
  tender: Set<number> | null,
  opts: CompareOptions = DEFAULT_COMPARE,
): PreparedDoc {
  const norm = normalize(doc.text);
  const fp = winnow(norm.text, opts.winnow);
  let quoted: Int32Array | null = null;
  if (tender) {
    const k = opts.winnow.k;
    const grams = gramHashes(norm.text, k);
    const mark = new Uint8Array(norm.text.length);
    for (let i = 0; i < grams.length; i++) if (tender.has(grams[i])) mark.fill(1, i, i + k);
    quoted = new Int32Array(norm.text.length + 1);
    for (let i = 0; i < mark.length; i++) quoted[i + 1] = quoted[i] + mark[i];
  }
  return { key: doc.key, norm, fp, quoted };
}

function original(norm: Normalized, start: number, end: number): [number, number] {
  return [norm.map[start], norm.map[end - 1] + 1];
}

export function comparePair(
  a: PreparedDoc,
  b: PreparedDoc,
  tender: Set<number> | null,
  opts: CompareOptions = DEFAULT_COMPARE,
): PairResult {
  const raw = alignPassages(
    a.norm.text,
    a.fp,
    b.norm.text,
    indexFingerprints(b.fp),
    { ...opts.align, k: opts.winnow.k },
    tender ? (h) => tender.has(h) : undefined,
  );
  const kept = raw.filter((p) => {
    const len = p.aEnd - p.aStart;
    const q = a.quoted ? a.quoted[p.aEnd] - a.quoted[p.aStart] : 0;
    return q / len < opts.maxQuoted;
  });
  const lenA = Math.max(1, a.norm.text.length);
  const lenB = Math.max(1, b.norm.text.length);
  const covA = coveredLength(kept.map((p) => [p.aStart, p.aEnd]));
  const covB = coveredLength(kept.map((p) => [p.bStart, p.bEnd]));
  const weight = kept.reduce((s, p) => s + (p.aEnd - p.aStart), 0);
  const sim = weight ? kept.reduce((s, p) => s + (p.aEnd - p.aStart) * p.similarity, 0) / weight : 0;
  const score = Math.round(100 * Math.min(1, Math.max(covA / lenA, covB / lenB)) * sim);
  return {
    a: a.key,
    b: b.key,
    score,
    passages: kept.map((p) => {
      const [aStart, aEnd] = original(a.norm, p.aStart, p.aEnd);
      const [bStart, bEnd] = original(b.norm, p.bStart, p.bEnd);
      return { aStart, aEnd, bStart, bEnd, similarity: Math.round(p.similarity * 1000) / 1000 };
    }),
  };
}

/** Every pair of the documents, in input order. */
export function compareTexts(
  docs: TextDoc[],
  tender?: string | null,
  opts: CompareOptions = DEFAULT_COMPARE,
): PairResult[] {
  const grams = tenderGrams(tender, opts);
  const prepared = docs.map((d) => prepare(d, grams, opts));
  const out: PairResult[] = [];
  for (let i = 0; i < prepared.length; i++)
    for (let j = i + 1; j < prepared.length; j++)
      out.push(comparePair(prepared[i], prepared[j], grams, opts));
  return out;
}
