import type { JSONContent } from '@tiptap/core';
import type { CatalogNode } from '@bid/shared';
import { markdownToDoc, type PMNode } from '@bid/document';

export function findNode(tree: CatalogNode[], id: string): CatalogNode | null {
  for (const n of tree) {
    if (n.id === id) return n;
    const f = findNode(n.children, id);
    if (f) return f;
  }
  return null;
}

/** Inline content when the Markdown is one paragraph (keeps a replacement inside its paragraph). */
export function insertable(md: string): JSONContent[] {
  const doc = markdownToDoc(md) as PMNode;
  const blocks = (doc.content ?? []) as JSONContent[];
  if (blocks.length === 1 && blocks[0].type === 'paragraph')
    return (blocks[0].content ?? []) as JSONContent[];
  return blocks;
}
