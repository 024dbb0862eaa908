import type { CatalogInputNode, CatalogNode, CatalogSettings, CatalogStatus } from '@bid/shared';
import type { CatalogTable } from './tables.ts';
import { DEFAULT_WRITTEN_SHARE, isWritten, wordsNeeded } from './written.ts';

/** Gap between neighbouring sort keys: a move writes one row until a gap is used up. */
export const SORT_GAP = 1024;

/** One chapter as the outline queries read it (everything but the content). */
export type OutlineRow = Pick<
  CatalogTable,
  | 'id'
  | 'bid_id'
  | 'parent_id'
  | 'title'
  | 'level'
  | 'sort_key'
  | 'status'
  | 'progress'
  | 'word_count'
  | 'own_words'
  | 'target_words'
  | 'settings'
  | 'scoring_items'
  | 'engine'
  | 'has_content'
  | 'version'
  | 'updated_at'
> & {
  /** The bid's written share (catalog/written.ts), read with the outline. */
  written_share?: number | null;
};

export function parseJsonOr<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * A chapter still marked `writing` after this long without any change was being written by a process
 * that is gone (a crash or restart mid-write). A single write is abandoned by its caller after 6 minutes
 * and a full-text job marks a chapter again each time it (re)starts it, so nothing alive is this quiet.
 */
export const STALE_WRITING_MS = 30 * 60_000;

/** The status to show and act on: a stale `writing` reads as what the chapter holds (done or empty). */
export function effectiveStatus(
  r: Pick<OutlineRow, 'status' | 'has_content' | 'updated_at'>,
  now: number = Date.now(),
): CatalogStatus {
  if (r.status === 'writing' && now - Date.parse(r.updated_at) > STALE_WRITING_MS)
    return r.has_content === 1 ? 'done' : 'empty';
  return r.status;
}

/** Status and progress as presented: the stored progress unless the status was corrected above. */
export function presentState(
  r: Pick<OutlineRow, 'status' | 'has_content' | 'updated_at' | 'progress'>,
  now?: number,
): { status: CatalogStatus; progress: number } {
  const status = effectiveStatus(r, now);
  if (status === 'done') return { status, progress: 100 };
  return { status, progress: status === r.status ? r.progress : 0 };
}

function bySortKey(a: { sort_key: number; id: string }, b: { sort_key: number; id: string }): number {
  const d = Number(a.sort_key) - Number(b.sort_key);
  if (d !== 0) return d;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A bid's whole outline in memory, built from ONE query. Structural edits are planned here (siblings,
 * subtrees, heights, gap keys) and the few changed rows are written back.
 */
export class Outline {
  readonly byId = new Map<string, OutlineRow>();
  private readonly kids = new Map<string | null, OutlineRow[]>();

  constructor(rows: OutlineRow[]) {
    for (const r of rows) {
      r.sort_key = Number(r.sort_key);
      this.byId.set(r.id, r);
    }
    for (const r of rows) {
      // A row whose parent is missing would be an orphan; show it at the top rather than hide it.
      const parent = r.parent_id !== null && this.byId.has(r.parent_id) ? r.parent_id : null;
      let list = this.kids.get(parent);
      if (!list) this.kids.set(parent, (list = []));
      list.push(r);
    }
    for (const list of this.kids.values()) list.sort(bySortKey);
  }

  get size(): number {
    return this.byId.size;
  }

  childrenOf(parentId: string | null): OutlineRow[] {
    return this.kids.get(parentId) ?? [];
  }

  siblingsOf(node: OutlineRow): OutlineRow[] {
    return this.childrenOf(node.parent_id);
  }

