import { CATALOG_MSG } from '@bid/shared';
import { notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { isSystem, type Actor, type Caller } from '../../policy/actor.ts';
import type { BidAction } from '../bid/policy.ts';
import type { BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogRepo, CatalogRow } from './repo.ts';
import { Outline, type OutlineRow } from './tree.ts';
import { type Db, inTx, type Tx } from '../../db/db.ts';

/** What a structural edit works on: the locked bid, its whole outline, the chapter. */
export interface StructCtx {
  trx: Tx;
  bid: BidRow;
  outline: Outline;
  node: OutlineRow;
  now: string;
  caller: Caller;
}

/**
 * How every catalog aggregate reaches a chapter: through its bid, under the bid policy. Reads are
 * scoped to the actor (a foreign id is "missing"); writes lock the bid first, so outline edits and
 * the finish check are serialized per bid, and a content write waits for them (lockForContent).
 */
export class CatalogAccess {
  constructor(
    readonly db: Db,
    readonly repo: CatalogRepo,
    readonly bids: BidService,
  ) {}

  /** Runs `fn` in `trx` when given (the caller's transaction), else in a new one. */
  inTrx<T>(trx: Tx | undefined, fn: (trx: Tx) => Promise<T>): Promise<T> {
    return trx ? fn(trx) : inTx(this.db, fn);
  }

  /** Finds the chapter's bid (scoped to the caller unless it is the system) and locks it for a write. */
  async lockByCatalog(trx: Tx, caller: Caller, catalogId: string, action?: BidAction): Promise<BidRow> {
    const ref = isSystem(caller)
      ? await this.repo.bidOf(trx, catalogId)
      : await this.repo.bidOfOwned(trx, caller, catalogId);
    if (!ref) throw notFound(CATALOG_MSG.notFound);
    return this.bids.lockForWrite(trx, caller, ref.bid_id, action);
  }

  /**
   * A content write (typing, AI text, generation state, restoring a version): the bid under the
   * shared lock (outline edits, finish and recycle wait for it and it for them; other chapters' saves
   * go on), then the chapter's own row, so saves of one chapter are serialized and each sees the
   * last committed text. Bids whose progress counters were never filled recount the outline on a
   * save, which needs the bid to itself: they keep the exclusive lock.
   */
  async lockForContent(
    trx: Tx,
    caller: Caller,
    catalogId: string,
  ): Promise<{ bid: BidRow; cur: CatalogRow }> {
    const ref = isSystem(caller)
      ? await this.repo.bidOf(trx, catalogId)
      : await this.repo.bidOfOwned(trx, caller, catalogId);
    if (!ref) throw notFound(CATALOG_MSG.notFound);
    const mode = (ref.leaf_count ?? -1) >= 0 ? 'keyShare' : 'update';
    const bid = await this.bids.lockForWrite(trx, caller, ref.bid_id, 'update', mode);
    const cur = await this.repo.lockFull(trx, catalogId);
    if (!cur) throw notFound(CATALOG_MSG.notFound);
    return { bid, cur };
  }

  /** A structural edit: lock the bid, load its outline with one query, run `fn`. */
  structural<T>(caller: Caller, catalogId: string, fn: (c: StructCtx) => Promise<T>, trxIn?: Tx): Promise<T> {
    return this.inTrx(trxIn, async (trx) => {
      const bid = await this.lockByCatalog(trx, caller, catalogId);
      const outline = new Outline(await this.repo.loadOutline(trx, bid.id));
      const node = outline.byId.get(catalogId);
      if (!node) throw notFound(CATALOG_MSG.notFound);
      return fn({ trx, bid, outline, node, now: nowIso(), caller });
    });
  }

  /** The chapter's bid when the actor may read it, else 404. */
  async readable(actor: Actor, catalogId: string): Promise<{ bidId: string }> {
    const ref = await this.repo.bidOfOwned(this.db, actor, catalogId);
    if (!ref) throw notFound(CATALOG_MSG.notFound);
    return { bidId: ref.bid_id };
  }

  async reloadTree(db: Db, bidId: string) {
    return new Outline(await this.repo.loadOutline(db, bidId)).toTree();
  }
}
