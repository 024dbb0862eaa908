import { sql } from 'kysely';
import type { FactKind } from '@bid/shared';
import type { CompanyFactTable, KnowledgeDocumentTable, KnowledgePassageTable } from './tables.ts';
import { type Db, inTx } from '../../db/db.ts';

export type DocumentRow = KnowledgeDocumentTable;
export type PassageRow = KnowledgePassageTable;
export type FactRow = CompanyFactTable;

/** Documents, passages and scope revisions. Callers pass the scopes the actor may read. */
export class KnowledgeRepo {
  constructor(readonly db: Db) {}

  /** Rows of a table whose owner column holds `value` (library size limits). */
  private async countOf(
    table: 'knowledge_documents' | 'company_facts',
    column: 'scope' | 'tenant_id',
    value: string,
  ): Promise<number> {
    const r = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql.ref(column), '=', value)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  countDocuments(scope: string) {
    return this.countOf('knowledge_documents', 'scope', scope);
  }

  /** Inserts a document with its passages and moves the scope's revision, in one transaction. */
  async insertDocument(doc: DocumentRow, passages: PassageRow[]): Promise<void> {
    await inTx(this.db, async (trx) => {
      await trx.insertInto('knowledge_documents').values(doc).execute();
      for (let i = 0; i < passages.length; i += 100)
        await trx
          .insertInto('knowledge_passages')
          .values(passages.slice(i, i + 100))
          .execute();
      await this.bump(trx, doc.scope, doc.updated_at);
    });
  }

  async bump(db: Db, scope: string, now: string): Promise<void> {
    const r = await db
      .updateTable('knowledge_scopes')
      .set((eb) => ({ revision: eb('revision', '+', 1), updated_at: now }))
      .where('scope', '=', scope)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      await db
        .insertInto('knowledge_scopes')
        .values({ scope, revision: 1, updated_at: now })
        .onConflict((oc) =>
          oc
            .column('scope')
            .doUpdateSet((eb) => ({ revision: eb('knowledge_scopes.revision', '+', 1), updated_at: now })),
        )
        .execute();
    }
  }

  listDocuments(scope: string) {
    return this.db
      .selectFrom('knowledge_documents')
      .selectAll()
      .where('scope', '=', scope)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findDocument(scopes: string[], id: string) {
    return this.db
      .selectFrom('knowledge_documents')
      .selectAll()
      .where('id', '=', id)
      .where('scope', 'in', scopes)
      .executeTakeFirst();
  }

  async removeDocument(doc: DocumentRow, now: string): Promise<void> {
    await inTx(this.db, async (trx) => {
      await trx.deleteFrom('knowledge_passages').where('document_id', '=', doc.id).execute();
      await trx.deleteFrom('knowledge_documents').where('id', '=', doc.id).execute();
      await this.bump(trx, doc.scope, now);
    });
  }

  passagesOf(documentId: string) {
    return this.db
      .selectFrom('knowledge_passages')
      .select(['id', 'heading', 'text'])
      .where('document_id', '=', documentId)
      .orderBy('seq')
      .execute();
  }

  async revisions(scopes: string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('knowledge_scopes')
      .select(['scope', 'revision'])
      .where('scope', 'in', scopes)
      .execute();
    return new Map(rows.map((r) => [r.scope, Number(r.revision)]));
  }

  documentIds(scope: string) {
    return this.db
      .selectFrom('knowledge_documents')
      .select('id')
      .where('scope', '=', scope)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  /** Term vectors (and embeddings) of the passages of some documents, for the in-memory index. */
  async indexRows(documentIds: string[]) {
    const out = [];
    for (let i = 0; i < documentIds.length; i += 200) {
      out.push(
        ...(await this.db
          .selectFrom('knowledge_passages')
          .select(['id', 'document_id', 'terms', 'length', 'embedding'])
          .where('document_id', 'in', documentIds.slice(i, i + 200))
          .execute()),
      );
    }
    return out;
  }

  passagesWithNames(ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('knowledge_passages as p')
      .innerJoin('knowledge_documents as d', 'd.id', 'p.document_id')
      .select(['p.id', 'p.document_id', 'p.heading', 'p.text', 'd.name'])
      .where('p.id', 'in', ids)
      .execute();
  }

  // ---- company facts ----

  countFacts(tenantId: string) {
    return this.countOf('company_facts', 'tenant_id', tenantId);
  }

  insertFact(row: FactRow) {
    return this.db.insertInto('company_facts').values(row).execute();
  }

  updateFact(tenantId: string, id: string, patch: Pick<FactRow, 'kind' | 'data' | 'updated_at'>) {
    return this.db
      .updateTable('company_facts')
      .set(patch)
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }

  findFact(tenantId: string, id: string) {
    return this.db
      .selectFrom('company_facts')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }

  listFacts(tenantId: string, kind?: FactKind) {
    let q = this.db.selectFrom('company_facts').selectAll().where('tenant_id', '=', tenantId);
    if (kind) q = q.where('kind', '=', kind);
    return q.orderBy('kind').orderBy('created_at').orderBy('id').execute();
  }

  removeFact(tenantId: string, id: string) {
    return this.db
      .deleteFrom('company_facts')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }

  /** What the last AI write of a chapter used (shown by getBidCatalogDetail). */
  setChapterSources(catalogId: string, sourcesJson: string) {
    return this.db
      .updateTable('catalogs')
      .set({ ai_sources: sourcesJson })
      .where('id', '=', catalogId)
      .execute();
  }
}
