import {
  REMOVED_ITEM_MARK,
  type CatalogInputNode,
  type CatalogNode,
  type ScoringItem,
  type TenderAnalysis,
} from '@bid/shared';
import type { OutlineNode } from '../../ai/types.ts';
import { itemsOf, storedItems, toCatalogInput } from './context.ts';

/**
 * Re-planning an outline after the writer changed the scoring items, without losing written text:
 * - a chapter whose items remain keeps its place and title; its stored items are refreshed (names,
 *   points, criteria as corrected), and a chapter with no text yet that carried an item's old name
 *   takes the new one;
 * - a chapter whose items were all removed is deleted when neither it nor anything under it has
 *   text, else kept with its title marked 【评分项已删除】 (the writer decides what to do with the text);
 * - an item no chapter answers gets the chapter the planner gives it (with its sections), placed
 *   where the chapters of the same kind of items are, else under the planned parent with the same
 *   title, else at the end.
 */
export interface OutlineRevision {
  update: Array<{ id: string; title?: string; scoringItems: Array<Record<string, unknown>> | null }>;
  /** Roots of subtrees to delete (nothing in them has text). */
  remove: string[];
  /** New chapters appended as the last children of `parentId` (null: the top level). */
  add: Array<{ parentId: string | null; nodes: CatalogInputNode[] }>;
  summary: { added: number; updated: number; marked: number; removed: number };
}

const hasText = (n: CatalogNode): boolean => n.hasContent || n.children.some(hasText);

function walk(
  nodes: CatalogNode[],
  fn: (n: CatalogNode, parent: CatalogNode | null) => boolean | void,
): void {
  const visit = (list: CatalogNode[], parent: CatalogNode | null) => {
    for (const n of list) if (fn(n, parent) !== false) visit(n.children, n);
  };
  visit(nodes, null);
}

/** The planned node answering an item, with its planned ancestors (root first). */
function plannedPath(planned: OutlineNode[], id: string): OutlineNode[] | null {
  for (const n of planned) {
    if (n.scoringItemIds.includes(id)) return [n];
    const below = plannedPath(n.children, id);
    if (below) return [n, ...below];
  }
  return null;
}

const sameItems = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const norm = (s: string) => s.replace(/\s+/g, '');

