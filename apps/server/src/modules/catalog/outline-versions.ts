import {
  CATALOG_LIMITS,
  CATALOG_MSG,
  formatTime,
  type CatalogNode,
  type CatalogSettings,
  type CatalogVersionDetail,
  type CatalogVersionItem,
  type CatalogVersionNode,
  type OutlineVersionSource,
} from '@bid/shared';
import { docHasContent, docText } from '@bid/document';
import { businessWarning, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import type { CatalogAccess } from './access.ts';
import { parseDoc, settingsJson } from './doc.ts';
import type { CatalogRow } from './repo.ts';
import { echoesFor, ownWords } from './written.ts';
import { blankRow } from './rows.ts';
import { Outline, SORT_GAP, parseJsonOr } from './tree.ts';
import type { Tx } from '../../db/db.ts';

/** A chapter as an outline version keeps it: its place, settings and content. */
interface SnapNode {
  id: string;
  title: string;
  level: number;
  targetWords: number | null;
  settings: CatalogSettings;
  scoringItems: unknown[] | null;
  engine: string | null;
  status: string;
  wordCount: number;
  hasContent: boolean;
  version: number;
  content: unknown | null;
  children: SnapNode[];
}

/**
 * Outline versions (目录版本): the whole outline with every chapter's content, kept before an
 * outline is replaced or cut, saved by hand, and restored.
 */
export class OutlineVersionService {
  constructor(private readonly a: CatalogAccess) {}

  /** Keeps the whole outline (with every chapter's content) as an outline version. Null when empty. */
  async snapshot(
    trx: Tx,
    bidId: string,
    name: string,
    source: OutlineVersionSource,
    createdBy: string | null,
  ): Promise<string | null> {
    const rows = await this.a.repo.loadOutlineWithContent(trx, bidId);
    if (!rows.length) return null;
    const outline = new Outline(rows);
    const contentOf = new Map(rows.map((r) => [r.id, r.content]));
    const build = (parentId: string | null): SnapNode[] =>
      outline.childrenOf(parentId).map((r) => ({
        id: r.id,
        title: r.title,
        level: r.level,
        targetWords: r.target_words,
        settings: parseJsonOr<CatalogSettings>(r.settings, {}),
        scoringItems: parseJsonOr<unknown[] | null>(r.scoring_items, null),
        engine: r.engine,
        status: r.status,
        wordCount: r.word_count,
        hasContent: r.has_content === 1,
        version: r.version,
        content: r.has_content === 1 ? parseJsonOr<unknown>(contentOf.get(r.id), null) : null,
        children: build(r.id),
      }));
    const id = newId();
    await this.a.repo.insertOutlineVersion(trx, {
      id,
      bid_id: bidId,
      name: name.slice(0, CATALOG_LIMITS.versionNameMax),
      source,
      chapter_count: rows.length,
      created_by: createdBy,
      created_at: nowIso(),
      snapshot: JSON.stringify(build(null)),
    });
    return id;
  }

  async list(owner: Actor, bidId: string): Promise<CatalogVersionItem[]> {
    await this.a.bids.getOwned(owner, bidId);
    const rows = await this.a.repo.listOutlineVersions(this.a.db, bidId);
    return rows.map((r) => ({
      id: r.id,
      bidId: r.bid_id,
      name: r.name,
      source: r.source,
      chapterCount: r.chapter_count,
      createTime: r.created_at,
    }));
  }

  async detail(owner: Actor, versionId: string): Promise<CatalogVersionDetail> {
    const r = await this.a.repo.findOutlineVersionOwned(this.a.db, owner, versionId);
    if (!r) throw notFound(CATALOG_MSG.versionNotFound);
    const strip = (nodes: SnapNode[]): CatalogVersionNode[] =>
      nodes.map((n) => ({
        id: n.id,
        title: n.title,
        level: n.level,
        targetWords: n.targetWords,
        wordCount: n.wordCount,
        hasContent: n.hasContent,
        children: strip(n.children ?? []),
      }));
    return {
      id: r.id,
      bidId: r.bid_id,
      name: r.name,
      source: r.source,
      chapterCount: r.chapter_count,
      createTime: r.created_at,
      catalogs: strip(parseJsonOr<SnapNode[]>(r.snapshot, [])),
    };
  }

  /** saveCatalogVersion: a named save point of the whole outline. */
  save(owner: Actor, bidId: string, name?: string | null): Promise<{ id: string }> {
    return this.a.inTrx(undefined, async (trx) => {
      const bid = await this.a.bids.lockForWrite(trx, owner, bidId);
      const id = await this.snapshot(
        trx,
        bid.id,
        name?.trim() || `目录版本 ${formatTime(new Date(), 'MM-DD HH:mm')}`,
        'manual',
        owner.userId,
      );
      if (!id) throw businessWarning('目录为空，无需保存版本');
      return { id };
    });
  }

  /**
   * restoreCatalogVersion: keeps the current outline as a version, then makes the outline what the
   * version holds. Chapters that still exist keep their current text; chapters that had been removed
   * come back under their old id with the text they had.
   */
  restore(
    owner: Actor,
    versionId: string,
  ): Promise<{ backupVersionId: string | null; catalogs: CatalogNode[] }> {
    return this.a.inTrx(undefined, async (trx) => {
      const ver = await this.a.repo.findOutlineVersionOwned(trx, owner, versionId);
      if (!ver) throw notFound(CATALOG_MSG.versionNotFound);
      const bid = await this.a.bids.lockForWrite(trx, owner, ver.bid_id);
      const backupVersionId = await this.snapshot(
        trx,
        bid.id,
        `恢复「${ver.name}」前自动保存`,
        'restore',
        owner.userId,
      );
      const current = new Outline(await this.a.repo.loadOutline(trx, bid.id));
      const snap = parseJsonOr<SnapNode[]>(ver.snapshot, []);
      const now = nowIso();

      type Flat = { n: SnapNode; parent: string | null; level: number; key: number };
      const flat: Flat[] = [];
      const stack: Array<{ list: SnapNode[]; parent: string | null; level: number }> = [
        { list: snap, parent: null, level: 1 },
      ];
      while (stack.length) {
        const { list, parent, level } = stack.pop()!;
        list.forEach((n, i) => {
          flat.push({ n, parent, level, key: (i + 1) * SORT_GAP });
          if (n.children?.length) stack.push({ list: n.children, parent: n.id, level: level + 1 });
        });
      }
      const keep = new Set(flat.map((f) => f.n.id));
      await this.a.repo.deleteIds(
        trx,
        bid.id,
        [...current.byId.keys()].filter((id) => !keep.has(id)),
      );

      const missing = flat.filter((f) => !current.byId.has(f.n.id));
      const maxNos = await this.a.repo.maxVersionNos(
        trx,
        missing.map((f) => f.n.id),
      );
      const inserts: CatalogRow[] = [];
      for (const f of flat) {
        const settings = settingsJson(f.n.settings);
        const scoring = f.n.scoringItems?.length ? JSON.stringify(f.n.scoringItems) : null;
        const existing = current.byId.get(f.n.id);
        if (existing) {
          const same =
            existing.parent_id === f.parent &&
            existing.level === f.level &&
            Number(existing.sort_key) === f.key &&
            existing.title === f.n.title &&
            existing.target_words === f.n.targetWords &&
            existing.settings === settings &&
            existing.scoring_items === scoring;
          if (!same) {
            await this.a.repo.update(trx, f.n.id, {
              parent_id: f.parent,
              level: f.level,
              sort_key: f.key,
              title: f.n.title,
              target_words: f.n.targetWords,
              settings,
              scoring_items: scoring,
              updated_at: now,
            });
          }
          continue;
        }
        const contentText = f.n.hasContent && f.n.content ? JSON.stringify(f.n.content) : null;
        const doc = contentText ? parseDoc(contentText) : null;
        const has = doc ? docHasContent(doc) : false;
        inserts.push({
          ...blankRow(bid.id, f.parent, f.level, f.n.title, f.key, now),
          id: f.n.id,
          title: f.n.title,
          status: has ? 'done' : 'empty',
          progress: has ? 100 : 0,
          word_count: has ? f.n.wordCount : 0,
          own_words: has ? ownWords(docText(doc), echoesFor(f.n.title, bid)) : 0,
          target_words: f.n.targetWords,
          settings,
          scoring_items: scoring,
          engine: f.n.engine,
          has_content: has ? 1 : 0,
          // The chapter may have been edited after the snapshot and before its removal, so a tab
          // could still hold a higher version than the snapshot's: jump past any counter that small.
          version: Math.max((f.n.version ?? 0) + 1, Math.floor(Date.now() / 1000)),
          content_version_seq: maxNos.get(f.n.id) ?? 0,
          content: has ? contentText : null,
        });
      }
      await this.a.repo.insertMany(trx, inserts);
      await this.a.bids.recomputeProgress(trx, bid.id);
      return { backupVersionId, catalogs: await this.a.reloadTree(trx, bid.id) };
    });
  }
}