  /** Ids of the node and every descendant, parents before children. */
  subtreeIds(id: string): string[] {
    const out: string[] = [];
    const stack = [id];
    while (stack.length) {
      const cur = stack.pop()!;
      out.push(cur);
      const ch = this.kids.get(cur);
      if (ch) for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i].id);
    }
    return out;
  }

  /** Levels the subtree spans: 1 for a leaf. */
  height(id: string): number {
    let max = 1;
    const stack: Array<[string, number]> = [[id, 1]];
    while (stack.length) {
      const [cur, h] = stack.pop()!;
      if (h > max) max = h;
      for (const c of this.kids.get(cur) ?? []) stack.push([c.id, h + 1]);
    }
    return max;
  }

  /** True when `candidate` is `id` or lies below it. */
  inSubtree(id: string, candidate: string): boolean {
    let cur: string | null = candidate;
    const seen = new Set<string>();
    while (cur !== null && !seen.has(cur)) {
      if (cur === id) return true;
      seen.add(cur);
      cur = this.byId.get(cur)?.parent_id ?? null;
    }
    return false;
  }

  /** Every chapter in reading order (pre-order). */
  preorder(): OutlineRow[] {
    const out: OutlineRow[] = [];
    const stack = [...this.childrenOf(null)].reverse();
    while (stack.length) {
      const n = stack.pop()!;
      out.push(n);
      const ch = this.kids.get(n.id);
      if (ch) for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]);
    }
    return out;
  }

  /** The API tree; `sort` is the 1-based index among siblings. */
  toTree(): CatalogNode[] {
    const build = (parentId: string | null): CatalogNode[] =>
      this.childrenOf(parentId).map((r, i) => ({ ...presentRow(r), sort: i + 1, children: build(r.id) }));
    // Depth is capped at 9 levels, so the recursion is shallow.
    return build(null);
  }
}

export function presentRow(r: OutlineRow): Omit<CatalogNode, 'sort' | 'children'> {
  const settings = parseJsonOr<CatalogSettings>(r.settings, {});
  const share = r.written_share ?? DEFAULT_WRITTEN_SHARE;
  const ownWords = r.own_words ?? 0;
  return {
    id: r.id,
    bidId: r.bid_id,
    parentId: r.parent_id,
    title: r.title,
    level: r.level,
    ...presentState(r),
    wordCount: r.word_count,
    targetWords: r.target_words,
    hasContent: r.has_content === 1,
    ownWords,
    wordsNeeded: wordsNeeded(r.target_words, share),
    written: isWritten(
      { own_words: ownWords, target_words: r.target_words, noText: !!settings.noText },
      share,
    ),
    version: r.version,
    settings: { ...settings, targetWords: r.target_words },
    scoringItems: parseJsonOr<unknown[] | null>(r.scoring_items, null),
    engine: r.engine,
    updateTime: r.updated_at,
  };
}

export interface Placement {
  key: number;
  /** Siblings whose key must change because the gap was used up (only this list is renumbered). */
  renumber: Array<{ id: string; key: number }>;
}

/**
 * A sort key that puts a node at `index` among `siblings` (which must not contain the node).
 * Usually one key between the neighbours; when they touch, the sibling list is renumbered.
 */
export function placeAt(siblings: ReadonlyArray<{ id: string; sort_key: number }>, index: number): Placement {
  const prev = index > 0 ? siblings[index - 1] : undefined;
  const next = index < siblings.length ? siblings[index] : undefined;
  if (!prev && !next) return { key: SORT_GAP, renumber: [] };
  if (prev && !next) return { key: Number(prev.sort_key) + SORT_GAP, renumber: [] };
  if (!prev && next) return { key: Number(next.sort_key) - SORT_GAP, renumber: [] };
  const a = Number(prev!.sort_key);
  const b = Number(next!.sort_key);
  if (b - a >= 2) return { key: Math.floor((a + b) / 2), renumber: [] };
  const renumber: Array<{ id: string; key: number }> = [];
  siblings.forEach((s, i) => {
    const key = (i < index ? i + 1 : i + 2) * SORT_GAP;
    if (Number(s.sort_key) !== key) renumber.push({ id: s.id, key });
  });
  return { key: (index + 1) * SORT_GAP, renumber };
}

/** Depth of an input tree (1 for a flat list, 0 for an empty one). */
export function inputDepth(nodes: CatalogInputNode[] | null | undefined): number {
  let max = 0;
  const stack: Array<[CatalogInputNode[], number]> = [[nodes ?? [], 1]];
  while (stack.length) {
    const [list, d] = stack.pop()!;
    for (const n of list) {
      if (d > max) max = d;
      if (n.children?.length) stack.push([n.children, d + 1]);
    }
  }
  return max;
}

export function inputCount(nodes: CatalogInputNode[] | null | undefined): number {
  let count = 0;
  const stack: CatalogInputNode[][] = [nodes ?? []];
  while (stack.length) {
    const list = stack.pop()!;
    count += list.length;
    for (const n of list) if (n.children?.length) stack.push(n.children);
  }
  return count;
}