export function reviseOutline(
  tree: CatalogNode[],
  analysis: TenderAnalysis,
  planned: OutlineNode[],
): OutlineRevision {
  const items = new Map(analysis.scoringItems.map((i) => [i.id, i]));
  const out: OutlineRevision = {
    update: [],
    remove: [],
    add: [],
    summary: { added: 0, updated: 0, marked: 0, removed: 0 },
  };
  const keepsItems = (n: CatalogNode): boolean =>
    itemsOf(n).some((i) => items.has(i.id)) || n.children.some(keepsItems);

  // Existing chapters: refresh, rename, mark or delete.
  const answered = new Set<string>();
  /** Where the chapters of each category's items hang (parent id, null for the top level). */
  const homes = new Map<ScoringItem['category'], Array<string | null>>();
  /** A chapter answering a price item: more price items join it (the price file answers them). */
  // Set inside the walk's callback: kept in a holder so its type is not narrowed to the initial null.
  const price: { chapter: { id: string; ids: string[] } | null } = { chapter: null };
  const removed = new Set<string>();
  walk(tree, (n, parent) => {
    const was = itemsOf(n);
    if (!was.length) return;
    const kept = was.map((i) => i.id).filter((id) => items.has(id));
    if (kept.length) {
      kept.forEach((id) => answered.add(id));
      for (const id of kept) {
        const cat = items.get(id)!.category;
        homes.set(cat, [...(homes.get(cat) ?? []), parent?.id ?? null]);
      }
      const stored = storedItems(kept, analysis);
      const patch: OutlineRevision['update'][number] = { id: n.id, scoringItems: stored };
      const now = items.get(kept[0])!;
      if (
        was.length === 1 &&
        kept.length === 1 &&
        !hasText(n) &&
        n.title === was[0].name &&
        now.name !== was[0].name
      )
        patch.title = now.name;
      if (kept.some((id) => items.get(id)!.category === 'price')) price.chapter = { id: n.id, ids: kept };
      if (patch.title || !sameItems(stored, n.scoringItems)) {
        out.update.push(patch);
        out.summary.updated += 1;
      }
      return;
    }
    if (hasText(n)) {
      const title = n.title.startsWith(REMOVED_ITEM_MARK) ? n.title : `${REMOVED_ITEM_MARK}${n.title}`;
      out.update.push({ id: n.id, title: title.slice(0, 200), scoringItems: null });
      out.summary.marked += 1;
    } else if (keepsItems(n)) {
      out.update.push({ id: n.id, scoringItems: null });
      out.summary.updated += 1;
    } else {
      out.remove.push(n.id);
      removed.add(n.id);
      out.summary.removed += 1;
      return false;
    }
  });

  // Items no chapter answers.
  const adds = new Map<string, { parentId: string | null; nodes: CatalogInputNode[] }>();
  const addUnder = (parentId: string | null, node: CatalogInputNode) => {
    const key = parentId ?? '';
    let entry = adds.get(key);
    if (!entry) adds.set(key, (entry = { parentId, nodes: [] }));
    entry.nodes.push(node);
  };
  /** Sections created in this revision, by parent and title (two new items share one new section). */
  const newSections = new Map<string, CatalogInputNode>();
  const section = (parentId: string | null, inside: CatalogInputNode | null, title: string) => {
    const key = `${inside ? `new:${inside.title}` : (parentId ?? '')}/${norm(title)}`;
    let s = newSections.get(key);
    if (!s) {
      s = { title, children: [] };
      newSections.set(key, s);
      if (inside) inside.children!.push(s);
      else addUnder(parentId, s);
    }
    return s;
  };
  const childByTitle = (list: CatalogNode[], title: string) =>
    list.find((c) => !removed.has(c.id) && norm(c.title) === norm(title));

  for (const item of analysis.scoringItems) {
    if (answered.has(item.id)) continue;
    answered.add(item.id);
    const pc = price.chapter;
    if (item.category === 'price' && pc) {
      pc.ids.push(item.id);
      const patch = out.update.find((u) => u.id === pc.id);
      const stored = storedItems(pc.ids, analysis);
      if (patch) patch.scoringItems = stored;
      else {
        out.update.push({ id: pc.id, scoringItems: stored });
        out.summary.updated += 1;
      }
      continue;
    }
    const path = plannedPath(planned, item.id);
    const own = path?.[path.length - 1];
    const chapter: CatalogInputNode = own
      ? {
          title: own.title,
          targetWords: own.targetWords,
          scoringItems: storedItems([item.id], analysis),
          children: own.children.length ? toCatalogInput(own.children, analysis) : null,
        }
      : { title: item.name, scoringItems: storedItems([item.id], analysis) };
    out.summary.added += 1;

    // Where the chapters of this kind of item already are.
    const places = (homes.get(item.category) ?? []).filter((p) => p === null || !removed.has(p));
    if (places.length) {
      const count = new Map<string | null, number>();
      for (const p of places) count.set(p, (count.get(p) ?? 0) + 1);
      const best = [...count.entries()].sort((a, b) => b[1] - a[1])[0][0];
      addUnder(best, chapter);
      continue;
    }
    // Else down the planned path as far as the outline has the same titles, the rest created.
    let parentId: string | null = null;
    let level: CatalogNode[] = tree;
    let inside: CatalogInputNode | null = null;
    for (const step of (path ?? []).slice(0, -1)) {
      const match = inside ? null : childByTitle(level, step.title);
      if (match) {
        parentId = match.id;
        level = match.children;
      } else inside = section(parentId, inside, step.title);
    }
    if (inside) inside.children!.push(chapter);
    else addUnder(parentId, chapter);
  }
  out.add = [...adds.values()];
  return out;
}
