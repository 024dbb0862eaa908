import { getSchema, Node } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import type { Schema } from '@tiptap/pm/model';

/**
 * The editor's schema as the web app builds it (StarterKit + Table + Image) plus minimal
 * definitions of our two custom nodes, so tests can check that converter output loads in TipTap.
 * Test-only: the web editor defines the real placeholder/diagram nodes (with their views).
 */
const Placeholder = Node.create({
  name: 'placeholder',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({ label: { default: '' } }),
});
const Diagram = Node.create({
  name: 'diagram',
  group: 'block',
  atom: true,
  addAttributes: () => ({
    kind: { default: 'flowchart' },
    model: { default: null },
    caption: { default: '' },
  }),
});
const ImageWithCaption = Image.extend({
  addAttributes() {
    return { ...this.parent?.(), caption: { default: null } };
  },
});

let schema: Schema | null = null;
export function editorSchema(): Schema {
  schema ??= getSchema([
    StarterKit,
    Table,
    TableRow,
    TableHeader,
    TableCell,
    ImageWithCaption,
    Placeholder,
    Diagram,
  ]);
  return schema;
}
