import { Node, mergeAttributes } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { DOMSerializer, type Node as PMNode } from '@tiptap/pm/model';
import { ReactNodeViewRenderer } from '@tiptap/react';
import { DIAGRAM_KIND_LABELS } from '@bid/document/diagrams/index';
import { DiagramNodeView } from './DiagramNodeView.tsx';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    diagram: {
      /** Inserts a diagram at the cursor. */
      insertDiagram: (attrs: { kind: string; model: unknown; caption?: string }) => ReturnType;
    };
  }
}

function parseModel(el: HTMLElement): unknown {
  try {
    return JSON.parse(el.getAttribute('data-model') ?? 'null');
  } catch {
    return null;
  }
}

function boxText(kind: string, caption: unknown): string {
  const label = (DIAGRAM_KIND_LABELS as Record<string, string>)[kind] ?? '图表';
  return `【${label}】${caption ? `：${String(caption)}` : ''}`;
}

/**
 * The document model's `diagram` node {kind, model, caption} for TipTap: an atom block drawn by
 * the shared renderer in a React node view (double-click edits it). Outside a React editor (and in
 * getHTML) it is a labelled box without the model — the model is data, not markup — except on the
 * clipboard, which carries the model so that copy and paste keep the diagram.
 */
export const DiagramExtension = Node.create({
  name: 'diagram',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      kind: {
        default: 'flowchart',
        parseHTML: (el) => el.getAttribute('data-diagram') ?? el.getAttribute('data-kind') ?? 'flowchart',
        renderHTML: () => ({}),
      },
      model: { default: null, parseHTML: parseModel, rendered: false },
      caption: { default: null, parseHTML: (el) => el.getAttribute('data-caption'), rendered: false },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-diagram]' }, { tag: 'figure[data-type="diagram"]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const kind = String(node.attrs.kind ?? 'flowchart');
    return [
      'div',
      mergeAttributes(HTMLAttributes, {
        'data-diagram': kind,
        class: 'bs-diagram-box',
        contenteditable: 'false',
      }),
      boxText(kind, node.attrs.caption),
    ];
  },

  addNodeView() {
    const react = ReactNodeViewRenderer(DiagramNodeView);
    return (props) => {
      // A React editor draws the picture; a plain one (tests, tools) shows the same box as renderHTML.
      if ((props.editor as { contentComponent?: unknown }).contentComponent) return react(props);
      const dom = document.createElement('div');
      dom.setAttribute('data-diagram', String(props.node.attrs.kind));
      dom.setAttribute('contenteditable', 'false');
      dom.className = 'bs-diagram-box';
      dom.textContent = boxText(String(props.node.attrs.kind), props.node.attrs.caption);
      return { dom };
    };
  },

  addCommands() {
    return {
      insertDiagram:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({
            type: this.name,
            attrs: { kind: attrs.kind, model: attrs.model, caption: attrs.caption ?? '' },
          }),
    };
  },

  addProseMirrorPlugins() {
    // Copy and paste go through HTML: the clipboard's copy of a diagram carries its model.
    const base = DOMSerializer.fromSchema(this.editor.schema);
    const clipboardSerializer = new DOMSerializer(
      {
        ...base.nodes,
        [this.name]: (node: PMNode) => [
          'div',
          {
            'data-diagram': String(node.attrs.kind),
            'data-model': JSON.stringify(node.attrs.model),
            'data-caption': node.attrs.caption ?? '',
            class: 'bs-diagram-box',
          },
          boxText(String(node.attrs.kind), node.attrs.caption),
        ],
      },
      base.marks,
    );
    return [new Plugin({ key: new PluginKey('diagramClipboard'), props: { clipboardSerializer } })];
  },
});
