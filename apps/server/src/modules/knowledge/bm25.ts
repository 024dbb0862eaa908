/**
 * BM25 over passages, held in memory as one segment per document (built from the stored term
 * vectors). A change to a library only builds the segments of the documents that are new; the
 * collection statistics (passage count, average length, document frequency) are summed over the
 * segments at query time, so scores are those of one index over all of them.
 */
export interface IndexedPassage {
  id: string;
  documentId: string;
  terms: Record<string, number>;
  length: number;
}

export interface Scored {
  id: string;
  documentId: string;
  score: number;
}

const K1 = 1.2;
const B = 0.75;

export class Bm25Segment {
  readonly ids: string[] = [];
  readonly lengths: Float64Array;
  readonly totalLength: number;
  readonly postings = new Map<string, { rows: Int32Array; tfs: Float32Array }>();

  constructor(
    readonly documentId: string,
    passages: IndexedPassage[],
  ) {
    this.lengths = new Float64Array(passages.length);
    const lists = new Map<string, { rows: number[]; tfs: number[] }>();
    let total = 0;
    passages.forEach((p, row) => {
      this.ids.push(p.id);
      this.lengths[row] = p.length;
      total += p.length;
      for (const term in p.terms) {
        let l = lists.get(term);
        if (!l) lists.set(term, (l = { rows: [], tfs: [] }));
        l.rows.push(row);
        l.tfs.push(p.terms[term]);
      }
    });
    for (const [term, l] of lists)
      this.postings.set(term, { rows: Int32Array.from(l.rows), tfs: Float32Array.from(l.tfs) });
    this.totalLength = total;
  }

  get size(): number {
    return this.ids.length;
  }
}

/** The best `k` passages of the segments for the query terms (each counted once), best first. */
export function searchSegments(segments: Iterable<Bm25Segment>, queryTerms: string[], k: number): Scored[] {
  const segs = [...segments];
  let n = 0;
  let total = 0;
  for (const s of segs) {
    n += s.size;
    total += s.totalLength;
  }
  if (!n || !queryTerms.length) return [];
  const avg = total / n;
  const terms = [...new Set(queryTerms)];
  const idf = terms.map((t) => {
    let df = 0;
    for (const s of segs) df += s.postings.get(t)?.rows.length ?? 0;
    return df ? Math.log(1 + (n - df + 0.5) / (df + 0.5)) : 0;
  });
  const out: Scored[] = [];
  for (const s of segs) {
    let scores: Float64Array | null = null;
    const touched: number[] = [];
    terms.forEach((term, ti) => {
      const p = idf[ti] ? s.postings.get(term) : undefined;
      if (!p) return;
      scores ??= new Float64Array(s.size);
      for (let i = 0; i < p.rows.length; i++) {
        const row = p.rows[i];
        const tf = p.tfs[i];
        if (scores[row] === 0) touched.push(row);
        scores[row] += (idf[ti] * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * s.lengths[row]) / avg));
      }
    });
    if (!scores) continue;
    const sc: Float64Array = scores;
    for (const row of touched) out.push({ id: s.ids[row], documentId: s.documentId, score: sc[row] });
  }
  out.sort((a, b) => b.score - a.score);
  return out.slice(0, k);
}
