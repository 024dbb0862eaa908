/**
 * A scoring item named again elsewhere in the tender or its 补遗 (a change of its points, a 包 scored
 * as another with changes) is the same item when the names agree but for spacing and punctuation, or
 * when one holds the other (“业绩” for “类似项目业绩”). One rule for every reader, so that a name one
 * of them matches the others match too.
 */

/** A name without spacing, punctuation and the ★/▲ marks, for comparing. */
export const squashName = (s: string) => s.replace(/[\s，,。．.；;：:、（）()“”"「」★▲]/g, '');

/**
 * The index of the item named `name`, -1 when none is. An exact match comes first, so an item whose
 * name another's contains is still found; a held name must have two characters (one says nothing).
 */
export function indexByName(items: ReadonlyArray<{ name: string }>, name: string): number {
  const key = squashName(name);
  if (!key) return -1;
  const exact = items.findIndex((i) => squashName(i.name) === key);
  if (exact >= 0) return exact;
  return items.findIndex((i) => {
    const n = squashName(i.name);
    return (key.length >= 2 && n.includes(key)) || (n.length >= 2 && key.includes(n));
  });
}

/** The item named `name` (see indexByName). */
export function findByName<T extends { name: string }>(items: readonly T[], name: string): T | undefined {
  const k = indexByName(items, name);
  return k >= 0 ? items[k] : undefined;
}
