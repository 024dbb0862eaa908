import { sql } from 'kysely';
import type { BidStatus } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import type { DbKind } from '../../db/database.ts';
import { isSystem, type Actor, type Caller } from '../../policy/actor.ts';
import { bidScope } from './policy.ts';
import { type Db, type Tx } from '../../db/db.ts';

export type BidRow = Database['bids'];

/** `update`: the bid's writes exclusive; `keyShare`: a chapter content write (see lockOwned). */
export type BidLockMode = 'update' | 'keyShare';

export interface BidListFilter {
  keyword?: string;
  status?: BidStatus;
  recycle: boolean;
  offset: number;
  limit: number;
}

/** Escapes LIKE wildcards so a keyword is matched literally on both databases. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class BidRepo {
  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
  ) {}

  insert(trx: Db, row: BidRow) {
    return trx.insertInto('bids').values(row).execute();
  }

  findOwned(db: Db, owner: Actor, id: string) {
    return db.selectFrom('bids').selectAll().where('id', '=', id).where(bidScope(owner)).executeTakeFirst();
  }

  /**
   * Locks the bid row for the rest of the transaction (PostgreSQL). Every write on a bid or its
   * outline takes this lock first, so outline edits and the finish check are serialized per bid;
   * SQLite transactions are serialized already. `keyShare` is the chapter content writes' lock: it
   * waits for and holds off the exclusive lock (outline edits, finish, recycle, settings) but not
   * other content writes, nor the single-statement counter updates they end with, so saves of
   * different chapters of one bid do not queue on the bid's row.
   */
  async lockOwned(
    trx: Tx,
    caller: Caller,
    id: string,
    mode: BidLockMode = 'update',
  ): Promise<BidRow | undefined> {
    let q = trx.selectFrom('bids').selectAll().where('id', '=', id);
    if (!isSystem(caller)) q = q.where(bidScope(caller));
    if (this.dbKind === 'postgres') q = mode === 'keyShare' ? q.forKeyShare() : q.forUpdate();
    return q.executeTakeFirst();
  }

  async list(owner: Actor, f: BidListFilter) {
    let base = this.db
      .selectFrom('bids')
      .where(bidScope(owner))
      .where('bids.deleted', '=', f.recycle ? 1 : 0);
    if (f.status) base = base.where('bids.status', '=', f.status);
    if (f.keyword)
      base = base.where(sql<boolean>`lower(bids.name) like lower(${likePattern(f.keyword)}) escape '\\'`);
    const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .leftJoin('users', 'users.id', 'bids.user_id')
      .select([
        'bids.id',
        'bids.name',
        'bids.progress',
        'bids.status',
        'bids.model_type',
        'bids.page_count',
        'bids.user_id',
        'bids.created_at',
        'bids.updated_at',
        'bids.finished_at',
        'bids.deleted_at',
        'users.name as user_name',
        'users.account as user_account',
      ])
      .orderBy(f.recycle ? 'bids.deleted_at' : 'bids.updated_at', 'desc')
      .orderBy('bids.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute();
    return { total: Number(totalRow?.n ?? 0), rows };
  }

  authorOf(db: Db, userId: string) {
    return db.selectFrom('users').select(['name', 'account']).where('id', '=', userId).executeTakeFirst();
  }

  update(db: Db, id: string, patch: Partial<BidRow>) {
    // Every write of the analysis raises its version: a review saved from an older one is refused.
    if (patch.analysis !== undefined)
      return db
        .updateTable('bids')
        .set((eb) => ({ ...patch, analysis_version: eb('analysis_version', '+', 1) }))
        .where('id', '=', id)
        .executeTakeFirst();
    return db.updateTable('bids').set(patch).where('id', '=', id).executeTakeFirst();
  }

  /** Whether the upload `fileId` is the owner's own. */
  async ownsFile(db: Db, owner: Actor, fileId: string): Promise<boolean> {
    const f = await db
      .selectFrom('files')
      .select('id')
      .where('id', '=', fileId)
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirst();
    return f !== undefined;
  }

  /** Moves the done-leaf counter by one; undefined when the counters were never filled. */
  moveDoneLeaves(db: Db, bidId: string, delta: 1 | -1) {
    return db
      .updateTable('bids')
      .set((eb) => ({ done_leaf_count: eb('done_leaf_count', '+', delta) }))
      .where('id', '=', bidId)
      .where('leaf_count', '>=', 0)
      .returning(['leaf_count', 'done_leaf_count'])
      .executeTakeFirst();
  }

  userModelFlags(db: Db, userId: string) {
    return db
      .selectFrom('users')
      .select(['premium_disabled', 'standard_disabled'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Chapters, leaves and leaves counted as written (catalog/written.ts) of one bid, in one statement. */
  async outlineStats(db: Db, bidId: string) {
    const row = await db
      .selectFrom('catalogs as c')
      .select((eb) => [
        eb.fn.countAll<number>().as('chapters'),
        eb.fn.coalesce(eb.fn.sum<number>('c.word_count'), sql<number>`0`).as('words'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('catalogs as k')
                      .select('k.id')
                      .where('k.bid_id', '=', bidId)
                      .whereRef('k.parent_id', '=', 'c.id'),
                  ),
                ),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('leaves'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.and([
                  // catalog/written.ts isWritten, in SQL: 无需正文, or own words >= share % of the target.
                  eb.or([
                    eb('c.settings', 'like', '%"noText":true%'),
                    eb.and([
                      eb('c.own_words', '>=', 1),
                      sql<boolean>`c.own_words * 100 >= coalesce(c.target_words, 0) * coalesce((select b.written_share from bids b where b.id = ${bidId}), 60)`,
                    ]),
                  ]),
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('catalogs as k')
                        .select('k.id')
                        .where('k.bid_id', '=', bidId)
                        .whereRef('k.parent_id', '=', 'c.id'),
                    ),
                  ),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('done'),
      ])
      .where('c.bid_id', '=', bidId)
      .executeTakeFirst();
    return {
      chapters: Number(row?.chapters ?? 0),
      words: Number(row?.words ?? 0),
      leaves: Number(row?.leaves ?? 0),
      doneLeaves: Number(row?.done ?? 0),
    };
  }
}

/** Progress of a bid: written leaf chapters / all leaf chapters, floored so 100 means all. */
export function progressOf(leaves: number, doneLeaves: number): number {
  if (leaves <= 0) return 0;
  return Math.floor((doneLeaves * 100) / leaves);
}
