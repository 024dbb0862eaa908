import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  CATALOG_LIMITS,
  CATALOG_MSG,
  Code,
  type CatalogDetail,
  type CatalogInputNode,
  type CatalogNode,
  type CatalogSettings,
  type CatalogStatus,
  type CatalogStatusItem,
  type CatalogVersionDetail,
  type CatalogVersionItem,
  type CatalogVersionNode,
  type ContentConflictData,
  type ContentVersionDetail,
  type ContentVersionItem,
  type ContentVersionSource,
  type DragCatalogInput,
  type OutlineVersionSource,
  type UpdateCatalogContentInput,
  type UpdateContentResult,
  formatTime,
} from '@bid/shared';
import { docHasContent, docSchema, docWordCount, emptyDoc, type PMNode } from '@bid/document';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, businessWarning, conflict, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import { isBidReadOnly, type BidAction } from '../bid/policy.ts';
import { SYSTEM_ACTOR, isSystem, userIdOf, type Actor, type Caller } from '../../policy/actor.ts';
import { CatalogRepo, type CatalogRow } from './repo.ts';
import { Outline, SORT_GAP, effectiveStatus, inputCount, inputDepth, parseJsonOr, placeAt, presentRow, presentState, type OutlineRow } from './tree.ts';

/** A manual save more than this long after the last version first keeps the old text as a version. */
export const CHECKPOINT_INTERVAL_MS = 10 * 60 * 1000;
/** Nesting deeper than any real document: refused before the recursive schema walks it. */
const MAX_DOC_NESTING = 200;

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

interface StructCtx {
  trx: Transaction<Database>;
  bid: BidRow;
  outline: Outline;
  node: OutlineRow;
  now: string;
  owner: Caller;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) max = d;
    if (max > MAX_DOC_NESTING) return max;
    if (v && typeof v === 'object') for (const child of Object.values(v as Record<string, unknown>)) if (child && typeof child === 'object') stack.push([child, d + 1]);
  }
  return max;
}

/** Validates a chapter document: size, nesting, then the document model. Returns it with its stored text. */
export function checkDoc(content: unknown): { doc: PMNode; text: string } {
  const raw = JSON.stringify(content ?? null);
  if (Buffer.byteLength(raw, 'utf8') > CATALOG_LIMITS.contentBytes) throw new AppError(Code.PAYLOAD_TOO_LARGE, CATALOG_MSG.contentTooLarge);
  if (jsonDepth(content) > MAX_DOC_NESTING) throw badRequest('章节内容格式不正确：层级过深');
  const parsed = docSchema.safeParse(content);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`章节内容格式不正确：${first?.message ?? '不是有效的文档'}`);
  }
  return { doc: parsed.data, text: JSON.stringify(parsed.data) };
}

function parseDoc(text: string | null | undefined): PMNode {
  const v = parseJsonOr<PMNode | null>(text, null);
  return v && typeof v === 'object' && v.type === 'doc' ? v : emptyDoc();
}

