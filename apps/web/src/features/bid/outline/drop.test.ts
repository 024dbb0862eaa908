import { describe, expect, it } from 'vitest';
import { dropToMove } from './drop.ts';

const base = {
  dragId: 'd',
  targetId: 't',
  dropToGap: true,
  relative: 1,
  targetExpanded: false,
  targetFirstChildId: null,
};

describe('dropToMove', () => {
  it('a gap above or below the target is before / after', () => {
    expect(dropToMove({ ...base, relative: -1 })).toEqual({ id: 'd', targetId: 't', position: 'before' });
    expect(dropToMove({ ...base, relative: 1 })).toEqual({ id: 'd', targetId: 't', position: 'after' });
  });

  it('onto a leaf is inside', () => {
    expect(dropToMove({ ...base, dropToGap: false, relative: 0 })).toEqual({
      id: 'd',
      targetId: 't',
      position: 'inside',
    });
  });

  it('onto a node with children, or just below an expanded one, is before its first child (as antd shows it)', () => {
    expect(dropToMove({ ...base, dropToGap: false, relative: 0, targetFirstChildId: 'c1' })).toEqual({
      id: 'd',
      targetId: 'c1',
      position: 'before',
    });
    expect(dropToMove({ ...base, relative: 1, targetExpanded: true, targetFirstChildId: 'c1' })).toEqual({
      id: 'd',
      targetId: 'c1',
      position: 'before',
    });
    // Collapsed: below it is simply after it.
    expect(dropToMove({ ...base, relative: 1, targetExpanded: false, targetFirstChildId: 'c1' })).toEqual({
      id: 'd',
      targetId: 't',
      position: 'after',
    });
  });

  it('dropping a node onto itself, or as first child where it already is, changes nothing', () => {
    expect(dropToMove({ ...base, targetId: 'd' })).toBeNull();
    expect(dropToMove({ ...base, dropToGap: false, relative: 0, targetFirstChildId: 'd' })).toBeNull();
  });
});
