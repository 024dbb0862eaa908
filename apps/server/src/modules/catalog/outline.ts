import {
  CATALOG_LIMITS,
  CATALOG_MSG,
  type CatalogInputNode,
  type CatalogNode,
  type CatalogSettings,
  type CatalogStatusItem,
  type DragCatalogInput,
} from '@bid/shared';
import { badRequest, businessWarning, notFound } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { userIdOf, type Actor, type Caller } from '../../policy/actor.ts';
import type { CatalogAccess, StructCtx } from './access.ts';
import { settingsJson } from './doc.ts';
import type { OutlineVersionService } from './outline-versions.ts';
import type { CatalogRow } from './repo.ts';
import { blankRow } from './rows.ts';
import {
  Outline,
  SORT_GAP,
  inputCount,
  inputDepth,
  parseJsonOr,
  placeAt,
  presentRow,
  presentState,
} from './tree.ts';
import { inTx, type Tx } from '../../db/db.ts';

/** Changes to an outline decided from the outline itself (re-planning after the scoring items changed). */
export interface OutlineChanges {
  update: Array<{ id: string; title?: string; scoringItems: unknown[] | null }>;
  /** Roots of subtrees to delete. */
  remove: string[];
  /** New chapters appended as the last children of `parentId` (null: the top level). */
  add: Array<{ parentId: string | null; nodes: CatalogInputNode[] }>;
}

/**
 * The outline (目录) of a bid: tree edits under the bid's lock, each loading the outline with one
 * query. Cutting or replacing chapters with content keeps the old outline as a version first; the
 * bid's progress follows every change of leaves.
 */
export class OutlineService {
  constructor(
    private readonly a: CatalogAccess,
    private readonly versions: OutlineVersionService,
  ) {}

  /** Rows for an input tree under `parentId`; top-level keys follow `afterKey`. */
  private rowsFromInput(
    bidId: string,
    parentId: string | null,
    parentLevel: number,
    nodes: CatalogInputNode[],
    afterKey: number,
    now: string,
  ): CatalogRow[] {
    const rows: CatalogRow[] = [];
    const stack: Array<{ list: CatalogInputNode[]; parent: string | null; level: number; base: number }> = [
      { list: nodes, parent: parentId, level: parentLevel + 1, base: afterKey },
    ];
    while (stack.length) {
      const { list, parent, level, base } = stack.pop()!;
      list.forEach((n, i) => {
        const row: CatalogRow = {
          ...blankRow(bidId, parent, level, n.title, base + (i + 1) * SORT_GAP, now),
          target_words: n.targetWords ?? n.settings?.targetWords ?? null,
          settings: settingsJson(n.settings),
          scoring_items: n.scoringItems?.length ? JSON.stringify(n.scoringItems) : null,
        };
        rows.push(row);
        const id = row.id;
        if (n.children?.length) stack.push({ list: n.children, parent: id, level: level + 1, base: 0 });
      });
    }
    return rows;
  }

  private async moveNode(
    c: StructCtx,
    newParentId: string | null,
    index: number,
    newLevel: number,
  ): Promise<void> {
    const { trx, outline, node, now } = c;
    if (newLevel + outline.height(node.id) - 1 > CATALOG_LIMITS.maxDepth)
      throw badRequest(CATALOG_MSG.tooDeep);
    const siblings = outline.childrenOf(newParentId).filter((s) => s.id !== node.id);
    const place = placeAt(siblings, index);
    await this.a.repo.setSortKeys(trx, place.renumber, now);
    await this.a.repo.update(trx, node.id, {
      parent_id: newParentId,
      sort_key: place.key,
      level: newLevel,
      updated_at: now,
    });
    await this.a.repo.shiftLevels(trx, outline.subtreeIds(node.id).slice(1), newLevel - node.level);
    await this.a.bids.recomputeProgress(trx, c.bid.id);
  }

  async tree(owner: Actor, bidId: string): Promise<CatalogNode[]> {
    const rows = await this.a.repo.loadOutlineOwned(this.a.db, owner, bidId);
    // Nothing: an empty outline, or a bid the caller may not see (404); only then is the bid read.
    if (!rows.length) await this.a.bids.getOwned(owner, bidId);
    return new Outline(rows).toTree();
  }