function settingsJson(s: CatalogSettings | null | undefined): string | null {
  if (!s) return null;
  const out: Record<string, unknown> = {};
  if (s.requirement) out.requirement = s.requirement;
  if (s.include?.length) out.include = s.include;
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

function statusFor(has: boolean, current: string): { status: string; progress: number } {
  // A chapter the AI is writing keeps showing so until the job says otherwise.
  if (current === 'writing') return { status: 'writing', progress: 0 };
  return has ? { status: 'done', progress: 100 } : { status: 'empty', progress: 0 };
}

/**
 * The outline (catalog) and chapter content of a bid: tree edits under a per-bid lock, content
 * saves with optimistic versions (a stale save answers 409 with the server's text), outline and
 * content versions. Progress of the bid is recomputed after every change of leaves or content.
 */
export class CatalogService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly repo: CatalogRepo,
    private readonly bids: BidService,
  ) {}

  // ------------------------------------------------------------------ helpers

  private inTrx<T>(trx: Transaction<Database> | undefined, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return trx ? fn(trx) : this.db.transaction().execute(fn);
  }

  /** Finds the chapter's bid (scoped to the caller unless it is the system) and locks it for a write. */
  private async lockByCatalog(trx: Transaction<Database>, caller: Caller, catalogId: string, action?: BidAction): Promise<BidRow> {
    const ref = isSystem(caller) ? await this.repo.bidOf(trx, catalogId) : await this.repo.bidOfOwned(trx, caller, catalogId);
    if (!ref) throw notFound(CATALOG_MSG.notFound);
    return this.bids.lockForWrite(trx, caller, ref.bid_id, action);
  }

  /** A structural edit: lock the bid, load its outline with one query, run `fn`. */
  private structural<T>(owner: Caller, catalogId: string, fn: (c: StructCtx) => Promise<T>, trxIn?: Transaction<Database>): Promise<T> {
    return this.inTrx(trxIn, async (trx) => {
      const bid = await this.lockByCatalog(trx, owner, catalogId);
      const outline = new Outline(await this.repo.loadOutline(trx, bid.id));
      const node = outline.byId.get(catalogId);
      if (!node) throw notFound(CATALOG_MSG.notFound);
      return fn({ trx, bid, outline, node, now: nowIso(), owner });
    });
  }

  private async readableCatalog(owner: Actor, catalogId: string): Promise<{ bidId: string }> {
    const ref = await this.repo.bidOfOwned(this.db, owner, catalogId);
    if (!ref) throw notFound(CATALOG_MSG.notFound);
    return { bidId: ref.bid_id };
  }

  /** Rows for an input tree under `parentId`; top-level keys follow `afterKey`. */
  private rowsFromInput(bidId: string, parentId: string | null, parentLevel: number, nodes: CatalogInputNode[], afterKey: number, now: string): CatalogRow[] {
    const rows: CatalogRow[] = [];
    const stack: Array<{ list: CatalogInputNode[]; parent: string | null; level: number; base: number }> = [
      { list: nodes, parent: parentId, level: parentLevel + 1, base: afterKey },
    ];
    while (stack.length) {
      const { list, parent, level, base } = stack.pop()!;
      list.forEach((n, i) => {
        const id = newId();
        const target = n.targetWords ?? n.settings?.targetWords ?? null;
        rows.push({
          id,
          bid_id: bidId,
          parent_id: parent,
          title: n.title.trim(),
          level,
          sort_key: base + (i + 1) * SORT_GAP,
          status: 'empty',
          progress: 0,
          word_count: 0,
          target_words: target,
          settings: settingsJson(n.settings),
          scoring_items: n.scoringItems?.length ? JSON.stringify(n.scoringItems) : null,
          engine: null,
          has_content: 0,
          version: 0,
          content_version_seq: 0,
          created_at: now,
          updated_at: now,
          content: null,
        });
        if (n.children?.length) stack.push({ list: n.children, parent: id, level: level + 1, base: 0 });
      });
    }
    return rows;
  }

  /** Keeps the whole outline (with every chapter's content) as an outline version. Null when empty. */
  private async snapshot(trx: Transaction<Database>, bidId: string, name: string, source: OutlineVersionSource, createdBy: string | null): Promise<string | null> {
    const rows = await this.repo.loadOutlineWithContent(trx, bidId);
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
    await this.repo.insertOutlineVersion(trx, {
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

  private async addContentVersion(
    trx: Transaction<Database>,
    cat: { id: string; bid_id: string },
    contentText: string,
    meta: { source: ContentVersionSource; name: string; engine?: string | null; createdBy?: string | null; wordCount?: number },
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
  private async keepCurrent(trx: Transaction<Database>, cur: CatalogRow, name: string, createdBy: string | null, onlyIfOlderThanMs?: number): Promise<void> {
    if (cur.has_content !== 1 || !cur.content) return;
    const latest = await this.repo.latestContentVersion(trx, cur.id);
    if (latest && latest.content_hash === sha256(cur.content)) return;
    if (latest && onlyIfOlderThanMs !== undefined && Date.now() - Date.parse(latest.created_at) < onlyIfOlderThanMs) return;
    await this.addContentVersion(trx, cur, cur.content, { source: 'autosave-checkpoint', name, createdBy, wordCount: cur.word_count, engine: cur.engine });
  }

  private async moveNode(c: StructCtx, newParentId: string | null, index: number, newLevel: number): Promise<void> {
    const { trx, outline, node, now } = c;
    if (newLevel + outline.height(node.id) - 1 > CATALOG_LIMITS.maxDepth) throw badRequest(CATALOG_MSG.tooDeep);
    const siblings = outline.childrenOf(newParentId).filter((s) => s.id !== node.id);
    const place = placeAt(siblings, index);
    await this.repo.setSortKeys(trx, place.renumber, now);
    await this.repo.update(trx, node.id, { parent_id: newParentId, sort_key: place.key, level: newLevel, updated_at: now });
    await this.repo.shiftLevels(trx, outline.subtreeIds(node.id).slice(1), newLevel - node.level);
    await this.bids.recomputeProgress(trx, c.bid.id);
  }

  private async reloadTree(trx: Transaction<Database>, bidId: string): Promise<CatalogNode[]> {
    return new Outline(await this.repo.loadOutline(trx, bidId)).toTree();
  }

  // ------------------------------------------------------------------ outline

  async tree(owner: Actor, bidId: string): Promise<CatalogNode[]> {
    await this.bids.getOwned(owner, bidId);
    return new Outline(await this.repo.loadOutline(this.db, bidId)).toTree();
  }

  /** bidCatalogSave: the tree replaces the outline; the old one is kept as an outline version. */
  saveOutline(owner: Caller, bidId: string, catalogs: CatalogInputNode[], trxIn?: Transaction<Database>, versionName = '替换目录前自动保存'): Promise<CatalogNode[]> {
    if (inputDepth(catalogs) > CATALOG_LIMITS.maxDepth) throw badRequest(CATALOG_MSG.tooDeep);
    if (inputCount(catalogs) > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
    return this.inTrx(trxIn, async (trx) => {
      const bid = await this.bids.lockForWrite(trx, owner, bidId);
      await this.snapshot(trx, bid.id, versionName, 'auto', userIdOf(owner));
      await this.repo.deleteAllOfBid(trx, bid.id);
      await this.repo.insertMany(trx, this.rowsFromInput(bid.id, null, 0, catalogs, 0, nowIso()));
      await this.bids.recomputeProgress(trx, bid.id);
      return this.reloadTree(trx, bid.id);
    });
  }

  /** bidCatalogChildSave: replaces (or appends to) one chapter's children; answers that chapter's subtree. */
  saveChildren(owner: Caller, id: string, catalogs: CatalogInputNode[], mode: 'replace' | 'append' = 'replace', trxIn?: Transaction<Database>): Promise<CatalogNode> {
    return this.structural(
      owner,
      id,
      async (c) => {
        const { trx, outline, node, now } = c;
        if (node.level + inputDepth(catalogs) > CATALOG_LIMITS.maxDepth) throw badRequest(CATALOG_MSG.tooDeep);
        const existing = outline.subtreeIds(node.id).slice(1);
        const remaining = mode === 'replace' ? outline.size - existing.length : outline.size;
        if (remaining + inputCount(catalogs) > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
        let afterKey = 0;
        if (mode === 'replace') {
          if (existing.length) {
            if (existing.some((x) => outline.byId.get(x)!.has_content === 1)) {
              await this.snapshot(trx, c.bid.id, `重写「${node.title}」的下级章节前自动保存`, 'auto', userIdOf(owner));
            }
            await this.repo.deleteIds(trx, c.bid.id, existing);
          }
        } else {
          const kids = outline.childrenOf(node.id);
          afterKey = kids.length ? Number(kids[kids.length - 1].sort_key) : 0;
        }
        await this.repo.insertMany(trx, this.rowsFromInput(c.bid.id, node.id, node.level, catalogs, afterKey, now));
        await this.bids.recomputeProgress(trx, c.bid.id);
        const tree = new Outline(await this.repo.loadOutline(trx, c.bid.id));
        const fresh = tree.byId.get(node.id)!;
        const siblings = tree.siblingsOf(fresh);
        const find = (nodes: CatalogNode[]): CatalogNode | undefined => {
          for (const n of nodes) {
            if (n.id === node.id) return n;
            const f = find(n.children);
            if (f) return f;
          }
          return undefined;
        };
        return find(tree.toTree()) ?? { ...presentRow(fresh), sort: siblings.indexOf(fresh) + 1, children: [] };
      },
      trxIn,
    );
  }

  rename(owner: Actor, id: string, title: string): Promise<void> {
    return this.structural(owner, id, async ({ trx, node, now }) => {
      await this.repo.update(trx, node.id, { title: title.trim(), updated_at: now });
    });
  }

  moveUp(owner: Actor, id: string): Promise<void> {
    return this.swapWithNeighbour(owner, id, -1);
  }

  moveDown(owner: Actor, id: string): Promise<void> {
    return this.swapWithNeighbour(owner, id, 1);
  }

  private swapWithNeighbour(owner: Actor, id: string, dir: -1 | 1): Promise<void> {
    return this.structural(owner, id, async ({ trx, outline, node, now }) => {
      const siblings = outline.siblingsOf(node);
      const idx = siblings.indexOf(node);
      const other = siblings[idx + dir];
      if (!other) throw businessWarning(dir < 0 ? CATALOG_MSG.alreadyFirst : CATALOG_MSG.alreadyLast);
      if (Number(other.sort_key) !== Number(node.sort_key)) {
        // Two rows: the neighbours trade keys.
        await this.repo.setSortKeys(trx, [
          { id: node.id, key: Number(other.sort_key) },
          { id: other.id, key: Number(node.sort_key) },
        ], now);
        return;
      }
      const order = siblings.filter((s) => s.id !== node.id);
      const place = placeAt(order, idx + dir);
      await this.repo.setSortKeys(trx, [...place.renumber, { id: node.id, key: place.key }], now);
    });
  }

  /** removeBidCatalog: the chapter and its whole subtree, in one transaction (kept in an outline version first when any had content). */
  remove(owner: Actor, id: string): Promise<void> {
    return this.structural(owner, id, async ({ trx, outline, node, bid }) => {
      const ids = outline.subtreeIds(node.id);
      if (ids.some((x) => outline.byId.get(x)!.has_content === 1)) {
        await this.snapshot(trx, bid.id, `删除「${node.title}」前自动保存`, 'auto', owner.userId);
      }
      await this.repo.deleteIds(trx, bid.id, ids);
      await this.bids.recomputeProgress(trx, bid.id);
    });
  }

  private newRow(bidId: string, parentId: string | null, level: number, title: string, key: number, now: string): CatalogRow {
    return {
      id: newId(),
      bid_id: bidId,
      parent_id: parentId,
      title: title.trim(),
      level,
      sort_key: key,
      status: 'empty',
      progress: 0,
      word_count: 0,
      target_words: null,
      settings: null,
      scoring_items: null,
      engine: null,
      has_content: 0,
      version: 0,
      content_version_seq: 0,
      created_at: now,
      updated_at: now,
      content: null,
    };
  }

  /** addLowerLevelBidCatalog: a new last child. */
  addChild(owner: Actor, id: string, title: string): Promise<{ id: string }> {
    return this.structural(owner, id, async ({ trx, outline, node, bid, now }) => {
      if (node.level + 1 > CATALOG_LIMITS.maxDepth) throw badRequest(CATALOG_MSG.tooDeep);
      if (outline.size + 1 > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
      const kids = outline.childrenOf(node.id);
      const place = placeAt(kids, kids.length);
      const row = this.newRow(bid.id, node.id, node.level + 1, title, place.key, now);
      await this.repo.insertMany(trx, [row]);
      await this.bids.recomputeProgress(trx, bid.id);
      return { id: row.id };
    });
  }

  /** addSameLevelBidCatalog: right after `id`, or (no id) the last top-level chapter of `bidId`. */
  async addSibling(owner: Actor, input: { id?: string; bidId?: string; title: string }): Promise<{ id: string }> {
    if (input.id) {
      return this.structural(owner, input.id, async ({ trx, outline, node, bid, now }) => {
        if (outline.size + 1 > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
        const siblings = outline.siblingsOf(node);
        const place = placeAt(siblings, siblings.indexOf(node) + 1);
        await this.repo.setSortKeys(trx, place.renumber, now);
        const row = this.newRow(bid.id, node.parent_id, node.level, input.title, place.key, now);
        await this.repo.insertMany(trx, [row]);
        await this.bids.recomputeProgress(trx, bid.id);
        return { id: row.id };
      });
    }
    return this.db.transaction().execute(async (trx) => {
      const bid = await this.bids.lockForWrite(trx, owner, input.bidId!);
      const outline = new Outline(await this.repo.loadOutline(trx, bid.id));
      if (outline.size + 1 > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
      const roots = outline.childrenOf(null);
      const place = placeAt(roots, roots.length);
      const row = this.newRow(bid.id, null, 1, input.title, place.key, nowIso());
      await this.repo.insertMany(trx, [row]);
      await this.bids.recomputeProgress(trx, bid.id);
      return { id: row.id };
    });
  }

  /** dragBidCatalog: before/after a target (as its sibling) or inside it (last child). */
  drag(owner: Actor, input: DragCatalogInput): Promise<void> {
    return this.structural(owner, input.id, async (c) => {
      const target = c.outline.byId.get(input.targetId);
      // A target outside this outline (another bid, another user) is "missing", like any foreign id.
      if (!target) throw notFound(CATALOG_MSG.notFound);
      if (c.outline.inSubtree(c.node.id, target.id)) throw badRequest(CATALOG_MSG.intoOwnSubtree);
      if (input.position === 'inside') {
        await this.moveNode(c, target.id, c.outline.childrenOf(target.id).filter((s) => s.id !== c.node.id).length, target.level + 1);
        return;
      }
      const siblings = c.outline.childrenOf(target.parent_id).filter((s) => s.id !== c.node.id);
      const at = siblings.indexOf(target) + (input.position === 'after' ? 1 : 0);
      await this.moveNode(c, target.parent_id, at, target.level);
    });
  }

  /** upGradeBidCatalog: the chapter (with its subtree) becomes the next sibling of its parent. */
  promote(owner: Actor, id: string): Promise<void> {
    return this.structural(owner, id, async (c) => {
      if (c.node.parent_id === null) throw businessWarning(CATALOG_MSG.topLevelPromote);
      const parent = c.outline.byId.get(c.node.parent_id)!;
      const siblings = c.outline.childrenOf(parent.parent_id);
      await this.moveNode(c, parent.parent_id, siblings.indexOf(parent) + 1, parent.level);
    });
  }

  /** deGradeBidCatalog: the chapter (with its subtree) becomes the last child of its previous sibling. */
  demote(owner: Actor, id: string): Promise<void> {
    return this.structural(owner, id, async (c) => {
      const siblings = c.outline.siblingsOf(c.node);
      const idx = siblings.indexOf(c.node);
      if (idx <= 0) throw businessWarning(CATALOG_MSG.noPrevSibling);
      const prev = siblings[idx - 1];
      await this.moveNode(c, prev.id, c.outline.childrenOf(prev.id).length, c.node.level + 1);
    });
  }

  async statuses(owner: Actor, bidId: string): Promise<CatalogStatusItem[]> {
    await this.bids.getOwned(owner, bidId);
    const outline = new Outline(await this.repo.loadOutline(this.db, bidId));
    return outline.preorder().map((r) => ({ id: r.id, ...presentState(r) }));
  }

  /** removeCatalogErrorStatus: error -> done or empty, by content. */
  clearError(owner: Actor, id: string): Promise<void> {
    return this.inTrx(undefined, async (trx) => {
      await this.lockByCatalog(trx, owner, id);
      const cur = await this.repo.findFull(trx, id);
      if (!cur) throw notFound(CATALOG_MSG.notFound);
      if (cur.status !== 'error') return;
      const has = cur.has_content === 1;
      await this.repo.update(trx, id, { status: has ? 'done' : 'empty', progress: has ? 100 : 0, updated_at: nowIso() });
    });
  }

  /** The gear: word budget, extra requirements, what to include. Fields left out keep their value; null clears. */
  updateSettings(owner: Actor, id: string, settings: CatalogSettings): Promise<CatalogNode['settings']> {
    return this.structural(owner, id, async ({ trx, node, now }) => {
      const cur = parseJsonOr<CatalogSettings>(node.settings, {});
      const next: CatalogSettings = { requirement: cur.requirement, include: cur.include };
      if (settings.requirement !== undefined) next.requirement = settings.requirement?.trim() || null;
      if (settings.include !== undefined) next.include = settings.include ?? null;
      const patch: Partial<CatalogRow> = { settings: settingsJson(next), updated_at: now };
      let target = node.target_words;
      if (settings.targetWords !== undefined) target = patch.target_words = settings.targetWords ?? null;
      await this.repo.update(trx, node.id, patch);
      return { ...parseJsonOr<CatalogSettings>(patch.settings, {}), targetWords: target };
    });
  }

  // ------------------------------------------------------------------ content

  async detail(owner: Actor, id: string): Promise<CatalogDetail> {
    const { bidId } = await this.readableCatalog(owner, id);
    const [row, bid] = await Promise.all([this.repo.findFull(this.db, id), this.bids.getOwned(owner, bidId)]);
    if (!row) throw notFound(CATALOG_MSG.notFound);
    const { content, content_version_seq: _seq, created_at: _c, ai_sources: sources, ...meta } = row;
    return {
      ...presentRow(meta),
      sources: parseJsonOr<CatalogDetail['sources']>(sources, []),
      content: parseDoc(content) as unknown as Record<string, unknown>,
      bidStatus: bid.status as 'writing' | 'finished',
      readOnly: isBidReadOnly(bid),
    };
  }

  /** updateBidCatalogContent: saves when `baseVersion` is current, else 409 with the server's text. */
  async updateContent(owner: Actor, input: UpdateCatalogContentInput): Promise<UpdateContentResult> {
    const { doc, text } = checkDoc(input.content);
    return this.inTrx(undefined, async (trx) => {
      const bid = await this.lockByCatalog(trx, owner, input.id);
      const cur = await this.repo.findFull(trx, input.id);
      if (!cur) throw notFound(CATALOG_MSG.notFound);
      // The same text again (e.g. a retry whose first answer was lost) is not a conflict.
      if (cur.content === text) {
        return { version: cur.version, wordCount: cur.word_count, status: cur.status as CatalogStatus, bidProgress: bid.progress };
      }
      if (cur.version !== input.baseVersion) {
        const data: ContentConflictData = { version: cur.version, content: parseDoc(cur.content) as unknown as Record<string, unknown>, updateTime: cur.updated_at };
        throw conflict(CATALOG_MSG.conflict, data);
      }
      await this.keepCurrent(trx, cur, '自动保存点', owner.userId, CHECKPOINT_INTERVAL_MS);
      const has = docHasContent(doc);
      const wordCount = docWordCount(doc);
      const st = statusFor(has, effectiveStatus(cur));
      const now = nowIso();
      const res = await trx
        .updateTable('catalogs')
        .set({ content: text, version: cur.version + 1, word_count: wordCount, has_content: has ? 1 : 0, status: st.status, progress: st.progress, updated_at: now })
        .where('id', '=', cur.id)
        .where('version', '=', input.baseVersion)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw conflict(CATALOG_MSG.conflict, null);
      const bidProgress = has !== (cur.has_content === 1) ? await this.bids.recomputeProgress(trx, bid.id) : bid.progress;
      if (has === (cur.has_content === 1)) await this.bids.repo.update(trx, bid.id, { updated_at: now });
      return { version: cur.version + 1, wordCount, status: st.status as CatalogStatus, bidProgress };
    });
  }

  /**
   * For the AI engineer: stores generated content as the chapter's text and as a new version
   * (source 'ai' by default), keeping the text it replaces as a version first. Refuses a finished
   * bid (601). Pass `trx` to join an outer transaction.
   */
  saveGeneratedContent(trx: Transaction<Database> | undefined, catalogId: string, content: unknown, meta: GeneratedContentMeta = {}): Promise<GeneratedContentResult> {
    const { doc, text } = checkDoc(content);
    return this.inTrx(trx, async (t) => {
      const bid = await this.lockByCatalog(t, SYSTEM_ACTOR, catalogId);
      const cur = await this.repo.findFull(t, catalogId);
      if (!cur) throw notFound(CATALOG_MSG.notFound);
      await this.keepCurrent(t, cur, '重新生成前的内容', meta.createdBy ?? null);
      const has = docHasContent(doc);
      const wordCount = docWordCount(doc);
      const status = meta.status ?? (has ? 'done' : 'empty');
      await this.repo.update(t, cur.id, {
        content: text,
        version: cur.version + 1,
        word_count: wordCount,
        has_content: has ? 1 : 0,
        status,
        progress: status === 'done' ? 100 : 0,
        engine: meta.engine ?? cur.engine,
        updated_at: nowIso(),
      });
      const v = await this.addContentVersion(t, cur, text, {
        source: meta.source ?? 'ai',
        name: meta.name ?? 'AI 生成',
        engine: meta.engine ?? null,
        createdBy: meta.createdBy ?? null,
        wordCount,
      });
      const bidProgress = await this.bids.recomputeProgress(t, bid.id);
      return { version: cur.version + 1, versionId: v.id, versionNo: v.versionNo, wordCount, bidProgress };
    });
  }

  /** For the AI engineer: marks a chapter writing/error/... with a generation progress (no content change). */
  setGenerationState(trx: Transaction<Database> | undefined, catalogId: string, state: { status: CatalogStatus; progress?: number; engine?: string | null }): Promise<void> {
    return this.inTrx(trx, async (t) => {
      await this.lockByCatalog(t, SYSTEM_ACTOR, catalogId);
      const patch: Partial<CatalogRow> = { status: state.status, progress: Math.max(0, Math.min(100, Math.round(state.progress ?? 0))), updated_at: nowIso() };
      if (state.engine !== undefined) patch.engine = state.engine;
      await this.repo.update(t, catalogId, patch);
    });
  }

  /** For other modules (AI, export): the outline of a bid without an ownership check (the caller did it). */
  async treeOfBid(bidId: string, db: Kysely<Database> | Transaction<Database> = this.db): Promise<CatalogNode[]> {
    return new Outline(await this.repo.loadOutline(db, bidId)).toTree();
  }

  /**
   * For export and the AI context: the outline with every chapter's document, in reading order of the
   * tree (no ownership check: the caller checked the bid with ctx.services.bid.getOwned).
   */
  async contentTreeOfBid(bidId: string): Promise<Array<CatalogNode & { content: PMNode; children: Array<CatalogNode & { content: PMNode }> }>> {
    const rows = await this.repo.loadOutlineWithContent(this.db, bidId);
    const contentOf = new Map(rows.map((r) => [r.id, r.content]));
    type WithContent = CatalogNode & { content: PMNode; children: WithContent[] };
    const attach = (nodes: CatalogNode[]): WithContent[] => nodes.map((n) => ({ ...n, content: parseDoc(contentOf.get(n.id)), children: attach(n.children) }));
    return attach(new Outline(rows).toTree());
  }

  // ------------------------------------------------------------------ content versions

  async listContentVersions(owner: Actor, id: string): Promise<ContentVersionItem[]> {
    const { bidId } = await this.readableCatalog(owner, id);
    const rows = await this.repo.listContentVersions(this.db, id, bidId);
    return rows.map((r) => ({
      id: r.id,
      catalogId: r.catalog_id,
      versionNo: r.version_no,
      name: r.name,
      source: r.source as ContentVersionSource,
      engine: r.engine,
      wordCount: r.word_count,
      createTime: r.created_at,
    }));
  }

  async contentVersionDetail(owner: Actor, id: string, versionId: string): Promise<ContentVersionDetail> {
    const { bidId } = await this.readableCatalog(owner, id);
    const r = await this.repo.findContentVersion(this.db, id, bidId, versionId);
    if (!r) throw notFound(CATALOG_MSG.versionNotFound);
    return {
      id: r.id,
      catalogId: r.catalog_id,
      versionNo: r.version_no,
      name: r.name,
      source: r.source as ContentVersionSource,
      engine: r.engine,
      wordCount: r.word_count,
      createTime: r.created_at,
      content: parseDoc(r.content) as unknown as Record<string, unknown>,
    };
  }

  /** saveCatalogContentVersion: an explicit save point of the chapter's current text. */
  saveContentVersion(owner: Actor, id: string, name?: string | null): Promise<{ id: string; versionNo: number }> {
    return this.inTrx(undefined, async (trx) => {
      await this.lockByCatalog(trx, owner, id);
      const cur = await this.repo.findFull(trx, id);
      if (!cur) throw notFound(CATALOG_MSG.notFound);
      if (cur.has_content !== 1 || !cur.content) throw businessWarning(CATALOG_MSG.emptyContentVersion);
      return this.addContentVersion(trx, cur, cur.content, {
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
  restoreContentVersion(owner: Actor, id: string, versionId: string, baseVersion?: number): Promise<{ version: number; content: Record<string, unknown>; wordCount: number; bidProgress: number }> {
    return this.inTrx(undefined, async (trx) => {
      const bid = await this.lockByCatalog(trx, owner, id);
      const cur = await this.repo.findFull(trx, id);
      if (!cur) throw notFound(CATALOG_MSG.notFound);
      if (baseVersion !== undefined && cur.version !== baseVersion) {
        const data: ContentConflictData = { version: cur.version, content: parseDoc(cur.content) as unknown as Record<string, unknown>, updateTime: cur.updated_at };
        throw conflict(CATALOG_MSG.conflict, data);
      }
      const ver = await this.repo.findContentVersion(trx, id, bid.id, versionId);
      if (!ver) throw notFound(CATALOG_MSG.versionNotFound);
      await this.keepCurrent(trx, cur, '恢复前自动保存', owner.userId);
      const doc = parseDoc(ver.content);
      const has = docHasContent(doc);
      const st = statusFor(has, effectiveStatus(cur));
      await this.repo.update(trx, id, {
        content: ver.content,
        version: cur.version + 1,
        word_count: ver.word_count,
        has_content: has ? 1 : 0,
        status: st.status,
        progress: st.progress,
        engine: ver.engine ?? cur.engine,
        updated_at: nowIso(),
      });
      await this.addContentVersion(trx, cur, ver.content, {
        source: 'restore',
        name: `恢复自版本 V${ver.version_no}`,
        engine: ver.engine,
        createdBy: owner.userId,
        wordCount: ver.word_count,
      });
      const bidProgress = await this.bids.recomputeProgress(trx, bid.id);
      return { version: cur.version + 1, content: doc as unknown as Record<string, unknown>, wordCount: ver.word_count, bidProgress };
    });
  }

  // ------------------------------------------------------------------ outline versions

  async listOutlineVersions(owner: Actor, bidId: string): Promise<CatalogVersionItem[]> {
    await this.bids.getOwned(owner, bidId);
    const rows = await this.repo.listOutlineVersions(this.db, bidId);
    return rows.map((r) => ({ id: r.id, bidId: r.bid_id, name: r.name, source: r.source as OutlineVersionSource, chapterCount: r.chapter_count, createTime: r.created_at }));
  }

  async outlineVersionDetail(owner: Actor, versionId: string): Promise<CatalogVersionDetail> {
    const r = await this.repo.findOutlineVersionOwned(this.db, owner, versionId);
    if (!r) throw notFound(CATALOG_MSG.versionNotFound);
    const strip = (nodes: SnapNode[]): CatalogVersionNode[] =>
      nodes.map((n) => ({ id: n.id, title: n.title, level: n.level, targetWords: n.targetWords, wordCount: n.wordCount, hasContent: n.hasContent, children: strip(n.children ?? []) }));
    return {
      id: r.id,
      bidId: r.bid_id,
      name: r.name,
      source: r.source as OutlineVersionSource,
      chapterCount: r.chapter_count,
      createTime: r.created_at,
      catalogs: strip(parseJsonOr<SnapNode[]>(r.snapshot, [])),
    };
  }

  /** saveCatalogVersion: a named save point of the whole outline. */
  saveOutlineVersion(owner: Actor, bidId: string, name?: string | null): Promise<{ id: string }> {
    return this.inTrx(undefined, async (trx) => {
      const bid = await this.bids.lockForWrite(trx, owner, bidId);
      const id = await this.snapshot(trx, bid.id, name?.trim() || `目录版本 ${formatTime(new Date(), 'MM-DD HH:mm')}`, 'manual', owner.userId);
      if (!id) throw businessWarning('目录为空，无需保存版本');
      return { id };
    });
  }

  /**
   * restoreCatalogVersion: keeps the current outline as a version, then makes the outline what the
   * version holds. Chapters that still exist keep their current text; chapters that had been removed
   * come back under their old id with the text they had.
   */
  restoreOutlineVersion(owner: Actor, versionId: string): Promise<{ backupVersionId: string | null; catalogs: CatalogNode[] }> {
    return this.inTrx(undefined, async (trx) => {
      const ver = await this.repo.findOutlineVersionOwned(trx, owner, versionId);
      if (!ver) throw notFound(CATALOG_MSG.versionNotFound);
      const bid = await this.bids.lockForWrite(trx, owner, ver.bid_id);
      const backupVersionId = await this.snapshot(trx, bid.id, `恢复「${ver.name}」前自动保存`, 'restore', owner.userId);
      const current = new Outline(await this.repo.loadOutline(trx, bid.id));
      const snap = parseJsonOr<SnapNode[]>(ver.snapshot, []);
      const now = nowIso();

      type Flat = { n: SnapNode; parent: string | null; level: number; key: number };
      const flat: Flat[] = [];
      const stack: Array<{ list: SnapNode[]; parent: string | null; level: number }> = [{ list: snap, parent: null, level: 1 }];
      while (stack.length) {
        const { list, parent, level } = stack.pop()!;
        list.forEach((n, i) => {
          flat.push({ n, parent, level, key: (i + 1) * SORT_GAP });
          if (n.children?.length) stack.push({ list: n.children, parent: n.id, level: level + 1 });
        });
      }
      const keep = new Set(flat.map((f) => f.n.id));
      await this.repo.deleteIds(trx, bid.id, [...current.byId.keys()].filter((id) => !keep.has(id)));

      const missing = flat.filter((f) => !current.byId.has(f.n.id));
      const maxNos = await this.repo.maxVersionNos(trx, missing.map((f) => f.n.id));
      const inserts: CatalogRow[] = [];
      for (const f of flat) {
        const settings = settingsJson(f.n.settings);
        const scoring = f.n.scoringItems?.length ? JSON.stringify(f.n.scoringItems) : null;
        const existing = current.byId.get(f.n.id);
        if (existing) {
          const same =
            existing.parent_id === f.parent && existing.level === f.level && Number(existing.sort_key) === f.key && existing.title === f.n.title &&
            existing.target_words === f.n.targetWords && existing.settings === settings && existing.scoring_items === scoring;
          if (!same) {
            await this.repo.update(trx, f.n.id, { parent_id: f.parent, level: f.level, sort_key: f.key, title: f.n.title, target_words: f.n.targetWords, settings, scoring_items: scoring, updated_at: now });
          }
          continue;
        }
        const contentText = f.n.hasContent && f.n.content ? JSON.stringify(f.n.content) : null;
        const has = contentText ? docHasContent(parseDoc(contentText)) : false;
        inserts.push({
          id: f.n.id,
          bid_id: bid.id,
          parent_id: f.parent,
          title: f.n.title,
          level: f.level,
          sort_key: f.key,
          status: has ? 'done' : 'empty',
          progress: has ? 100 : 0,
          word_count: has ? f.n.wordCount : 0,
          target_words: f.n.targetWords,
          settings,
          scoring_items: scoring,
          engine: f.n.engine,
          has_content: has ? 1 : 0,
          // The chapter may have been edited after the snapshot and before its removal, so a tab
          // could still hold a higher version than the snapshot's: jump past any counter that small.
          version: Math.max((f.n.version ?? 0) + 1, Math.floor(Date.now() / 1000)),
          content_version_seq: maxNos.get(f.n.id) ?? 0,
          created_at: now,
          updated_at: now,
          content: has ? contentText : null,
        });
      }
      await this.repo.insertMany(trx, inserts);
      await this.bids.recomputeProgress(trx, bid.id);
      return { backupVersionId, catalogs: await this.reloadTree(trx, bid.id) };
    });
  }
}
