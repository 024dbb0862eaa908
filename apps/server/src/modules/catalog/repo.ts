import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../policy/actor.ts';
import { bidScope } from '../bid/policy.ts';
import type { OutlineRow } from './tree.ts';
import { type Db } from '../../db/db.ts';
import type { DbKind } from '../../db/database.ts';

export type CatalogRow = Database['catalogs'];

/** SQLite allows 32766 bound values per statement, PostgreSQL 65535: stay far below both. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const OUTLINE_COLUMNS = [
  'id',
  'bid_id',
  'parent_id',
  'title',
  'level',
  'sort_key',
  'status',
  'progress',
  'word_count',
  'own_words',
  'target_words',
  'settings',
  'scoring_items',
  'engine',
  'has_content',
  'version',
  'updated_at',
] as const;

/** The bid's written share beside each chapter row: a chapter's `written` depends on it. */
function shareOfBid(eb: ExpressionBuilder<Database, 'catalogs'>) {
  return eb
    .selectFrom('bids')
    .select('bids.written_share')
    .whereRef('bids.id', '=', 'catalogs.bid_id')
    .as('written_share');
}

export class CatalogRepo {
  constructor(private readonly dbKind: DbKind = 'sqlite') {}

  /** The whole outline of a bid without content: one query. */
  loadOutline(db: Db, bidId: string): Promise<OutlineRow[]> {
    return db
      .selectFrom('catalogs')
      .select(OUTLINE_COLUMNS)
      .select((eb) => shareOfBid(eb))
      .where('bid_id', '=', bidId)
      .execute();
  }

