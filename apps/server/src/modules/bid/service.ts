import {
  BID_LIMITS,
  analysisForLot,
  BID_MSG,
  makePage,
  maskPhone,
  parseAnalysis,
  REVIEW_MSG,
  tenderAnalysisSchema,
  type BidDetail,
  type BidListItem,
  type BidListQuery,
  type ModelType,
  type Page,
  type Quota,
  type SaveBidInput,
  type TenderAnalysis,
  type UpdateBidInput,
} from '@bid/shared';
import { businessWarning, conflict, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { QuotaService } from '../quota/service.ts';
import type { Actor, Caller } from '../../policy/actor.ts';
import { BidRepo, progressOf, type BidLockMode, type BidRow } from './repo.ts';
import { authorizeBid, authorizeTier, isBidReadOnly, type BidAction } from './policy.ts';
import { inTx, type Db, type Tx } from '../../db/db.ts';

function authorName(name: string | null | undefined, account: string | null | undefined): string {
  if (name) return name;
  return maskPhone(account ?? '');
}

type ListedBid = Pick<
  BidRow,
  | 'id'
  | 'name'
  | 'progress'
  | 'status'
  | 'model_type'
  | 'page_count'
  | 'user_id'
  | 'created_at'
  | 'updated_at'
  | 'finished_at'
  | 'deleted_at'
>;

/** A bid as the list shows it (the detail adds to it). */
export function presentListItem(
  r: ListedBid,
  author: { name?: string | null; account?: string | null } | undefined,
): BidListItem {
  return {
    id: r.id,
    name: r.name,
    progress: r.progress,
    status: r.status,
    modelType: r.model_type,
    pageCount: r.page_count,
    userId: r.user_id,
    authorName: authorName(author?.name, author?.account),
    createTime: r.created_at,
    updateTime: r.updated_at,
    finishTime: r.finished_at,
    deleteTime: r.deleted_at,
  };
}

/** Bids: creation against quota, listing with the recycle bin, details, edits and finishing. */
/** The tender as a bid's amendments (补遗/澄清) changed it (modules/amendment builds it from its table). */
export interface AmendedTender {
  amended(bidId: string, analysis: TenderAnalysis | null): Promise<TenderAnalysis | null>;
}

export class BidService {
  readonly repo: BidRepo;

  constructor(
    private readonly db: Db,
    repo: BidRepo,
    private readonly quota: QuotaService,
    private readonly amendments: AmendedTender | null = null,
  ) {
    this.repo = repo;
  }

  async create(owner: Actor, input: SaveBidInput): Promise<{ id: string }> {
    const modelType = input.modelType;
    authorizeTier(await this.repo.userModelFlags(this.db, owner.userId), modelType);
    await this.requireOwnFile(this.db, owner, input.fileId);
    const id = newId();
    const now = nowIso();
    await inTx(this.db, async (trx) => {
      await this.repo.insert(trx, {
        id,
        user_id: owner.userId,
        tenant_id: owner.tenantId,
        name: input.name,
        tender_text: input.tenderText ?? null,
        file_id: input.fileId ?? null,
        model_type: modelType,
        page_count: input.pageCount ?? null,
        template_id: input.templateId ?? null,
        lot: input.lot ?? null,
        written_share: input.writtenShare ?? BID_LIMITS.writtenShareDefault,
        status: 'writing',
        progress: 0,
        analysis: null,
        deleted: 0,
        deleted_at: null,
        finished_at: null,
        created_at: now,
        updated_at: now,
      });
      // Throws 601 when every bucket is empty; the insert above is rolled back with it.
      await this.quota.consumeOne(trx, owner, id);
    });
    return { id };
  }

  remainingQuota(owner: Actor): Promise<Quota> {
    return this.quota.remaining(owner);
  }

  async list(owner: Actor, q: BidListQuery): Promise<Page<BidListItem>> {
    const { total, rows } = await this.repo.list(owner, {
      keyword: q.keyword || undefined,
      status: q.status,
      recycle: q.recycle ?? false,
      offset: (q.current - 1) * q.size,
      limit: q.size,
    });
    const records = rows.map((r) => presentListItem(r, { name: r.user_name, account: r.user_account }));
    return makePage(records, total, q);
  }

  /** The bid when the caller may see it, else 404. */
  /** A tender file named by a bid must be the caller's own upload: another account's id is "not found". */
  private async requireOwnFile(db: Db, owner: Actor, fileId: string | null | undefined): Promise<void> {
    if (!fileId) return;
    if (!(await this.repo.ownsFile(db, owner, fileId))) throw notFound('招标文件不存在');
  }

  async getOwned(owner: Actor, id: string, db: Db = this.db): Promise<BidRow> {
    const bid = await this.repo.findOwned(db, owner, id);
    if (!bid) throw notFound(BID_MSG.notFound);
    return bid;
  }

  /**
   * Locks the bid for a write and checks the bid policy for the action: 404 when the caller may not
   * see it, 601 when the action is not allowed in its state (finished, in the recycle bin).
   */
  async lockForWrite(
    trx: Tx,
    caller: Caller,
    id: string,
    action: BidAction = 'update',
    mode: BidLockMode = 'update',
  ): Promise<BidRow> {
    const bid = await this.repo.lockOwned(trx, caller, id, mode);
    if (!bid) throw notFound(BID_MSG.notFound);
    authorizeBid(bid, action);
    return bid;
  }

  /** 601 when the caller's account has the bid's tier disabled. */
  async authorizeTierOf(actor: Actor, tier: ModelType, db: Db = this.db): Promise<void> {
    authorizeTier(await this.repo.userModelFlags(db, actor.userId), tier);
  }

  /** The stored analysis as the bid's amendments (补遗/澄清) changed it: the deadline in force, new ★ clauses. */
  async analysisOf(bid: BidRow): Promise<TenderAnalysis | null> {
    const stored = parseAnalysis(bid.analysis);
    return this.amendments ? this.amendments.amended(bid.id, stored) : stored;
  }

  async detail(owner: Actor, id: string): Promise<BidDetail> {
    const bid = await this.getOwned(owner, id);
    const [author, stats] = await Promise.all([
      this.repo.authorOf(this.db, bid.user_id),
      this.repo.outlineStats(this.db, bid.id),
    ]);
    return {
      ...presentListItem(bid, author),
      templateId: bid.template_id,
      lot: bid.lot,
      fileId: bid.file_id,
      tenderText: bid.tender_text,
      analysis: await this.analysisOf(bid),
      recycled: bid.deleted === 1,
      readOnly: isBidReadOnly(bid),
      chapterCount: stats.chapters,
      leafCount: stats.leaves,
      doneLeafCount: stats.doneLeaves,
      wordCount: stats.words,
      writtenShare: bid.written_share ?? BID_LIMITS.writtenShareDefault,
    };
  }

  /** Chapters in the bid's outline (0: not planned yet). */
  async outlineSize(bidId: string): Promise<number> {
    return (await this.repo.outlineStats(this.db, bidId)).chapters;
  }

  async update(owner: Actor, input: UpdateBidInput): Promise<BidDetail> {
    await inTx(this.db, async (trx) => {
      const bid = await this.lockForWrite(trx, owner, input.id);
      if (input.modelType && input.modelType !== bid.model_type) {
        await this.authorizeTierOf(owner, input.modelType, trx);
      }
      const patch: Partial<BidRow> = { updated_at: nowIso() };
      if (input.name !== undefined && input.name !== null) patch.name = input.name;
      if (input.tenderText !== undefined) patch.tender_text = input.tenderText ?? null;
      if (input.fileId !== undefined) {
        await this.requireOwnFile(trx, owner, input.fileId);
        patch.file_id = input.fileId ?? null;
      }
      if (input.modelType !== undefined && input.modelType !== null) patch.model_type = input.modelType;
      if (input.pageCount !== undefined) patch.page_count = input.pageCount ?? null;
      if (input.templateId !== undefined) patch.template_id = input.templateId ?? null;
      if (input.lot !== undefined && (input.lot ?? null) !== bid.lot) {
        // Another 包: the stored analysis kept only the old one's items, so it is made afresh.
        patch.lot = input.lot ?? null;
        patch.analysis = null;
      }
      const share = input.writtenShare ?? null;
      if (share !== null && share !== bid.written_share) patch.written_share = share;
      await this.repo.update(trx, bid.id, patch);
      // Another share turns chapters written or unwritten: the counts are made again.
      if (patch.written_share !== undefined) await this.recomputeProgress(trx, bid.id);
    });
    return this.detail(owner, input.id);
  }

  /** To the recycle bin (a finished bid too: moving it does not change it). */
  async remove(owner: Actor, id: string): Promise<void> {
    await inTx(this.db, async (trx) => {
      const bid = await this.lockForWrite(trx, owner, id, 'recycle');
      if (bid.deleted === 1) return;
      await this.repo.update(trx, id, { deleted: 1, deleted_at: nowIso() });
    });
  }

  async recover(owner: Actor, id: string): Promise<void> {
    await inTx(this.db, async (trx) => {
      const bid = await this.lockForWrite(trx, owner, id, 'recycle');
      if (bid.deleted === 0) return;
      await this.repo.update(trx, id, { deleted: 0, deleted_at: null, updated_at: nowIso() });
    });
  }

  /** Finishing needs 100 %: progress is recomputed under the lock, not taken from the column. */
  async finish(owner: Actor, id: string): Promise<void> {
    await inTx(this.db, async (trx) => {
      const bid = await this.lockForWrite(trx, owner, id, 'finish');
      if (bid.status === 'finished') return;
      const progress = await this.recomputeProgress(trx, id);
      if (progress < 100) {
        const stats = await this.repo.outlineStats(trx, id);
        const share = bid.written_share ?? BID_LIMITS.writtenShareDefault;
        throw businessWarning(BID_MSG.progressNotReached(progress, stats.leaves - stats.doneLeaves, share));
      }
      const now = nowIso();
      await this.repo.update(trx, id, { status: 'finished', finished_at: now, updated_at: now });
    });
  }

  /** Recomputes and stores the bid's progress (call inside the transaction that changed the outline). */
  async recomputeProgress(db: Db, bidId: string): Promise<number> {
    const stats = await this.repo.outlineStats(db, bidId);
    const progress = progressOf(stats.leaves, stats.doneLeaves);
    await this.repo.update(db, bidId, {
      progress,
      leaf_count: stats.leaves,
      done_leaf_count: stats.doneLeaves,
      updated_at: nowIso(),
    });
    return progress;
  }

  /**
   * A leaf chapter's content turned on (+1) or off (-1): one counter moves, nothing is recounted,
   * so writing every chapter of a bid costs linear time. Falls back to a recount when the bid's
   * counters were never filled (bids from before migration 0601).
   */
  async adjustProgress(db: Db, bidId: string, delta: 1 | -1): Promise<number> {
    const row = await this.repo.moveDoneLeaves(db, bidId, delta);
    const leaves = Number(row?.leaf_count ?? -1);
    const done = Number(row?.done_leaf_count ?? -1);
    if (leaves < 0 || done < 0 || done > leaves) return this.recomputeProgress(db, bidId);
    const progress = progressOf(leaves, done);
    await this.repo.update(db, bidId, { progress, updated_at: nowIso() });
    return progress;
  }

  /**
   * The writer's corrected analysis (the review before the outline): saved only over the version the
   * writer loaded, else 409; answers the new version. `build` makes what is stored from the bid as locked.
   */
  async saveReviewedAnalysis(
    actor: Actor,
    id: string,
    version: number,
    build: (bid: BidRow) => TenderAnalysis,
  ): Promise<number> {
    return inTx(this.db, async (trx) => {
      const bid = await this.lockForWrite(trx, actor, id);
      const current = bid.analysis_version ?? 0;
      if (current !== version) throw conflict(REVIEW_MSG.stale, { version: current });
      await this.repo.update(trx, id, { analysis: JSON.stringify(build(bid)), updated_at: nowIso() });
      return current + 1;
    });
  }

  /** For the analysis step: stores the tender analysis JSON of a bid the caller owns. */
  async saveAnalysis(caller: Caller, bidId: string, analysis: unknown): Promise<void> {
    await inTx(this.db, async (trx) => {
      const bid = await this.lockForWrite(trx, caller, bidId);
      // A bid answering one 包 keeps that 包's scoring items, ★ clauses and requirements only.
      const parsed = bid.lot != null ? tenderAnalysisSchema.safeParse(analysis) : null;
      const kept = parsed?.success ? analysisForLot(parsed.data, bid.lot) : analysis;
      await this.repo.update(trx, bidId, { analysis: JSON.stringify(kept ?? null), updated_at: nowIso() });
    });
  }
}
