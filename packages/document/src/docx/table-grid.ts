import type { PMNode } from '../model.ts';
import { textEms } from './estimate.ts';

/** A table's cells on Word's grid, and its columns' widths. */

export function plainText(n: PMNode): string {
  if (n.type === 'text') return n.text ?? '';
  if (n.type === 'placeholder') return `【待填写：${String(n.attrs?.label ?? '')}】`;
  if (n.type === 'hardBreak') return '\n';
  if (n.type === 'pageRef') return `${String(n.attrs?.before ?? '')}000${String(n.attrs?.after ?? '')}`;
  return (n.content ?? []).map(plainText).join(n.type === 'tableRow' ? '\t' : '');
}

export interface GridCell {
  node: PMNode;
  col: number;
  colspan: number;
  rowspan: number;
}

/** Places every cell on the grid (rowspans push later cells right), as Word and TipTap both lay tables out. */
export function layoutGrid(rows: PMNode[], cols: number): GridCell[][] {
  const covered: number[] = []; // per column: first row no longer covered by a rowspan from above
  return rows.map((row, ri) => {
    let col = 0;
    const out: GridCell[] = [];
    for (const c of row.content ?? []) {
      while (col < cols && (covered[col] ?? 0) > ri) col++;
      if (col >= cols) break;
      const colspan = Math.min(Math.max(1, Number(c.attrs?.colspan ?? 1)), cols - col);
      const rowspan = Math.min(Math.max(1, Number(c.attrs?.rowspan ?? 1)), rows.length - ri);
      for (let k = 0; k < colspan; k++) covered[col + k] = ri + rowspan;
      out.push({ node: c, col, colspan, rowspan });
      col += colspan;
    }
    return out;
  });
}

/** Column widths in twips: the editor's widths when it set them, else by how much text each column holds. */
export function columnWidths(grid: GridCell[][], cols: number, total: number): number[] {
  const given: Array<number | null> = Array(cols).fill(null);
  const weight: number[] = Array(cols).fill(0);
  grid.forEach((row, ri) => {
    for (const c of row) {
      const cw = c.node.attrs?.colwidth;
      if (Array.isArray(cw))
        cw.forEach((w, k) => {
          if (typeof w === 'number' && w > 0 && c.col + k < cols) given[c.col + k] ??= w;
        });
      if (c.colspan === 1 && ri < 200) {
        // The longest line of the cell, capped: a long description must not squeeze the other columns to nothing.
        const len = Math.max(0, ...plainText(c.node).split('\n').map(textEms));
        weight[c.col] = Math.max(weight[c.col], Math.min(len, 24));
      }
    }
  });
  const widths = given.every((g) => g !== null) ? (given as number[]) : weight.map((w) => Math.max(3, w) + 2);
  const sum = widths.reduce((a, b) => a + b, 0) || 1;
  const out = widths.map((w) => Math.max(300, Math.floor((w / sum) * total)));
  out[out.length - 1] = Math.max(300, out[out.length - 1] + total - out.reduce((a, b) => a + b, 0));
  return out;
}