  /**
   * The outline when the caller may see its bid, in one round trip: on PostgreSQL every query is a
   * round trip to another process, and this is the most frequent read. Empty for a foreign or
   * missing bid and for an empty outline alike (the caller tells them apart only when empty).
   */
  loadOutlineOwned(db: Db, owner: Actor, bidId: string): Promise<OutlineRow[]> {
    return db
      .selectFrom('catalogs')
      .select(OUTLINE_COLUMNS)
      .select((eb) => shareOfBid(eb))
      .where('bid_id', '=', bidId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('bids')
            .select('bids.id')
            .whereRef('bids.id', '=', 'catalogs.bid_id')
            .where((b) => bidScope(owner)(b as never)),
        ),
      )
      .execute();
  }

  /** The whole outline with content (for outline snapshots). */
  loadOutlineWithContent(db: Db, bidId: string) {
    return db
      .selectFrom('catalogs')
      .select([...OUTLINE_COLUMNS, 'content'])
      .select((eb) => shareOfBid(eb))
      .where('bid_id', '=', bidId)
      .execute();
  }

  /** The bid of a chapter when the caller may see that bid; undefined for a foreign or missing id. */
  bidOfOwned(db: Db, owner: Actor, catalogId: string) {
    return db
      .selectFrom('catalogs')
      .innerJoin('bids', 'bids.id', 'catalogs.bid_id')
      .select(['catalogs.bid_id', 'bids.leaf_count'])
      .where('catalogs.id', '=', catalogId)
      .where((eb) => bidScope(owner)(eb as never))
      .executeTakeFirst();
  }

  /**
   * A chapter with its bid's state when the caller may see that bid, in one round trip (the
   * chapter read is the second most frequent call); undefined for a foreign or missing id.
   */
  findFullOwned(db: Db, owner: Actor, catalogId: string) {
    return db
      .selectFrom('catalogs')
      .innerJoin('bids', 'bids.id', 'catalogs.bid_id')
      .selectAll('catalogs')
      .select(['bids.status as bid_status', 'bids.deleted as bid_deleted'])
      .where('catalogs.id', '=', catalogId)
      .where((eb) => bidScope(owner)(eb as never))
      .executeTakeFirst();
  }

  bidOf(db: Db, catalogId: string) {
    return db
      .selectFrom('catalogs')
      .innerJoin('bids', 'bids.id', 'catalogs.bid_id')
      .select(['catalogs.bid_id', 'bids.leaf_count'])
      .where('catalogs.id', '=', catalogId)
      .executeTakeFirst();
  }

  findFull(db: Db, id: string) {
    return db.selectFrom('catalogs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The chapter row, locked for the rest of the transaction (PostgreSQL; SQLite serializes writes). */
  lockFull(db: Db, id: string) {
    const q = db.selectFrom('catalogs').selectAll().where('id', '=', id);
    return (this.dbKind === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  }

  async insertMany(db: Db, rows: CatalogRow[]): Promise<void> {
    for (const part of chunks(rows, 100)) await db.insertInto('catalogs').values(part).execute();
  }

  update(db: Db, id: string, patch: Partial<CatalogRow>) {
    return db.updateTable('catalogs').set(patch).where('id', '=', id).executeTakeFirst();
  }

  async setSortKeys(db: Db, changes: Array<{ id: string; key: number }>, now: string): Promise<void> {
    for (const c of changes)
      await db
        .updateTable('catalogs')
        .set({ sort_key: c.key, updated_at: now })
        .where('id', '=', c.id)
        .execute();
  }

  async shiftLevels(db: Db, ids: string[], delta: number): Promise<void> {
    if (!delta) return;
    for (const part of chunks(ids)) {
      await db
        .updateTable('catalogs')
        .set((eb) => ({ level: eb('level', '+', delta) }))
        .where('id', 'in', part)
        .execute();
    }
  }

  async deleteIds(db: Db, bidId: string, ids: string[]): Promise<void> {
    for (const part of chunks(ids))
      await db.deleteFrom('catalogs').where('bid_id', '=', bidId).where('id', 'in', part).execute();
  }

  deleteAllOfBid(db: Db, bidId: string) {
    return db.deleteFrom('catalogs').where('bid_id', '=', bidId).execute();
  }

  /** Highest content version number kept per chapter id (versions outlive removed chapters). */
  async maxVersionNos(db: Db, catalogIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks(catalogIds)) {
      const rows = await db
        .selectFrom('catalog_content_versions')
        .select((eb) => ['catalog_id', eb.fn.max('version_no').as('max_no')])
        .where('catalog_id', 'in', part)
        .groupBy('catalog_id')
        .execute();
      for (const r of rows) out.set(r.catalog_id, Number(r.max_no));
    }
    return out;
  }

  /** Writes a chapter's content row; with `baseVersion`, only over that version (false: it moved on). */
  async saveContent(db: Db, id: string, patch: Partial<CatalogRow>, baseVersion?: number): Promise<boolean> {
    let q = db.updateTable('catalogs').set(patch).where('id', '=', id);
    if (baseVersion !== undefined) q = q.where('version', '=', baseVersion);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async hasChildren(db: Db, bidId: string, id: string): Promise<boolean> {
    const child = await db
      .selectFrom('catalogs')
      .select('id')
      .where('bid_id', '=', bidId)
      .where('parent_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return child !== undefined;
  }

  // ---- content versions ----

  /** Next version number of a chapter: one atomic increment of its counter. */
  async nextVersionNo(db: Db, catalogId: string): Promise<number> {
    const row = await db
      .updateTable('catalogs')
      .set((eb) => ({ content_version_seq: eb('content_version_seq', '+', 1) }))
      .where('id', '=', catalogId)
      .returning('content_version_seq')
      .executeTakeFirstOrThrow();
    return Number(row.content_version_seq);
  }

  insertContentVersion(db: Db, row: Database['catalog_content_versions']) {
    return db.insertInto('catalog_content_versions').values(row).execute();
  }

  latestContentVersion(db: Db, catalogId: string) {
    return db
      .selectFrom('catalog_content_versions')
      .select(['id', 'version_no', 'content_hash', 'created_at'])
      .where('catalog_id', '=', catalogId)
      .orderBy('version_no', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A chapter's content versions, through its bid: a chapter id of another bid finds none. */
  private contentVersionsOf(db: Db, catalogId: string, bidId: string) {
    return db
      .selectFrom('catalog_content_versions')
      .where('catalog_id', '=', catalogId)
      .where('bid_id', '=', bidId);
  }

  listContentVersions(db: Db, catalogId: string, bidId: string) {
    const columns = [
      'id',
      'catalog_id',
      'version_no',
      'name',
      'source',
      'engine',
      'word_count',
      'created_at',
    ] as const;
    return this.contentVersionsOf(db, catalogId, bidId)
      .select(columns)
      .orderBy('version_no', 'desc')
      .execute();
  }

  findContentVersion(db: Db, catalogId: string, bidId: string, versionId: string) {
    return this.contentVersionsOf(db, catalogId, bidId)
      .selectAll()
      .where('id', '=', versionId)
      .executeTakeFirst();
  }

  // ---- outline versions ----

  insertOutlineVersion(db: Db, row: Database['catalog_versions']) {
    return db.insertInto('catalog_versions').values(row).execute();
  }

  listOutlineVersions(db: Db, bidId: string) {
    return db
      .selectFrom('catalog_versions')
      .select(['id', 'bid_id', 'name', 'source', 'chapter_count', 'created_at'])
      .where('bid_id', '=', bidId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
  }

  /** An outline version the caller may see (through its bid). */
  findOutlineVersionOwned(db: Db, owner: Actor, versionId: string) {
    return db
      .selectFrom('catalog_versions')
      .innerJoin('bids', 'bids.id', 'catalog_versions.bid_id')
      .selectAll('catalog_versions')
      .where('catalog_versions.id', '=', versionId)
      .where((eb) => bidScope(owner)(eb as never))
      .executeTakeFirst();
  }
}
