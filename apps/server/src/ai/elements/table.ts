import { z } from 'zod';
import { ELEMENT_LIMITS } from '@bid/shared';
import type { PMNode } from '@bid/document';

/** A table as generators produce it: a caption, header cells and body rows of text. */
export interface TableModel {
  caption: string;
  columns: string[];
  rows: string[][];
}

const cell = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) =>
    (v === null ? '' : String(v)).replace(/\s+/g, ' ').trim().slice(0, ELEMENT_LIMITS.cellChars),
  );

/** Lenient on form (numbers as cells, ragged rows), strict on structure. */
export const tableModelSchema = z
  .object({
    caption: z.string().max(100).optional().default(''),
    columns: z
      .array(cell)
      .min(1, '表格至少需要一列')
      .max(ELEMENT_LIMITS.tableCols, `表格最多 ${ELEMENT_LIMITS.tableCols} 列`),
    rows: z
      .array(z.array(cell))
      .min(1, '表格至少需要一行')
      .max(ELEMENT_LIMITS.tableRows * 2),
  })
  .transform((t) => {
    const width = t.columns.length;
    const rows = t.rows
      .filter((r) => r.some((c) => c))
      .slice(0, ELEMENT_LIMITS.tableRows)
      .map((r) => (r.length >= width ? r.slice(0, width) : [...r, ...Array(width - r.length).fill('')]));
    return { caption: t.caption.trim(), columns: t.columns.map((c, i) => c || `列${i + 1}`), rows };
  })
  .refine((t) => t.rows.length > 0, { message: '表格没有内容', path: ['rows'] });

function cellNode(type: 'tableHeader' | 'tableCell', text: string): PMNode {
  return {
    type,
    attrs: { colspan: 1, rowspan: 1, colwidth: null },
    content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }],
  };
}

/** The document model's table (header row of tableHeader cells). */
export function tableNode(t: TableModel): PMNode {
  return {
    type: 'table',
    content: [
      { type: 'tableRow', content: t.columns.map((c) => cellNode('tableHeader', c)) },
      ...t.rows.map((r) => ({ type: 'tableRow', content: r.map((c) => cellNode('tableCell', c)) })),
    ],
  };
}
