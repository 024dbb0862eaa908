/**
 * Walkers for every tree of the product (the outline, its versions, export chapters), written once.
 * A node is anything with optional `children` of its own kind.
 */
export interface TreeNode<T> {
  children?: readonly T[] | null;
}

/** Every node in reading order (parent before its children), without recursion. */
export function flattenTree<T extends TreeNode<T>>(nodes: readonly T[]): T[] {
  const out: T[] = [];
  const stack: T[] = [...nodes].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    const kids = n.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

/** The nodes without children, in reading order. */
export function treeLeaves<T extends TreeNode<T>>(nodes: readonly T[]): T[] {
  return flattenTree(nodes).filter((n) => !n.children?.length);
}

/** The node with `id` and its ancestors, root first; null when it is not in the tree. */
export function pathInTree<T extends TreeNode<T> & { id: string }>(
  nodes: readonly T[],
  id: string,
): T[] | null {
  const trail: T[] = [];
  const visit = (list: readonly T[]): boolean => {
    for (const n of list) {
      trail.push(n);
      if (n.id === id || visit(n.children ?? [])) return true;
      trail.pop();
    }
    return false;
  };
  return visit(nodes) ? trail : null;
}

export function findInTree<T extends TreeNode<T> & { id: string }>(
  nodes: readonly T[],
  id: string,
): T | null {
  const path = pathInTree(nodes, id);
  return path ? path[path.length - 1] : null;
}
