import { describe, expect, it } from 'vitest';
import { findInTree, flattenTree, pathInTree, treeLeaves } from './tree.ts';

type N = { id: string; children?: N[] };
const tree: N[] = [
  { id: '1', children: [{ id: '1.1' }, { id: '1.2', children: [{ id: '1.2.1' }] }] },
  { id: '2', children: [] },
];

describe('tree walkers', () => {
  it('flattens in reading order and finds leaves', () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual(['1', '1.1', '1.2', '1.2.1', '2']);
    expect(treeLeaves(tree).map((n) => n.id)).toEqual(['1.1', '1.2.1', '2']);
  });

  it('answers the path to a node, root first, and null for a stranger', () => {
    expect(pathInTree(tree, '1.2.1')?.map((n) => n.id)).toEqual(['1', '1.2', '1.2.1']);
    expect(pathInTree(tree, 'x')).toBeNull();
    expect(findInTree(tree, '1.2')?.id).toBe('1.2');
    expect(findInTree(tree, 'x')).toBeNull();
  });

  it('walks a deep tree without recursion limits when flattening', () => {
    let deep: N = { id: 'leaf' };
    for (let i = 0; i < 20_000; i++) deep = { id: `n${i}`, children: [deep] };
    expect(flattenTree([deep])).toHaveLength(20_001);
  });
});
