import { sql } from 'kysely';
import type { PictureTable } from './tables.ts';
import type { ActorScope } from '../../policy/actor.ts';
import { endpoints } from '@bid/shared';
import { pictureUrl } from './urls.ts';
import type { Db } from '../../db/db.ts';

export type PictureRow = PictureTable;
/** LIKE pattern matching the text literally on SQLite and PostgreSQL (with `escape '\'`). */
function likeOf(s: string): string {
  return `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every query is scoped by the owner: a foreign id is simply not found. */
export class PictureRepo {
  constructor(private readonly db: Db) {}

  private owned(owner: ActorScope) {
    return this.db
      .selectFrom('pictures')
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId);
  }

  insert(row: PictureRow) {
    return this.db.insertInto('pictures').values(row).execute();
  }

  find(owner: ActorScope, id: string) {
    return this.owned(owner).selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(owner: ActorScope, ids: string[]) {
    if (!ids.length) return Promise.resolve<PictureRow[]>([]);
    return this.owned(owner).selectAll().where('id', 'in', ids).execute();
  }

  /** Number of pictures and bytes of originals in the owner's library. */
  async usage(owner: ActorScope): Promise<{ count: number; bytes: number }> {
    const r = await this.owned(owner)
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('bytes'),
      ])
      .executeTakeFirst();
    return { count: Number(r?.n ?? 0), bytes: Number(r?.bytes ?? 0) };
  }

  /** All words must occur in the name or a tag (case-insensitive); optionally one exact tag. */
  async page(owner: ActorScope, words: string[], tag: string | undefined, offset: number, limit: number) {
    let q = this.owned(owner);
    for (const w of words) q = q.where(sql<boolean>`search_text like ${likeOf(w)} escape '\\'`);
    // Tags are stored as a JSON array of strings; the quoted form matches one whole tag.
    if (tag)
      q = q.where(
        sql<boolean>`tags like ${`%${JSON.stringify(tag).replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
      );
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Pictures matching any of the words (for image search), newest first, at most `limit`. */
  anyOf(owner: ActorScope, words: string[], limit: number) {
    if (!words.length) return Promise.resolve<PictureRow[]>([]);
    return this.owned(owner)
      .selectAll()
      .where((eb) => eb.or(words.map((w) => sql<boolean>`search_text like ${likeOf(w)} escape '\\'`)))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  tagsOf(owner: ActorScope) {
    return this.owned(owner).select('tags').execute();
  }

  update(
    owner: ActorScope,
    id: string,
    patch: Partial<Pick<PictureRow, 'name' | 'tags' | 'search_text' | 'updated_at'>>,
  ) {
    return this.db
      .updateTable('pictures')
      .set(patch)
      .where('id', '=', id)
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst();
  }

  remove(owner: ActorScope, ids: string[]) {
    return this.db
      .deleteFrom('pictures')
      .where('id', 'in', ids)
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst();
  }

  /**
   * Where the owner uses a picture: a chapter of one of their bids that shows it (by its file or
   * thumbnail URL; bids in the recycle bin count, they can be restored), or one of their feedback
   * screenshots. At most one place, or null.
   */
  async firstUse(
    owner: ActorScope,
    id: string,
  ): Promise<{ bid: string; chapter: string } | { feedback: true } | null> {
    const lit = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const chapter = await this.db
      .selectFrom('catalogs')
      .innerJoin('bids', 'bids.id', 'catalogs.bid_id')
      .select(['bids.name as bid', 'catalogs.title as chapter'])
      .where('bids.tenant_id', '=', owner.tenantId)
      .where('bids.user_id', '=', owner.userId)
      .where((eb) =>
        eb.or([
          sql<boolean>`catalogs.content like ${lit(pictureUrl(endpoints.pictureFile, id))} escape '\\'`,
          sql<boolean>`catalogs.content like ${lit(pictureUrl(endpoints.pictureThumb, id))} escape '\\'`,
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (chapter) return chapter;
    const feedback = await this.db
      .selectFrom('feedbacks')
      .select('id')
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId)
      .where(sql<boolean>`images like ${lit(JSON.stringify(id))} escape '\\'`)
      .limit(1)
      .executeTakeFirst();
    return feedback ? { feedback: true } : null;
  }
}
