import { sql } from 'kysely';
import type { ContentKind } from '@bid/shared';
import type { ContentTable } from './tables.ts';
import { likePattern } from './search.ts';
import type { Db } from '../../db/db.ts';

export type ContentRow = ContentTable;

/** Queries of the contents table. */
export class ContentRepo {
  constructor(private readonly db: Db) {}

  private ordered(kind: ContentKind) {
    return this.db
      .selectFrom('contents')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('sort', 'asc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  }

  listPublished(kind: ContentKind): Promise<ContentRow[]> {
    return this.ordered(kind).where('published', '=', 1).limit(500).execute();
  }

  listAll(kind: ContentKind): Promise<ContentRow[]> {
    return this.ordered(kind).limit(1000).execute();
  }

  /** A published item by its code, or by its id (links made before a code was set). */
  findPublished(kind: ContentKind, codeOrId: string): Promise<ContentRow | undefined> {
    return this.db
      .selectFrom('contents')
      .selectAll()
      .where('kind', '=', kind)
      .where('published', '=', 1)
      .where((eb) => eb.or([eb('code', '=', codeOrId), eb('id', '=', codeOrId)]))
      .orderBy(sql`case when code = ${codeOrId} then 0 else 1 end`)
      .limit(1)
      .executeTakeFirst();
  }

  byId(id: string): Promise<ContentRow | undefined> {
    return this.db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async codeTaken(kind: ContentKind, code: string, exceptId: string | null): Promise<boolean> {
    let q = this.db.selectFrom('contents').select('id').where('kind', '=', kind).where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return Boolean(await q.executeTakeFirst());
  }

  /** Published rows whose folded text holds every keyword (LIKE with `\` escapes, the same on both dialects). */
  search(words: string[], limit: number): Promise<ContentRow[]> {
    let q = this.db.selectFrom('contents').selectAll().where('published', '=', 1);
    for (const w of words) q = q.where(sql<boolean>`search_text like ${likePattern(w)} escape '\\'`);
    return q.orderBy('sort', 'asc').orderBy('created_at', 'desc').limit(limit).execute();
  }

  /** Every row's indexed fields (operators' content: hundreds of rows, not millions). */
  indexed(): Promise<Array<Pick<ContentRow, 'id' | 'title' | 'summary' | 'body' | 'search_text'>>> {
    return this.db.selectFrom('contents').select(['id', 'title', 'summary', 'body', 'search_text']).execute();
  }

  insert(row: ContentRow) {
    return this.db.insertInto('contents').values(row).execute();
  }

  update(id: string, patch: Partial<Omit<ContentRow, 'id' | 'created_at'>>) {
    return this.db.updateTable('contents').set(patch).where('id', '=', id).executeTakeFirst();
  }

  delete(id: string) {
    return this.db.deleteFrom('contents').where('id', '=', id).executeTakeFirst();
  }
}
