import {
  CATALOG_MSG,
  type CatalogDetail,
  type CatalogNode,
  type CatalogStatus,
  type ContentConflictData,
  type ContentVersionSource,
  type UpdateCatalogContentInput,
  type UpdateContentResult,
} from '@bid/shared';
import type { PMNode } from '@bid/document';
import { conflict, notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { SYSTEM_ACTOR, type Actor } from '../../policy/actor.ts';
import { isBidReadOnly } from '../bid/policy.ts';
import type { CatalogAccess } from './access.ts';
import { checkDoc, docJson, parseDoc } from './doc.ts';
import type { CatalogRow } from './repo.ts';
import { Outline, parseJsonOr, presentRow } from './tree.ts';
import type { ChapterWriter } from './writer.ts';
import type { Db, Tx } from '../../db/db.ts';

/** A manual save more than this long after the last version first keeps the old text as a version. */
export const CHECKPOINT_INTERVAL_MS = 10 * 60 * 1000;

export interface GeneratedContentMeta {
  /** Which engine wrote it (shown in the UI: "offline", a model name...). */
  engine?: string | null;
  /** Version name; default `AI 生成`. */
  name?: string;
  source?: ContentVersionSource;
  /** Chapter status after the save; default done (empty when the document has no content). */
  status?: CatalogStatus;
  createdBy?: string | null;
}

export interface GeneratedContentResult {
  version: number;
  versionId: string;
  versionNo: number;
  wordCount: number;
  bidProgress: number;
}

export type ChapterWithContent = CatalogNode & { content: PMNode; children: ChapterWithContent[] };

/** The 409 a stale save answers, carrying the server's text so the editor can merge. */
export function contentConflict(cur: Pick<CatalogRow, 'version' | 'content' | 'updated_at'>) {
  const data: ContentConflictData = {
    version: cur.version,
    content: docJson(parseDoc(cur.content)),
    updateTime: cur.updated_at,
  };
  return conflict(CATALOG_MSG.conflict, data);
}

/**
 * A chapter's content: reading it, saving what the user typed (optimistic versions: a stale save
 * answers 409 with the server's text), and what the AI wrote. Every write goes through ChapterWriter.
 */
export class ChapterService {
  constructor(
    private readonly a: CatalogAccess,
    private readonly writer: ChapterWriter,
  ) {}

  async detail(owner: Actor, id: string): Promise<CatalogDetail> {
    // One query: ownership, the chapter and its bid's state (three round trips before).
    const found = await this.a.repo.findFullOwned(this.a.db, owner, id);
    if (!found) throw notFound(CATALOG_MSG.notFound);
    const { bid_status, bid_deleted, ...row } = found;
    const bid = { status: bid_status, deleted: bid_deleted };
    const { content, content_version_seq: _seq, created_at: _c, ai_sources: sources, ...meta } = row;
    return {
      ...presentRow(meta),
      sources: parseJsonOr<CatalogDetail['sources']>(sources, []),
      content: docJson(parseDoc(content)),
      bidStatus: bid.status,
      readOnly: isBidReadOnly(bid),
    };
  }

  /** updateBidCatalogContent: saves when `baseVersion` is current, else 409 with the server's text. */
  async updateContent(owner: Actor, input: UpdateCatalogContentInput): Promise<UpdateContentResult> {
    const { doc, text } = checkDoc(input.content);
    return this.a.inTrx(undefined, async (trx) => {
      const { bid, cur } = await this.a.lockForContent(trx, owner, input.id);
      // The same text again (e.g. a retry whose first answer was lost) is not a conflict.
      if (cur.content === text) {
        return {
          version: cur.version,
          wordCount: cur.word_count,
          status: cur.status,
          bidProgress: bid.progress,
        };
      }
      if (cur.version !== input.baseVersion) throw contentConflict(cur);
      const r = await this.writer.write(trx, bid, cur, {
        doc,
        text,
        keep: { name: '自动保存点', createdBy: owner.userId, onlyIfOlderThanMs: CHECKPOINT_INTERVAL_MS },
        baseVersion: input.baseVersion,
      });
      return { version: r.version, wordCount: r.wordCount, status: r.status, bidProgress: r.bidProgress };
    });
  }

  /**
   * For the AI: stores generated content as the chapter's text and as a new version (source 'ai'
   * by default), keeping the text it replaces as a version first. Refuses a finished bid (601).
   * Pass `trx` to join an outer transaction.
   */
  saveGeneratedContent(
    trx: Tx | undefined,
    catalogId: string,
    content: unknown,
    meta: GeneratedContentMeta = {},
  ): Promise<GeneratedContentResult> {
    const { doc, text } = checkDoc(content);
    return this.a.inTrx(trx, async (t) => {
      const { bid, cur } = await this.a.lockForContent(t, SYSTEM_ACTOR, catalogId);
      const r = await this.writer.write(t, bid, cur, {
        doc,
        text,
        status: (has) => meta.status ?? (has ? 'done' : 'empty'),
        engine: meta.engine,
        keep: { name: '重新生成前的内容', createdBy: meta.createdBy ?? null },
        record: {
          source: meta.source ?? 'ai',
          name: meta.name ?? 'AI 生成',
          engine: meta.engine ?? null,
          createdBy: meta.createdBy ?? null,
        },
      });
      return {
        version: r.version,
        versionId: r.versionId!,
        versionNo: r.versionNo!,
        wordCount: r.wordCount,
        bidProgress: r.bidProgress,
      };
    });
  }

  /** For the AI: marks a chapter writing/error/... with a generation progress (no content change). */
  setGenerationState(
    trx: Tx | undefined,
    catalogId: string,
    state: { status: CatalogStatus; progress?: number; engine?: string | null },
  ): Promise<void> {
    return this.a.inTrx(trx, async (t) => {
      await this.a.lockForContent(t, SYSTEM_ACTOR, catalogId);
      const patch: Partial<CatalogRow> = {
        status: state.status,
        progress: Math.max(0, Math.min(100, Math.round(state.progress ?? 0))),
        updated_at: nowIso(),
      };
      if (state.engine !== undefined) patch.engine = state.engine;
      await this.a.repo.update(t, catalogId, patch);
    });
  }

  /** For other modules (AI, export): the outline of a bid without an ownership check (the caller did it). */
  treeOfBid(bidId: string, db: Db = this.a.db): Promise<CatalogNode[]> {
    return this.a.reloadTree(db, bidId);
  }

  /**
   * For export and the AI context: the outline with every chapter's document, in reading order of the
   * tree (no ownership check: the caller checked the bid with BidService.getOwned).
   */
  async contentTreeOfBid(bidId: string): Promise<ChapterWithContent[]> {
    const rows = await this.a.repo.loadOutlineWithContent(this.a.db, bidId);
    const contentOf = new Map(rows.map((r) => [r.id, r.content]));
    const attach = (nodes: CatalogNode[]): ChapterWithContent[] =>
      nodes.map((n) => ({ ...n, content: parseDoc(contentOf.get(n.id)), children: attach(n.children) }));
    return attach(new Outline(rows).toTree());
  }
}
