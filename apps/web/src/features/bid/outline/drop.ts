import type { DragPosition } from '@bid/shared';

export interface DropInput {
  dragId: string;
  targetId: string;
  /** antd Tree: false when dropped onto the node itself (not into a gap beside it). */
  dropToGap: boolean;
  /** antd Tree's `dropPosition` minus the target's index: -1 above, 0 onto, 1 below. */
  relative: number;
  /** The target is expanded and has children: a drop just below it lands before its first child. */
  targetExpanded: boolean;
  targetFirstChildId: string | null;
}

export interface Move {
  id: string;
  targetId: string;
  position: DragPosition;
}

/**
 * Turns antd Tree's drop event into one dragBidCatalog call that matches the drop indicator the
 * user saw; null when the drop changes nothing.
 */
export function dropToMove(d: DropInput): Move | null {
  if (d.dragId === d.targetId) return null;
  const intoTop = !d.dropToGap || (d.relative === 1 && d.targetExpanded && d.targetFirstChildId !== null);
  if (intoTop) {
    // antd shows the node landing as the first child.
    if (d.targetFirstChildId === null) return { id: d.dragId, targetId: d.targetId, position: 'inside' };
    if (d.targetFirstChildId === d.dragId) return null;
    return { id: d.dragId, targetId: d.targetFirstChildId, position: 'before' };
  }
  return { id: d.dragId, targetId: d.targetId, position: d.relative === -1 ? 'before' : 'after' };
}
