import { z } from 'zod';
import { countWords } from '@bid/shared';

/**
 * The document model: ProseMirror JSON as TipTap produces it. Chapters store this JSON; the editor,
 * the Markdown converter, the AI engine and the .docx writer all speak it.
 *
 * Node types: doc, paragraph, heading {level 1..6}, text, hardBreak, bulletList, orderedList {start},
 * listItem, blockquote, horizontalRule, table, tableRow, tableHeader, tableCell {colspan, rowspan,
 * colwidth}, image {src, alt, title, caption}, diagram {kind: flowchart|mindmap|gantt, model, caption}
 * (a placeholder node until the rich-elements work renders it), placeholder {label} (text the writer
 * must fill in, e.g. 【待填写：项目经理姓名】), codeBlock {language} (StarterKit's; AI answers sometimes hold code).
 * Marks: bold, italic, underline, strike, code, highlight, link {href}.
 * Export only, never stored nor known to the editor: pageRef {chapter, fallback, before?, after?}
 * (the page a chapter starts on, written by the .docx writer as a PAGEREF field to that chapter's
 * heading; the export puts it in the 评分索引表's page column and the 偏离表's proof column;
 * `chapter` is ExportChapter.key, `fallback` the text written when that chapter is not in the file,
 * e.g. in another volume; `before` / `after` the words around the number, written only with it:
 * 第 ⟨N⟩ 页 must not become 第 见其他分册 页).
 */
export interface PMMark {
  type: string;
  attrs?: Record<string, unknown>;
}
export interface PMNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PMNode[];
  marks?: PMMark[];
  text?: string;
}

export const NODE_TYPES = [
  'doc',
  'paragraph',
  'heading',
  'text',
  'hardBreak',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'horizontalRule',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
  'image',
  'diagram',
  'placeholder',
  'codeBlock',
] as const;
export const MARK_TYPES = ['bold', 'italic', 'underline', 'strike', 'code', 'highlight', 'link'] as const;

const markSchema: z.ZodType<PMMark> = z.object({
  type: z.string().max(40),
  attrs: z.record(z.string(), z.unknown()).optional(),
});
export const pmNodeSchema: z.ZodType<PMNode> = z.lazy(() =>
  z.object({
    type: z.string().max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(pmNodeSchema).optional(),
    marks: z.array(markSchema).optional(),
    text: z.string().optional(),
  }),
);
/** A chapter's content: a `doc` node. */
export const docSchema = pmNodeSchema.refine((n) => n.type === 'doc', {
  message: '内容格式不正确：根节点必须是 doc',
});

export function emptyDoc(): PMNode {
  return { type: 'doc', content: [{ type: 'paragraph' }] };
}

const BLOCK_SEPARATED = new Set([
  'paragraph',
  'heading',
  'listItem',
  'tableRow',
  'blockquote',
  'image',
  'diagram',
]);

/** Plain text of a document, blocks separated by newlines, table cells by tabs. */
export function docText(node: PMNode | null | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  if (node.type === 'placeholder') return String(node.attrs?.label ?? '');
  if (node.type === 'image' || node.type === 'diagram') return String(node.attrs?.caption ?? '');
  const parts = (node.content ?? []).map(docText);
  const sep = node.type === 'tableRow' ? '\t' : '';
  const inner = parts.join(sep);
  return BLOCK_SEPARATED.has(node.type) ? `${inner}\n` : inner;
}

/** Words of a document as a Chinese bid counts them (CJK characters plus Latin words). */
export function docWordCount(node: PMNode | null | undefined): number {
  return countWords(docText(node));
}

/** True when the document has any visible text or element (an empty chapter has none). */
export function docHasContent(node: PMNode | null | undefined): boolean {
  if (!node) return false;
  if (node.type === 'image' || node.type === 'diagram') return true;
  if (node.type === 'text') return (node.text ?? '').trim().length > 0;
  return (node.content ?? []).some(docHasContent);
}
