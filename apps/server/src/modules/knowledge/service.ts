import {
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MSG,
  type KnowledgeDetail,
  type KnowledgeDocument,
  type KnowledgeHit,
  type KnowledgeListInput,
  type KnowledgeListResult,
  type KnowledgeSearchInput,
  type SaveDocumentInput,
} from '@bid/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { OperatorDirectory } from '../../policy/operator.ts';
import type { Embedder } from './embeddings.ts';
import type { DocumentRow, KnowledgeRepo, PassageRow } from './repo.ts';
import { PassageSearch } from './search.ts';
import { splitPassages } from './split.ts';
import { highlightsOf, termVector } from './terms.ts';
import type { Actor } from '../../policy/actor.ts';
import { authorizeKnowledge, curatesPublic } from './policy.ts';

/** The uploaded file a document is made from (the file module's safe parser already ran). */
export interface KnowledgeFileSource {
  fileOf(
    owner: Actor,
    id: string,
  ): Promise<{
    name: string;
    kind: string;
    text: string;
    headings: Array<{ level: number; text: string }>;
  } | null>;
}

export const PUBLIC_SCOPE = 'public';

const countBy = (values: string[]) => {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'zh'));
};

/**
 * Knowledge documents: the private library of a tenant (employees share their company's) and the
 * public library operators curate. Everything is scoped: a foreign id is simply not found.
 */
export class KnowledgeService {
  readonly search: PassageSearch;

  constructor(
    readonly repo: KnowledgeRepo,
    private readonly files: KnowledgeFileSource,
    /** Operators curate the public library (policy/operator.ts). */
    private readonly operators: OperatorDirectory,
    private readonly embedder: Embedder | null = null,
  ) {
    this.search = new PassageSearch(repo, embedder);
  }

  private present(row: DocumentRow, operator: boolean): KnowledgeDocument {
    return {
      id: row.id,
      name: row.name,
      library: row.library,
      folder: row.folder,
      tags: JSON.parse(row.tags) as string[],
      kind: row.kind,
      chars: row.chars,
      passages: row.passages,
      removable: row.library === 'private' || operator,
      createTime: row.created_at,
    };
  }

  async saveDocument(actor: Actor, input: SaveDocumentInput): Promise<{ id: string }> {
    const isPublic = input.library === 'public';
    await authorizeKnowledge(this.operators, actor, input.library, 'add');
    const scope = isPublic ? PUBLIC_SCOPE : actor.tenantId;
    if ((await this.repo.countDocuments(scope)) >= KNOWLEDGE_LIMITS.maxDocumentsPerLibrary)
      throw badRequest(KNOWLEDGE_MSG.tooMany);
    const file = await this.files.fileOf(actor, input.fileId);
    if (!file) throw notFound('文件不存在或已过期，请重新上传');
    const drafts = splitPassages(file.text, file.headings);
    const id = newId();
    const now = nowIso();
    const passages: PassageRow[] = drafts.map((d, seq) => {
      const terms = termVector(`${d.heading ?? ''}\n${d.text}`);
      return {
        id: newId(),
        document_id: id,
        scope,
        seq,
        heading: d.heading,
        text: d.text,
        terms: JSON.stringify(terms),
        length: Object.values(terms).reduce((a, b) => a + b, 0),
        embedding: null,
      };
    });
    if (this.embedder && passages.length) {
      // Embeddings are an improvement, not a requirement: a failing provider leaves BM25 alone.
      const vectors = await this.embedder
        .embed(passages.map((p) => `${p.heading ?? ''}\n${p.text}`))
        .catch(() => null);
      if (vectors) passages.forEach((p, i) => (p.embedding = vectors[i] ? JSON.stringify(vectors[i]) : null));
    }
    const tags = [...new Set(input.tags ?? [])];
    await this.repo.insertDocument(
      {
        id,
        scope,
        tenant_id: actor.tenantId,
        user_id: actor.userId,
        library: input.library,
        name: file.name.slice(0, 200),
        kind: file.kind,
        file_id: input.fileId,
        folder: input.folder?.trim() || null,
        tags: JSON.stringify(tags),
        chars: file.text.length,
        passages: passages.length,
        created_at: now,
        updated_at: now,
      },
      passages,
    );
    return { id };
  }

  async list(actor: Actor, input: KnowledgeListInput): Promise<KnowledgeListResult> {
    const operator = await curatesPublic(this.operators, actor);
    const rows = await this.repo.listDocuments(input.library === 'public' ? PUBLIC_SCOPE : actor.tenantId);
    const all = rows.map((r) => this.present(r, operator));
    const documents = all.filter(
      (d) => (!input.folder || d.folder === input.folder) && (!input.tag || d.tags.includes(input.tag)),
    );
    return {
      documents,
      folders: countBy(all.map((d) => d.folder).filter((f): f is string => Boolean(f))),
      tags: countBy(all.flatMap((d) => d.tags)),
      operator,
    };
  }

  /** One document with its passages (own library or the public one). */
  async detail(actor: Actor, id: string): Promise<KnowledgeDetail> {
    const doc = await this.repo.findDocument([actor.tenantId, PUBLIC_SCOPE], id);
    if (!doc) throw notFound(KNOWLEDGE_MSG.notFound);
    const operator = doc.scope === PUBLIC_SCOPE && (await curatesPublic(this.operators, actor));
    const items = await this.repo.passagesOf(doc.id);
    return { ...this.present(doc, operator), items };
  }

  async removeDocument(actor: Actor, id: string): Promise<null> {
    const doc = await this.repo.findDocument([actor.tenantId, PUBLIC_SCOPE], id);
    if (!doc) throw notFound(KNOWLEDGE_MSG.notFound);
    await authorizeKnowledge(
      this.operators,
      actor,
      doc.scope === PUBLIC_SCOPE ? 'public' : 'private',
      'remove',
    );
    await this.repo.removeDocument(doc, nowIso());
    return null;
  }

  scopesOf(actor: Pick<Actor, 'tenantId'>, library: KnowledgeSearchInput['library']): string[] {
    if (library === 'private') return [actor.tenantId];
    if (library === 'public') return [PUBLIC_SCOPE];
    return [actor.tenantId, PUBLIC_SCOPE];
  }

  /** Search with highlights; `query` also decides the highlighted words. */
  async find(scopes: string[], query: string, size: number): Promise<KnowledgeHit[]> {
    const scored = await this.search.search(scopes, query, size);
    const rows = new Map((await this.repo.passagesWithNames(scored.map((s) => s.id))).map((r) => [r.id, r]));
    const out: KnowledgeHit[] = [];
    for (const s of scored) {
      const r = rows.get(s.id);
      if (!r) continue;
      const text = r.heading ? `${r.heading}\n${r.text}` : r.text;
      out.push({
        documentId: r.document_id,
        documentName: r.name,
        passageId: r.id,
        text,
        highlights: highlightsOf(text, query),
        score: Math.round(s.score * 1000) / 1000,
      });
    }
    return out;
  }

  searchFor(actor: Actor, input: KnowledgeSearchInput): Promise<KnowledgeHit[]> {
    return this.find(this.scopesOf(actor, input.library), input.query, input.size);
  }
}