  /** bidCatalogSave: the tree replaces the outline; the old one is kept as an outline version. */
  saveOutline(
    owner: Caller,
    bidId: string,
    catalogs: CatalogInputNode[],
    trxIn?: Tx,
    versionName = '替换目录前自动保存',
  ): Promise<CatalogNode[]> {
    if (inputDepth(catalogs) > CATALOG_LIMITS.maxDepth) throw badRequest(CATALOG_MSG.tooDeep);
    if (inputCount(catalogs) > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
    return this.a.inTrx(trxIn, async (trx) => {
      const bid = await this.a.bids.lockForWrite(trx, owner, bidId);
      await this.versions.snapshot(trx, bid.id, versionName, 'auto', userIdOf(owner));
      await this.a.repo.deleteAllOfBid(trx, bid.id);
      await this.a.repo.insertMany(trx, this.rowsFromInput(bid.id, null, 0, catalogs, 0, nowIso()));
      await this.a.bids.recomputeProgress(trx, bid.id);
      return this.a.reloadTree(trx, bid.id);
    });
  }

  /**
   * Changes the outline in place under the bid's lock, as `decide` says from the outline it sees there
   * (chapter ids, titles and content stay unless a change names them); the outline before is kept as
   * an outline version when anything changes.
   */
  revise<T extends OutlineChanges>(
    owner: Caller,
    bidId: string,
    decide: (tree: CatalogNode[]) => T,
    versionName: string,
  ): Promise<{ changes: T; tree: CatalogNode[] }> {
    return this.a.inTrx(undefined, async (trx) => {
      const bid = await this.a.bids.lockForWrite(trx, owner, bidId);
      const outline = new Outline(await this.a.repo.loadOutline(trx, bid.id));
      const changes = decide(outline.toTree());
      if (!changes.update.length && !changes.remove.length && !changes.add.length)
        return { changes, tree: outline.toTree() };
      const adding = changes.add.reduce((n, a) => n + inputCount(a.nodes), 0);
      if (outline.size + adding > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
      await this.versions.snapshot(trx, bid.id, versionName, 'auto', userIdOf(owner));
      const now = nowIso();
      for (const u of changes.update) {
        if (!outline.byId.has(u.id)) continue;
        const patch: Partial<CatalogRow> = {
          scoring_items: u.scoringItems?.length ? JSON.stringify(u.scoringItems) : null,
          updated_at: now,
        };
        if (u.title) patch.title = u.title.trim().slice(0, CATALOG_LIMITS.titleMax);
        await this.a.repo.update(trx, u.id, patch);
      }
      const gone = changes.remove
        .filter((id) => outline.byId.has(id))
        .flatMap((id) => outline.subtreeIds(id));
      if (gone.length) await this.a.repo.deleteIds(trx, bid.id, gone);
      for (const a of changes.add) {
        const parent = a.parentId ? outline.byId.get(a.parentId) : null;
        if (a.parentId && (!parent || gone.includes(a.parentId))) continue;
        const level = parent?.level ?? 0;
        if (level + inputDepth(a.nodes) > CATALOG_LIMITS.maxDepth) throw badRequest(CATALOG_MSG.tooDeep);
        const kids = outline.childrenOf(a.parentId).filter((k) => !gone.includes(k.id));
        const afterKey = kids.length ? Number(kids[kids.length - 1].sort_key) : 0;
        await this.a.repo.insertMany(
          trx,
          this.rowsFromInput(bid.id, a.parentId, level, a.nodes, afterKey, now),
        );
      }
      await this.a.bids.recomputeProgress(trx, bid.id);
      return { changes, tree: await this.a.reloadTree(trx, bid.id) };
    });
  }

  /** bidCatalogChildSave: replaces (or appends to) one chapter's children; answers that chapter's subtree. */
  saveChildren(
    owner: Caller,
    id: string,
    catalogs: CatalogInputNode[],
    mode: 'replace' | 'append' = 'replace',
    trxIn?: Tx,
  ): Promise<CatalogNode> {
    return this.a.structural(
      owner,
      id,
      async (c) => {
        const { trx, outline, node, now } = c;
        if (node.level + inputDepth(catalogs) > CATALOG_LIMITS.maxDepth)
          throw badRequest(CATALOG_MSG.tooDeep);
        const existing = outline.subtreeIds(node.id).slice(1);
        const remaining = mode === 'replace' ? outline.size - existing.length : outline.size;
        if (remaining + inputCount(catalogs) > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
        let afterKey = 0;
        if (mode === 'replace') {
          if (existing.length) {
            if (existing.some((x) => outline.byId.get(x)!.has_content === 1)) {
              await this.versions.snapshot(
                trx,
                c.bid.id,
                `重写「${node.title}」的下级章节前自动保存`,
                'auto',
                userIdOf(owner),
              );
            }
            await this.a.repo.deleteIds(trx, c.bid.id, existing);
          }
        } else {
          const kids = outline.childrenOf(node.id);
          afterKey = kids.length ? Number(kids[kids.length - 1].sort_key) : 0;
        }
        await this.a.repo.insertMany(
          trx,
          this.rowsFromInput(c.bid.id, node.id, node.level, catalogs, afterKey, now),
        );
        await this.a.bids.recomputeProgress(trx, c.bid.id);
        const tree = new Outline(await this.a.repo.loadOutline(trx, c.bid.id));
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
        return (
          find(tree.toTree()) ?? { ...presentRow(fresh), sort: siblings.indexOf(fresh) + 1, children: [] }
        );
      },
      trxIn,
    );
  }

  rename(owner: Actor, id: string, title: string): Promise<void> {
    return this.a.structural(owner, id, async ({ trx, node, now }) => {
      await this.a.repo.update(trx, node.id, { title: title.trim(), updated_at: now });
    });
  }

  moveUp(owner: Actor, id: string): Promise<void> {
    return this.swapWithNeighbour(owner, id, -1);
  }

  moveDown(owner: Actor, id: string): Promise<void> {
    return this.swapWithNeighbour(owner, id, 1);
  }

  private swapWithNeighbour(owner: Actor, id: string, dir: -1 | 1): Promise<void> {
    return this.a.structural(owner, id, async ({ trx, outline, node, now }) => {
      const siblings = outline.siblingsOf(node);
      const idx = siblings.indexOf(node);
      const other = siblings[idx + dir];
      if (!other) throw businessWarning(dir < 0 ? CATALOG_MSG.alreadyFirst : CATALOG_MSG.alreadyLast);
      if (Number(other.sort_key) !== Number(node.sort_key)) {
        // Two rows: the neighbours trade keys.
        await this.a.repo.setSortKeys(
          trx,
          [
            { id: node.id, key: Number(other.sort_key) },
            { id: other.id, key: Number(node.sort_key) },
          ],
          now,
        );
        return;
      }
      const order = siblings.filter((s) => s.id !== node.id);
      const place = placeAt(order, idx + dir);
      await this.a.repo.setSortKeys(trx, [...place.renumber, { id: node.id, key: place.key }], now);
    });
  }

  /** removeBidCatalog: the chapter and its whole subtree, in one transaction (kept in an outline version first when any had content). */
  remove(owner: Actor, id: string): Promise<void> {
    return this.a.structural(owner, id, async ({ trx, outline, node, bid }) => {
      const ids = outline.subtreeIds(node.id);
      if (ids.some((x) => outline.byId.get(x)!.has_content === 1)) {
        await this.versions.snapshot(trx, bid.id, `删除「${node.title}」前自动保存`, 'auto', owner.userId);
      }
      await this.a.repo.deleteIds(trx, bid.id, ids);
      await this.a.bids.recomputeProgress(trx, bid.id);
    });
  }

  /** addLowerLevelBidCatalog: a new last child. */
  addChild(owner: Actor, id: string, title: string): Promise<{ id: string }> {
    return this.a.structural(owner, id, async ({ trx, outline, node, bid, now }) => {
      if (node.level + 1 > CATALOG_LIMITS.maxDepth) throw badRequest(CATALOG_MSG.tooDeep);
      if (outline.size + 1 > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
      const kids = outline.childrenOf(node.id);
      const place = placeAt(kids, kids.length);
      const row = blankRow(bid.id, node.id, node.level + 1, title, place.key, now);
      await this.a.repo.insertMany(trx, [row]);
      await this.a.bids.recomputeProgress(trx, bid.id);
      return { id: row.id };
    });
  }

  /** addSameLevelBidCatalog: right after `id`, or (no id) the last top-level chapter of `bidId`. */
  async addSibling(
    owner: Actor,
    input: { id?: string; bidId?: string; title: string },
  ): Promise<{ id: string }> {
    if (input.id) {
      return this.a.structural(owner, input.id, async ({ trx, outline, node, bid, now }) => {
        if (outline.size + 1 > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
        const siblings = outline.siblingsOf(node);
        const place = placeAt(siblings, siblings.indexOf(node) + 1);
        await this.a.repo.setSortKeys(trx, place.renumber, now);
        const row = blankRow(bid.id, node.parent_id, node.level, input.title, place.key, now);
        await this.a.repo.insertMany(trx, [row]);
        await this.a.bids.recomputeProgress(trx, bid.id);
        return { id: row.id };
      });
    }
    return inTx(this.a.db, async (trx) => {
      const bid = await this.a.bids.lockForWrite(trx, owner, input.bidId!);
      const outline = new Outline(await this.a.repo.loadOutline(trx, bid.id));
      if (outline.size + 1 > CATALOG_LIMITS.maxNodes) throw badRequest(CATALOG_MSG.tooMany);
      const roots = outline.childrenOf(null);
      const place = placeAt(roots, roots.length);
      const row = blankRow(bid.id, null, 1, input.title, place.key, nowIso());
      await this.a.repo.insertMany(trx, [row]);
      await this.a.bids.recomputeProgress(trx, bid.id);
      return { id: row.id };
    });
  }

  /** dragBidCatalog: before/after a target (as its sibling) or inside it (last child). */
  drag(owner: Actor, input: DragCatalogInput): Promise<void> {
    return this.a.structural(owner, input.id, async (c) => {
      const target = c.outline.byId.get(input.targetId);
      // A target outside this outline (another bid, another user) is "missing", like any foreign id.
      if (!target) throw notFound(CATALOG_MSG.notFound);
      if (c.outline.inSubtree(c.node.id, target.id)) throw badRequest(CATALOG_MSG.intoOwnSubtree);
      if (input.position === 'inside') {
        await this.moveNode(
          c,
          target.id,
          c.outline.childrenOf(target.id).filter((s) => s.id !== c.node.id).length,
          target.level + 1,
        );
        return;
      }
      const siblings = c.outline.childrenOf(target.parent_id).filter((s) => s.id !== c.node.id);
      const at = siblings.indexOf(target) + (input.position === 'after' ? 1 : 0);
      await this.moveNode(c, target.parent_id, at, target.level);
    });
  }

  /** upGradeBidCatalog: the chapter (with its subtree) becomes the next sibling of its parent. */
  promote(owner: Actor, id: string): Promise<void> {
    return this.a.structural(owner, id, async (c) => {
      if (c.node.parent_id === null) throw businessWarning(CATALOG_MSG.topLevelPromote);
      const parent = c.outline.byId.get(c.node.parent_id)!;
      const siblings = c.outline.childrenOf(parent.parent_id);
      await this.moveNode(c, parent.parent_id, siblings.indexOf(parent) + 1, parent.level);
    });
  }

  /** deGradeBidCatalog: the chapter (with its subtree) becomes the last child of its previous sibling. */
  demote(owner: Actor, id: string): Promise<void> {
    return this.a.structural(owner, id, async (c) => {
      const siblings = c.outline.siblingsOf(c.node);
      const idx = siblings.indexOf(c.node);
      if (idx <= 0) throw businessWarning(CATALOG_MSG.noPrevSibling);
      const prev = siblings[idx - 1];
      await this.moveNode(c, prev.id, c.outline.childrenOf(prev.id).length, c.node.level + 1);
    });
  }

  async statuses(owner: Actor, bidId: string): Promise<CatalogStatusItem[]> {
    await this.a.bids.getOwned(owner, bidId);
    const outline = new Outline(await this.a.repo.loadOutline(this.a.db, bidId));
    return outline.preorder().map((r) => ({ id: r.id, ...presentState(r) }));
  }

  /** removeCatalogErrorStatus: error -> done or empty, by content. */
  clearError(owner: Actor, id: string): Promise<void> {
    return this.a.inTrx(undefined, async (trx) => {
      await this.a.lockByCatalog(trx, owner, id);
      const cur = await this.a.repo.findFull(trx, id);
      if (!cur) throw notFound(CATALOG_MSG.notFound);
      if (cur.status !== 'error') return;
      const has = cur.has_content === 1;
      await this.a.repo.update(trx, id, {
        status: has ? 'done' : 'empty',
        progress: has ? 100 : 0,
        updated_at: nowIso(),
      });
    });
  }

  /**
   * The gear: word budget, extra requirements, what to include, 无需正文. Fields left out keep their
   * value; null clears.
   */
  updateSettings(owner: Actor, id: string, settings: CatalogSettings): Promise<CatalogNode['settings']> {
    return this.a.structural(owner, id, async ({ trx, node, now }) => {
      const cur = parseJsonOr<CatalogSettings>(node.settings, {});
      const next: CatalogSettings = {
        requirement: cur.requirement,
        include: cur.include,
        noText: cur.noText,
      };
      if (settings.requirement !== undefined) next.requirement = settings.requirement?.trim() || null;
      if (settings.include !== undefined) next.include = settings.include ?? null;
      if (settings.noText !== undefined) next.noText = settings.noText ?? null;
      const patch: Partial<CatalogRow> = { settings: settingsJson(next), updated_at: now };
      let target = node.target_words;
      if (settings.targetWords !== undefined) target = patch.target_words = settings.targetWords ?? null;
      await this.a.repo.update(trx, node.id, patch);
      // A new target or the 无需正文 mark can turn the chapter written or unwritten.
      if (settings.targetWords !== undefined || settings.noText !== undefined)
        await this.a.bids.recomputeProgress(trx, node.bid_id);
      return { ...parseJsonOr<CatalogSettings>(patch.settings, {}), targetWords: target };
    });
  }
}
