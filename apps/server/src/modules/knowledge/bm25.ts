/**
 * An in-memory BM25 index over passages, built from their stored term vectors. Postings are
 * flat typed arrays so that a query over 10,000 passages touches only the lists of its terms.
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

export class Bm25Index {
  private readonly ids: string[] = [];
  private readonly docs: string[] = [];
  private readonly lengths: Float64Array;
  private readonly postings = new Map<string, { rows: Int32Array; tfs: Float32Array }>();
  private readonly avgLength: number;

  constructor(passages: IndexedPassage[]) {
    this.lengths = new Float64Array(passages.length);
    const lists = new Map<string, { rows: number[]; tfs: number[] }>();
    let total = 0;
    passages.forEach((p, row) => {
      this.ids.push(p.id);
      this.docs.push(p.documentId);
      this.lengths[row] = p.length;
      total += p.length;
      for (const [term, tf] of Object.entries(p.terms)) {
        let l = lists.get(term);
        if (!l) lists.set(term, (l = { rows: [], tfs: [] }));
        l.rows.push(row);
        l.tfs.push(tf);
      }
    });
    for (const [term, l] of lists) this.postings.set(term, { rows: Int32Array.from(l.rows), tfs: Float32Array.from(l.tfs) });
    this.avgLength = passages.length ? total / passages.length : 1;
  }

  get size(): number {
    return this.ids.length;
  }

  /** The best `k` passages for the query terms (each counted once), best first. */
  search(queryTerms: string[], k: number): Scored[] {
    const n = this.ids.length;
    if (!n || !queryTerms.length) return [];
    const scores = new Float64Array(n);
    const touched: number[] = [];
    for (const term of new Set(queryTerms)) {
      const p = this.postings.get(term);
      if (!p) continue;
      const df = p.rows.length;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < p.rows.length; i++) {
        const row = p.rows[i];
        const tf = p.tfs[i];
        const norm = tf + K1 * (1 - B + (B * this.lengths[row]) / this.avgLength);
        if (scores[row] === 0) touched.push(row);
        scores[row] += (idf * tf * (K1 + 1)) / norm;
      }
    }
    touched.sort((a, b) => scores[b] - scores[a]);
    return touched.slice(0, k).map((row) => ({ id: this.ids[row], documentId: this.docs[row], score: scores[row] }));
  }
}
