import type { CatalogNode, ScoringCategory } from '@bid/shared';

const CATEGORY_TITLE: Record<ScoringCategory, RegExp> = {
  technical: /技术|方案|施工组织/,
  commercial: /商务|资信|资格/,
  price: /报价|价格/,
  other: /其他/,
};

/** Scoring items a chapter stores ({ id, category, ... }: tolerant, the column holds client JSON). */
function itemsOf(n: CatalogNode): Array<{ id: string; category: string }> {
  return (Array.isArray(n.scoringItems) ? n.scoringItems : []).flatMap((i) => {
    if (!i || typeof i !== 'object') return [];
    const o = i as { id?: unknown; category?: unknown };
    return typeof o.id === 'string' ? [{ id: o.id, category: String(o.category ?? '') }] : [];
  });
}

function flatten(tree: CatalogNode[]): CatalogNode[] {
  return tree.flatMap((n) => [n, ...flatten(n.children)]);
}

/**
 * Where a chapter for an uncovered scoring item goes: beside the chapters that answer items of the
 * same category (under their parent), else under the top-level part named for the category, else
 * under the last top-level chapter. Null: a new top-level chapter (the outline is empty).
 */
export function bestParentFor(
  tree: CatalogNode[],
  itemId: string,
  category: ScoringCategory | null,
): string | null {
  if (category) {
    const sibling = flatten(tree).find(
      (n) => n.parentId && itemsOf(n).some((i) => i.id !== itemId && i.category === category),
    );
    if (sibling?.parentId) return sibling.parentId;
    const part = tree.find((n) => CATEGORY_TITLE[category].test(n.title));
    if (part) return part.id;
  }
  return tree.at(-1)?.id ?? null;
}
