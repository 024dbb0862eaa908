import {
  CATALOG_MSG,
  formatTime,
  type ContentVersionDetail,
  type ContentVersionItem,
  type ContentVersionSource,
} from '@bid/shared';
import { businessWarning, notFound } from '../../http/errors.ts';
import type { Actor } from '../../policy/actor.ts';
import type { CatalogAccess } from './access.ts';
import { contentConflict } from './chapters.ts';
import { docJson, parseDoc } from './doc.ts';
import type { ChapterWriter } from './writer.ts';

type VersionRow = {
  id: string;
  catalog_id: string;
  version_no: number;
  name: string;
  source: ContentVersionSource;
  engine: string | null;
  word_count: number;
  created_at: string;
};

function presentVersion(r: VersionRow): ContentVersionItem {
  return {
    id: r.id,
    catalogId: r.catalog_id,
    versionNo: r.version_no,
    name: r.name,
    source: r.source,
    engine: r.engine,
    wordCount: r.word_count,
    createTime: r.created_at,
  };
}

/** Content versions (章节版本) of one chapter: listed, viewed, saved by hand and restored. */
export class ContentVersionService {
  constructor(
    private readonly a: CatalogAccess,
    private readonly writer: ChapterWriter,
  ) {}

  async list(owner: Actor, id: string): Promise<ContentVersionItem[]> {
    const { bidId } = await this.a.readable(owner, id);
    const rows = await this.a.repo.listContentVersions(this.a.db, id, bidId);
    return rows.map(presentVersion);
  }

  async detail(owner: Actor, id: string, versionId: string): Promise<ContentVersionDetail> {
    const { bidId } = await this.a.readable(owner, id);
    const r = await this.a.repo.findContentVersion(this.a.db, id, bidId, versionId);
    if (!r) throw notFound(CATALOG_MSG.versionNotFound);
    return { ...presentVersion(r), content: docJson(parseDoc(r.content)) };
  }

  /** saveCatalogContentVersion: an explicit save point of the chapter's current text. */
  save(owner: Actor, id: string, name?: string | null): Promise<{ id: string; versionNo: number }> {
    return this.a.inTrx(undefined, async (trx) => {
      const { cur } = await this.a.lockForContent(trx, owner, id);
      if (cur.has_content !== 1 || !cur.content) throw businessWarning(CATALOG_MSG.emptyContentVersion);
      return this.writer.addVersion(trx, cur, cur.content, {
        source: 'manual',
        name: name?.trim() || `手动保存 ${formatTime(new Date(), 'MM-DD HH:mm')}`,
        createdBy: owner.userId,
        wordCount: cur.word_count,
        engine: cur.engine,
      });
    });
  }

  /**
   * restoreCatalogContentVersion: the current text becomes a version first (unless one holds it
   * already), then the chosen version's text becomes current and is recorded as a 'restore' version.
   */
  restore(
    owner: Actor,
    id: string,
    versionId: string,
    baseVersion?: number,
  ): Promise<{ version: number; content: Record<string, unknown>; wordCount: number; bidProgress: number }> {
    return this.a.inTrx(undefined, async (trx) => {
      const { bid, cur } = await this.a.lockForContent(trx, owner, id);
      if (baseVersion !== undefined && cur.version !== baseVersion) throw contentConflict(cur);
      const ver = await this.a.repo.findContentVersion(trx, id, bid.id, versionId);
      if (!ver) throw notFound(CATALOG_MSG.versionNotFound);
      const doc = parseDoc(ver.content);
      const r = await this.writer.write(trx, bid, cur, {
        doc,
        text: ver.content,
        wordCount: ver.word_count,
        engine: ver.engine,
        keep: { name: '恢复前自动保存', createdBy: owner.userId },
        record: {
          source: 'restore',
          name: `恢复自版本 V${ver.version_no}`,
          engine: ver.engine,
          createdBy: owner.userId,
        },
      });
      return {
        version: r.version,
        content: docJson(doc),
        wordCount: r.wordCount,
        bidProgress: r.bidProgress,
      };
    });
  }
}
