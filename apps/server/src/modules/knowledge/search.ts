import { Bm25Index, type Scored } from './bm25.ts';
import { cosine, fuse, type Embedder } from './embeddings.ts';
import type { KnowledgeRepo } from './repo.ts';
import { termsOf } from './terms.ts';

interface ScopeIndex {
  revision: number;
  bm25: Bm25Index;
  vectors: Map<string, { documentId: string; v: Float32Array }>;
}

/** Scopes kept in memory at once; the least recently searched is dropped first. */
const MAX_SCOPES = 32;

/**
 * Search over the passages of several scopes: BM25 indexes built from the stored term vectors and
 * cached per scope until the scope's revision moves (one small query per search checks it, so
 * several processes stay right), fused with embedding similarity when an embedder is configured.
 */
export class PassageSearch {
  private readonly cache = new Map<string, ScopeIndex>();

  constructor(
    private readonly repo: KnowledgeRepo,
    private readonly embedder: Embedder | null = null,
  ) {}

  private async indexOf(scope: string, revision: number): Promise<ScopeIndex> {
    const hit = this.cache.get(scope);
    if (hit && hit.revision === revision) {
      this.cache.delete(scope);
      this.cache.set(scope, hit);
      return hit;
    }
    const rows = await this.repo.indexRows(scope);
    const vectors = new Map<string, { documentId: string; v: Float32Array }>();
    for (const r of rows) if (r.embedding) vectors.set(r.id, { documentId: r.document_id, v: Float32Array.from(JSON.parse(r.embedding) as number[]) });
    const built: ScopeIndex = {
      revision,
      bm25: new Bm25Index(rows.map((r) => ({ id: r.id, documentId: r.document_id, terms: JSON.parse(r.terms) as Record<string, number>, length: r.length }))),
      vectors,
    };
    this.cache.set(scope, built);
    while (this.cache.size > MAX_SCOPES) this.cache.delete(this.cache.keys().next().value!);
    return built;
  }

  /** The best passages of the scopes for the query, best first (scores comparable within one call). */
  async search(scopes: string[], query: string, size: number): Promise<Scored[]> {
    const revisions = await this.repo.revisions(scopes);
    const terms = termsOf(query);
    const lists: Scored[] = [];
    const indexes: ScopeIndex[] = [];
    for (const scope of scopes) {
      const rev = revisions.get(scope);
      if (rev === undefined) continue;
      const idx = await this.indexOf(scope, rev);
      indexes.push(idx);
      lists.push(...idx.bm25.search(terms, size * 2));
    }
    lists.sort((a, b) => b.score - a.score);
    if (!this.embedder || !indexes.some((i) => i.vectors.size)) return lists.slice(0, size);
    return this.hybrid(indexes, lists, query, size);
  }

  private async hybrid(indexes: ScopeIndex[], lexical: Scored[], query: string, size: number): Promise<Scored[]> {
    let q: number[];
    try {
      [q] = await this.embedder!.embed([query]);
    } catch {
      // The provider being down must not take search with it.
      return lexical.slice(0, size);
    }
    const dense: Scored[] = [];
    for (const idx of indexes) for (const [id, { documentId, v }] of idx.vectors) dense.push({ id, documentId, score: cosine(q, v) });
    dense.sort((a, b) => b.score - a.score);
    const top = dense.slice(0, size * 2);
    const fused = fuse([lexical.map((s) => s.id), top.map((s) => s.id)]);
    const byId = new Map([...lexical, ...top].map((s) => [s.id, s]));
    return [...fused.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, size)
      .map(([id, score]) => ({ id, documentId: byId.get(id)!.documentId, score: Math.round(score * 1e6) / 1e4 }));
  }
}
