import type { PMNode } from '@bid/document';
import { tableKindOf } from '../../ai/plan/tables.ts';

/**
 * The 评分索引表's page column as live page numbers (issue 31, scope 4). The chapter stores the
 * index as the engine wrote it: per row the chapter's title path (技术部分 > 总体设计方案) and an
 * estimated page (约 5) for the editor. At export each page cell whose row names a chapter of the
 * bid becomes a pageRef to that chapter, which the .docx writer writes as a PAGEREF field to the
 * chapter's heading: LibreOffice computes it when it lays the file out, Word on F9, so the numbers
 * are the pages the reader sees, not the budget's guess.
 */

/** Written in place of a page when the chapter is not in the exported file (another volume). */
export const OTHER_VOLUME = '见其他分册';

interface Titled {
  id: string;
  title: string;
  children: Titled[];
}

/** A cell's text the way scoreIndexMarkdown writes a title path (| turned to ／, spaces squashed). */
const key = (s: string) => s.replace(/\|/g, '／').replace(/\s+/g, '');

function textOf(n: PMNode): string {
  if (n.type === 'text') return n.text ?? '';
  return (n.content ?? []).map(textOf).join('');
}

/** Title path (as the index writes it) -> chapter id, for every chapter of the outline. */
export function titlePaths(tree: Titled[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (nodes: Titled[], path: string[]) => {
    for (const n of nodes) {
      const p = [...path, n.title];
      const k = key(p.join(' > '));
      if (!out.has(k)) out.set(k, n.id);
      walk(n.children, p);
    }
  };
  walk(tree, []);
  return out;
}

export function isScoreIndex(title: string): boolean {
  return tableKindOf(title) === 'scoreIndex';
}

/** The index's content with each known chapter's page cell a pageRef; other tables and rows unchanged. */
export function linkScoreIndex(content: PMNode, paths: Map<string, string>): PMNode {
  const table = (t: PMNode): PMNode => {
    const rows = t.content ?? [];
    const head = (rows[0]?.content ?? []).map((c) => key(textOf(c)));
    const chapterCol = head.indexOf('对应章节');
    const pageCol = head.indexOf('页码');
    if (chapterCol < 0 || pageCol < 0) return t;
    return {
      ...t,
      content: rows.map((row, i) => {
        const cells = row.content ?? [];
        const id = i > 0 && cells[chapterCol] ? paths.get(key(textOf(cells[chapterCol]))) : undefined;
        if (!id || !cells[pageCol]) return row;
        const page: PMNode = {
          ...cells[pageCol],
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'pageRef', attrs: { chapter: id, fallback: OTHER_VOLUME } }],
            },
          ],
        };
        return { ...row, content: cells.map((c, j) => (j === pageCol ? page : c)) };
      }),
    };
  };
  return { ...content, content: (content.content ?? []).map((n) => (n.type === 'table' ? table(n) : n)) };
}
