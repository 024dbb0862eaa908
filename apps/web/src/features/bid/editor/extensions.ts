import { Mark, Node, mergeAttributes, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { DiagramExtension } from '../../elements/DiagramExtension.ts';

/**
 * The editor's schema: the node and mark types of the document model (packages/document/src/model.ts)
 * and nothing the model does not know, so a chapter round-trips through the editor without losing a
 * node. StarterKit brings paragraph, heading, lists, blockquote, rule, hard break and the marks bold,
 * italic, underline, strike, code and link.
 */

const DIAGRAM_LABELS: Record<string, string> = { flowchart: '流程图', mindmap: '思维导图', gantt: '甘特图' };

/** The model's `highlight` mark. */
export const Highlight = Mark.create({
  name: 'highlight',
  parseHTML: () => [{ tag: 'mark' }],
  renderHTML: ({ HTMLAttributes }) => ['mark', mergeAttributes(HTMLAttributes), 0],
});

/**
 * A diagram (flowchart, mind map, Gantt chart) kept as its JSON model. Shown as a box here; the
 * rich-elements work renders the picture.
 */
export const Diagram = Node.create({
  name: 'diagram',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      kind: {
        default: 'flowchart',
        parseHTML: (el) => el.getAttribute('data-diagram') ?? 'flowchart',
        renderHTML: () => ({}),
      },
      // The model is data, not markup: never written into the DOM.
      model: { default: null, rendered: false },
      caption: { default: null, rendered: false },
    };
  },
  parseHTML: () => [{ tag: 'div[data-diagram]' }],
  renderHTML({ node, HTMLAttributes }) {
    const kind = String(node.attrs.kind ?? 'flowchart');
    const label = DIAGRAM_LABELS[kind] ?? '图表';
    const caption = node.attrs.caption ? `：${String(node.attrs.caption)}` : '';
    return [
      'div',
      mergeAttributes(HTMLAttributes, {
        'data-diagram': kind,
        class: 'bs-diagram-box',
        contenteditable: 'false',
      }),
      `【${label}】${caption}`,
    ];
  },
});

/** Text the writer must fill in, e.g. 【待填写：项目经理姓名】. */
export const Placeholder = Node.create({
  name: 'placeholder',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      label: { default: '', parseHTML: (el) => el.getAttribute('data-label') ?? el.textContent ?? '' },
    };
  },
  parseHTML: () => [{ tag: 'span[data-placeholder]' }],
  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, { 'data-placeholder': '', class: 'bs-placeholder-chip' }),
      String(node.attrs.label ?? ''),
    ];
  },
});

/** Images carry a caption in the model. */
export const CaptionedImage = Image.extend({
  addAttributes() {
    return { ...this.parent?.(), caption: { default: null, rendered: false } };
  },
});

export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      // Not in the document model: a code block would not survive export.
      codeBlock: false,
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
    }),
    Highlight,
    Table.configure({ resizable: false, HTMLAttributes: { class: 'bs-table' } }),
    TableRow,
    TableHeader,
    TableCell,
    CaptionedImage.configure({ inline: false, allowBase64: false }),
    // The rich-elements diagram node: same schema and HTML as Diagram above, drawn as the picture.
    DiagramExtension,
    Placeholder,
  ];
}
