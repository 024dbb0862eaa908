import {
  CATALOG_LIMITS,
  CATALOG_MSG,
  type CatalogSettings,
  type CatalogStatus,
  type ContentVersionSource,
} from '@bid/shared';
import { docHasContent, docText, docWordCount, type PMNode } from '@bid/document';
import { conflict } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import { parseDoc, sha256, statusAfterSave } from './doc.ts';
import type { CatalogRepo, CatalogRow } from './repo.ts';
import { effectiveStatus, parseJsonOr } from './tree.ts';
import { DEFAULT_WRITTEN_SHARE, echoesFor, isWritten, ownWords } from './written.ts';
import type { Tx } from '../../db/db.ts';

export interface VersionMeta {
  source: ContentVersionSource;
  name: string;
  engine?: string | null;
  createdBy?: string | null;
  wordCount?: number;
}

/** One content write: what becomes current, what is kept first, what is recorded after. */
export interface ChapterWrite {
  doc: PMNode;
  /** The stored text of `doc` (checkDoc's, or a version's as stored). */
  text: string;
  /** Default: counted from `doc`. */
  wordCount?: number;
  /** Default: done/empty by content, a chapter being written stays `writing`. */
  status?: (hasContent: boolean) => CatalogStatus;
  /** Default: the chapter's engine stays. */
  engine?: string | null;
  /** The current text is kept as a version first (unless the newest version holds it). */
  keep: { name: string; createdBy: string | null; onlyIfOlderThanMs?: number };
  /** The new text is recorded as a version too (manual typing is not). */
  record?: Omit<VersionMeta, 'wordCount'>;
  /** Optimistic check: the save applies only while the chapter is at this version (else 409). */
  baseVersion?: number;
}

export interface ChapterWriteResult {
  version: number;
  wordCount: number;
  status: CatalogStatus;
  bidProgress: number;
  /** The chapter's own words and whether it now counts as written (catalog/written.ts). */
  ownWords: number;
  written: boolean;
  versionId: string | null;
  versionNo: number | null;
}

/**
 * The one save sequence of a chapter's content, used by typing (updateBidCatalogContent), AI
 * writing and restoring a version: keep the old text, write the new one with its counts and status,
 * record a version, and keep the bid's progress right. Runs inside the caller's transaction, after
 * the caller locked the chapter (CatalogAccess.lockForContent). The bid's row is written last and
 * by single statements (a counter step, or its updated_at), so concurrent saves of other chapters
 * hold its row lock only from that statement to their commit.
 */
export class ChapterWriter {
  constructor(
    private readonly repo: CatalogRepo,
    private readonly bids: BidService,
  ) {}

  async write(trx: Tx, bid: BidRow, cur: CatalogRow, w: ChapterWrite): Promise<ChapterWriteResult> {
    await this.keepCurrent(trx, cur, w.keep.name, w.keep.createdBy, w.keep.onlyIfOlderThanMs);
    const has = docHasContent(w.doc);
    const wordCount = w.wordCount ?? docWordCount(w.doc);
    const own = ownWords(docText(w.doc), echoesFor(cur.title, bid));
    const status = w.status ? w.status(has) : statusAfterSave(has, effectiveStatus(cur));
    const now = nowIso();
    const saved = await this.repo.saveContent(
      trx,
      cur.id,
      {
        content: w.text,
        version: cur.version + 1,
        word_count: wordCount,
        own_words: own,
        has_content: has ? 1 : 0,
        status,
        progress: status === 'done' ? 100 : 0,
        engine: w.engine ?? cur.engine,
        updated_at: now,
      },
      w.baseVersion,
    );
    if (!saved) throw conflict(CATALOG_MSG.conflict, null);
    const v = w.record ? await this.addVersion(trx, cur, w.text, { ...w.record, wordCount }) : null;
    // Progress counts leaf chapters whose own text reached the bid's share of their target: it only
    // moves when a leaf turns written or unwritten, by one step of the bid's counters (bids/service
    // adjustProgress), never by a recount.
    const share = bid.written_share ?? DEFAULT_WRITTEN_SHARE;
    const noText = !!parseJsonOr<CatalogSettings>(cur.settings, {}).noText;
    const before = isWritten(
      { own_words: cur.own_words ?? 0, target_words: cur.target_words, noText },
      share,
    );
    const after = isWritten({ own_words: own, target_words: cur.target_words, noText }, share);
    const leaf = before !== after && !(await this.repo.hasChildren(trx, bid.id, cur.id));
    const bidProgress = leaf ? await this.bids.adjustProgress(trx, bid.id, after ? 1 : -1) : bid.progress;
    if (!leaf) await this.bids.repo.update(trx, bid.id, { updated_at: now });
    return {
      version: cur.version + 1,
      wordCount,
      status,
      bidProgress,
      ownWords: own,
      written: after,
      versionId: v?.id ?? null,
      versionNo: v?.versionNo ?? null,
    };
  }

  async addVersion(
    trx: Tx,
    cat: { id: string; bid_id: string },
    contentText: string,
    meta: VersionMeta,
  ): Promise<{ id: string; versionNo: number }> {
    const versionNo = await this.repo.nextVersionNo(trx, cat.id);
    const id = newId();
    await this.repo.insertContentVersion(trx, {
      id,
      catalog_id: cat.id,
      bid_id: cat.bid_id,
      version_no: versionNo,
      name: meta.name.slice(0, CATALOG_LIMITS.versionNameMax),
      source: meta.source,
      engine: meta.engine ?? null,
      word_count: meta.wordCount ?? docWordCount(parseDoc(contentText)),
      content_hash: sha256(contentText),
      created_by: meta.createdBy ?? null,
      created_at: nowIso(),
      content: contentText,
    });
    return { id, versionNo };
  }

  /** Keeps the chapter's current text as a version unless the newest version already holds it. */
  private async keepCurrent(
    trx: Tx,
    cur: CatalogRow,
    name: string,
    createdBy: string | null,
    onlyIfOlderThanMs?: number,
  ): Promise<void> {
    if (cur.has_content !== 1 || !cur.content) return;
    const latest = await this.repo.latestContentVersion(trx, cur.id);
    if (latest && latest.content_hash === sha256(cur.content)) return;
    if (
      latest &&
      onlyIfOlderThanMs !== undefined &&
      Date.now() - Date.parse(latest.created_at) < onlyIfOlderThanMs
    )
      return;
    await this.addVersion(trx, cur, cur.content, {
      source: 'autosave-checkpoint',
      name,
      createdBy,
      wordCount: cur.word_count,
      engine: cur.engine,
    });
  }
}
