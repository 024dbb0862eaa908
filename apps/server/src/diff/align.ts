import type { Fingerprints } from './winnow.ts';

/**
 * Aligned passages between two normalised texts. Shared fingerprints are the seeds; seeds that
 * follow each other on nearly the same diagonal are chained (small insertions and deletions move
 * the diagonal a little), every seed is extended to its maximal exact match, and the short gaps
 * between matches are aligned character by character (a changed character or a swapped word leaves
 * a gap of a few characters). A passage's similarity is the share of its characters so aligned.
 */

export interface AlignOptions {
  k: number;
  /** Largest distance between consecutive seeds of one passage (normalised characters). */
  maxGap: number;
  /** Largest shift of the diagonal between consecutive seeds (inserted or deleted characters). */
  maxShift: number;
  /** Shortest passage reported (normalised characters of the first text). */
  minLength: number;
  minSimilarity: number;
  /** A hash found this often in the second text is boilerplate and seeds nothing. */
  maxOccurrences: number;
  maxPassages: number;
}

export const DEFAULT_ALIGN: Omit<AlignOptions, 'k'> = {
  maxGap: 80,
  maxShift: 12,
  minLength: 20,
  minSimilarity: 0.5,
  maxOccurrences: 16,
  maxPassages: 1000,
};

export interface RawPassage {
  /** Half-open ranges in the normalised texts. */
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  similarity: number;
}

interface Chain {
  lastA: number;
  lastB: number;
  seeds: number[];
}

/** Hash -> positions of the second text's fingerprints. */
export function indexFingerprints(fp: Fingerprints): Map<number, number[]> {
  const idx = new Map<number, number[]>();
  for (let i = 0; i < fp.count; i++) {
    const h = fp.hashes[i];
    const list = idx.get(h);
    if (list) list.push(fp.positions[i]);
    else idx.set(h, [fp.positions[i]]);
  }
  return idx;
}

function sameGram(a: string, pa: number, b: string, pb: number, k: number): boolean {
  for (let i = 0; i < k; i++) if (a.charCodeAt(pa + i) !== b.charCodeAt(pb + i)) return false;
  return true;
}

