import type { Selection } from '@tiptap/pm/state';

/**
 * Where a block element (diagram, table, picture) goes when the cursor is inside a table: right after
 * the outermost table, as its sibling. Without this, an element inserted just after writing a table
 * lands in the table's last cell (and stays there in Word). Null when the cursor is not in a table.
 */
export function afterEnclosingTable(selection: Selection): number | null {
  const $from = selection.$from;
  for (let depth = 1; depth <= $from.depth; depth++) {
    if ($from.node(depth).type.name === 'table') return $from.after(depth);
  }
  return null;
}
