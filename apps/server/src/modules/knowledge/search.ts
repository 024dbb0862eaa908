import { Bm25Segment, searchSegments, type IndexedPassage, type Scored } from './bm25.ts';
import { cosine, fuse, type Embedder } from './embeddings.ts';
import type { KnowledgeRepo } from './repo.ts';
import { termsOf } from './terms.ts';

interface DocumentIndex {
  segment: Bm25Segment;
  vectors: Map<string, Float32Array>;
}

interface ScopeIndex {
  revision: number;
  documents: Map<string, DocumentIndex>;
}

/** What the search reads from the database. */
export type IndexSource = Pick<KnowledgeRepo, 'revisions' | 'documentIds' | 'indexRows'>;

/** Scopes kept in memory at once; the least recently searched is dropped first. */
const MAX_SCOPES = 32;

/**
 * Search over the passages of several scopes: BM25 segments built from the stored term vectors and
 * cached per scope; when a scope's revision moves (one small query per search checks it, so several
 * processes stay right) only the documents added since are read and built, removed ones dropped.
 * Fused with embedding similarity when an embedder is configured.
 */
export class PassageSearch {
  private readonly cache = new Map<string, ScopeIndex>();

  constructor(
    private readonly repo: IndexSource,
    private readonly embedder: Embedder | null = null,
  ) {}

  private async indexOf(scope: string, revision: number): Promise<ScopeIndex> {
    let idx = this.cache.get(scope);
    if (idx) this.cache.delete(scope);
    if (!idx) idx = { revision: -1, documents: new Map() };
    this.cache.set(scope, idx);
    while (this.cache.size > MAX_SCOPES) this.cache.delete(this.cache.keys().next().value!);
    if (idx.revision === revision) return idx;
    const ids = new Set(await this.repo.documentIds(scope));
    for (const id of idx.documents.keys()) if (!ids.has(id)) idx.documents.delete(id);
    const fresh = [...ids].filter((id) => !idx.documents.has(id));
    const byDoc = new Map<string, { passages: IndexedPassage[]; vectors: Map<string, Float32Array> }>();
    for (const id of fresh) byDoc.set(id, { passages: [], vectors: new Map() });
    for (const r of await this.repo.indexRows(fresh)) {
      const d = byDoc.get(r.document_id)!;
      d.passages.push({
        id: r.id,
        documentId: r.document_id,
        terms: JSON.parse(r.terms) as Record<string, number>,
        length: r.length,
      });
      if (r.embedding) d.vectors.set(r.id, Float32Array.from(JSON.parse(r.embedding) as number[]));
    }
    for (const [id, d] of byDoc)
      idx.documents.set(id, { segment: new Bm25Segment(id, d.passages), vectors: d.vectors });
    idx.revision = revision;
    return idx;
  }

  /** The best passages of the scopes for the query, best first. */
  async search(scopes: string[], query: string, size: number): Promise<Scored[]> {
    const revisions = await this.repo.revisions(scopes);
    const docs: DocumentIndex[] = [];
    for (const scope of scopes) {
      const rev = revisions.get(scope);
      if (rev === undefined) continue;
      docs.push(...(await this.indexOf(scope, rev)).documents.values());
    }
    const lexical = searchSegments(
      docs.map((d) => d.segment),
      termsOf(query),
      size * 2,
    );
    if (!this.embedder || !docs.some((d) => d.vectors.size)) return lexical.slice(0, size);
    return this.hybrid(docs, lexical, query, size);
  }

  private async hybrid(
    docs: DocumentIndex[],
    lexical: Scored[],
    query: string,
    size: number,
  ): Promise<Scored[]> {
    let q: number[];
    try {
      [q] = await this.embedder!.embed([query]);
    } catch {
      // The provider being down must not take search with it.
      return lexical.slice(0, size);
    }
    const dense: Scored[] = [];
    for (const d of docs)
      for (const [id, v] of d.vectors)
        dense.push({ id, documentId: d.segment.documentId, score: cosine(q, v) });
    dense.sort((a, b) => b.score - a.score);
    const top = dense.slice(0, size * 2);
    const fused = fuse([lexical.map((s) => s.id), top.map((s) => s.id)]);
    const byId = new Map([...lexical, ...top].map((s) => [s.id, s]));
    return [...fused.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, size)
      .map(([id, score]) => ({
        id,
        documentId: byId.get(id)!.documentId,
        score: Math.round(score * 1e6) / 1e4,
      }));
  }
}