/** Length of the longest common subsequence of two short strings (the gap between two matches). */
function lcs(a: string, as: number, ae: number, b: string, bs: number, be: number): number {
  const m = be - bs;
  if (ae <= as || m <= 0) return 0;
  let prev = new Uint16Array(m + 1);
  let cur = new Uint16Array(m + 1);
  for (let i = as; i < ae; i++) {
    const ca = a.charCodeAt(i);
    for (let j = 1; j <= m; j++) {
      cur[j] = ca === b.charCodeAt(bs + j - 1) ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m];
}

const GAP_ALIGN_MAX = 96;
/** Ungapped extension past the last exact match: +1 per equal character, -3 per other; stops 8 below its best. */
const EXTEND_MISMATCH = 3;
const EXTEND_DROP = 8;

/**
 * Extends a passage beyond its outermost exact match over changed characters (a passage with one
 * word in ten replaced still reaches its ends). `dir` -1 walks left from (ia, ib), 1 walks right.
 */
function extendEnds(
  a: string,
  b: string,
  ia: number,
  ib: number,
  dir: -1 | 1,
): { len: number; matched: number } {
  let score = 0;
  let best = 0;
  let bestLen = 0;
  let matched = 0;
  let bestMatched = 0;
  for (let len = 1; ; len++) {
    const pa = dir < 0 ? ia - len : ia + len - 1;
    const pb = dir < 0 ? ib - len : ib + len - 1;
    if (pa < 0 || pb < 0 || pa >= a.length || pb >= b.length) break;
    if (a.charCodeAt(pa) === b.charCodeAt(pb)) {
      score += 1;
      matched++;
    } else score -= EXTEND_MISMATCH;
    if (score > best) {
      best = score;
      bestLen = len;
      bestMatched = matched;
    }
    if (score < best - EXTEND_DROP) break;
  }
  return { len: bestLen, matched: bestMatched };
}

/** Maximal exact matches of a chain's seeds, their span and the aligned character count. */
function passageOf(
  a: string,
  b: string,
  seedsA: Int32Array,
  seedsB: Int32Array,
  chain: number[],
  k: number,
): RawPassage | null {
  const mems: Array<[number, number, number, number]> = [];
  let cur: [number, number, number, number] | null = null;
  for (const s of chain) {
    const pa = seedsA[s];
    const pb = seedsB[s];
    // A seed inside the current match on the same diagonal adds nothing.
    if (cur && pa >= cur[0] && pa + k <= cur[1] && pb - pa === cur[2] - cur[0]) continue;
    let sa = pa;
    let sb = pb;
    const floorA = cur ? cur[1] : 0;
    const floorB = cur ? cur[3] : 0;
    while (sa > floorA && sb > floorB && a.charCodeAt(sa - 1) === b.charCodeAt(sb - 1)) {
      sa--;
      sb--;
    }
    let ea = pa + k;
    let eb = pb + k;
    while (ea < a.length && eb < b.length && a.charCodeAt(ea) === b.charCodeAt(eb)) {
      ea++;
      eb++;
    }
    cur = [sa, ea, sb, eb];
    mems.push(cur);
  }
  if (!mems.length) return null;
  // Chains advance in both texts, so matches are ordered; overlaps (a repeated word) are clipped.
  let aligned = 0;
  let prevA = mems[0][0];
  let prevB = mems[0][2];
  for (const [sa, ea, sb, eb] of mems) {
    const gapA = sa - prevA;
    const gapB = sb - prevB;
    if (gapA > 0 && gapB > 0 && gapA <= GAP_ALIGN_MAX && gapB <= GAP_ALIGN_MAX)
      aligned += 2 * lcs(a, prevA, sa, b, prevB, sb);
    const fromA = Math.max(sa, prevA);
    const fromB = Math.max(sb, prevB);
    aligned += Math.max(0, ea - fromA) + Math.max(0, eb - fromB);
    prevA = Math.max(prevA, ea);
    prevB = Math.max(prevB, eb);
  }
  const left = extendEnds(a, b, mems[0][0], mems[0][2], -1);
  const right = extendEnds(a, b, prevA, prevB, 1);
  aligned += 2 * (left.matched + right.matched);
  const aStart = mems[0][0] - left.len;
  const bStart = mems[0][2] - left.len;
  const aEnd = prevA + right.len;
  const bEnd = prevB + right.len;
  const total = aEnd - aStart + (bEnd - bStart);
  return { aStart, aEnd, bStart, bEnd, similarity: total > 0 ? Math.min(1, aligned / total) : 0 };
}

/**
 * Passages of `a` found again in `b`. `skip(hash)` drops seeds (text quoted from the tender).
 */
export function alignPassages(
  a: string,
  fpA: Fingerprints,
  b: string,
  indexB: Map<number, number[]>,
  opts: AlignOptions,
  skip?: (hash: number) => boolean,
): RawPassage[] {
  const k = opts.k;
  // Seeds in the order of the first text.
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < fpA.count; i++) {
    const h = fpA.hashes[i];
    const list = indexB.get(h);
    if (!list || list.length > opts.maxOccurrences) continue;
    if (skip?.(h)) continue;
    const pa = fpA.positions[i];
    for (const pb of list) {
      if (!sameGram(a, pa, b, pb, k)) continue;
      sa.push(pa);
      sb.push(pb);
    }
  }
  const seedsA = Int32Array.from(sa);
  const seedsB = Int32Array.from(sb);

  const done: number[][] = [];
  let open: Chain[] = [];
  for (let s = 0; s < seedsA.length; s++) {
    const pa = seedsA[s];
    const pb = seedsB[s];
    if (open.length) {
      const still: Chain[] = [];
      for (const c of open) {
        if (pa - c.lastA > opts.maxGap) done.push(c.seeds);
        else still.push(c);
      }
      open = still;
    }
    let best: Chain | null = null;
    let bestShift = Infinity;
    for (const c of open) {
      const da = pa - c.lastA;
      const db = pb - c.lastB;
      if (da <= 0 || db <= 0 || db > opts.maxGap) continue;
      const shift = Math.abs(db - da);
      if (shift <= opts.maxShift && shift < bestShift) {
        best = c;
        bestShift = shift;
      }
    }
    if (best) {
      best.lastA = pa;
      best.lastB = pb;
      best.seeds.push(s);
    } else {
      open.push({ lastA: pa, lastB: pb, seeds: [s] });
      // Highly repetitive text opens many chains; the oldest are closed.
      if (open.length > 256) done.push(open.shift()!.seeds);
    }
  }
  for (const c of open) done.push(c.seeds);

  const out: RawPassage[] = [];
  for (const chain of done) {
    const p = passageOf(a, b, seedsA, seedsB, chain, k);
    if (
      !p ||
      p.aEnd - p.aStart < opts.minLength ||
      p.bEnd - p.bStart < opts.minLength / 2 ||
      p.similarity < opts.minSimilarity
    )
      continue;
    out.push(p);
  }
  // A passage contained in a longer one on the same place of both texts is the same finding.
  out.sort((x, y) => x.aStart - y.aStart || y.aEnd - x.aEnd);
  const kept: RawPassage[] = [];
  for (const p of out) {
    const dup = kept.some(
      (q) => p.aStart >= q.aStart && p.aEnd <= q.aEnd && p.bStart >= q.bStart && p.bEnd <= q.bEnd,
    );
    if (!dup) kept.push(p);
  }
  if (kept.length > opts.maxPassages) {
    const longest = [...kept]
      .sort((x, y) => y.aEnd - y.aStart - (x.aEnd - x.aStart))
      .slice(0, opts.maxPassages);
    return longest.sort((x, y) => x.aStart - y.aStart);
  }
  return kept;
}

/** Characters of [0, length) covered by at least one of the ranges. */
export function coveredLength(ranges: Array<[number, number]>): number {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -1;
  for (const [s, e] of sorted) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}
