import { afterEach, describe, expect, it } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { docSchema, docText } from '@bid/document/model';
import { documentProblem } from '@bid/document';
import { editorExtensions } from './extensions.ts';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

const p = (text: string, marks?: JSONContent['marks']): JSONContent => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});

/** Every node and mark of the document model, as the AI and the server write them. */
const RICH: JSONContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '项目组织' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: '粗体', marks: [{ type: 'bold' }] },
        { type: 'text', text: '下划线', marks: [{ type: 'underline' }] },
        { type: 'text', text: '高亮', marks: [{ type: 'highlight' }] },
        { type: 'text', text: '链接', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
        { type: 'placeholder', attrs: { label: '【待填写：项目经理姓名】' } },
        { type: 'hardBreak' },
        { type: 'text', text: '删除线', marks: [{ type: 'strike' }] },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [p('要点一')] }] },
    { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p('第三步')] }] },
    { type: 'blockquote', content: [p('引用')] },
    { type: 'horizontalRule' },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [{ type: 'tableHeader', attrs: { colspan: 2, rowspan: 1 }, content: [p('人员配置')] }],
        },
        {
          type: 'tableRow',
          content: [
            { type: 'tableCell', attrs: { colspan: 1, rowspan: 2 }, content: [p('项目经理')] },
            { type: 'tableCell', content: [p('1 人')] },
          ],
        },
        { type: 'tableRow', content: [{ type: 'tableCell', content: [p('高级工程师')] }] },
      ],
    },
    {
      type: 'image',
      attrs: { src: '/api/files/org.png', alt: '组织架构图', title: null, caption: '图 1 组织架构' },
    },
    {
      type: 'diagram',
      attrs: {
        kind: 'gantt',
        model: { tasks: [{ name: '进场', start: '2025-01-01', end: '2025-01-10' }] },
        caption: '施工进度计划',
      },
    },
  ],
};

describe('editor schema', () => {
  it('round-trips every node and mark of the document model without losing anything', () => {
    editor = new Editor({ extensions: editorExtensions(), content: RICH });
    const out = editor.getJSON();
    // Still a valid chapter for the server: the zod shape and the save-time schema, which refuses
    // any attribute it does not know (the editor adds some, e.g. a table cell's `align`)...
    expect(docSchema.safeParse(out).success).toBe(true);
    expect(documentProblem(out)).toBeNull();
    // ...with the same text and the same elements.
    expect(docText(out as never)).toBe(docText(RICH as never));
    const types = (n: JSONContent): string[] => [
      n.type ?? '',
      ...(n.marks ?? []).map((m) => `mark:${m.type}`),
      ...(n.content ?? []).flatMap(types),
    ];
    expect(types(out).sort()).toEqual(types(RICH).sort());
    const json = JSON.stringify(out);
    expect(json).toContain('"rowspan":2');
    expect(json).toContain('"colspan":2');
    expect(json).toContain('"caption":"图 1 组织架构"');
    expect(json).toContain('"kind":"gantt"');
    expect(json).toContain('"tasks"');
    expect(json).toContain('【待填写：项目经理姓名】');
  });

  it('the schema refuses a node it does not know instead of dropping it silently', () => {
    editor = new Editor({ extensions: editorExtensions() });
    expect(() =>
      editor!.schema.nodeFromJSON({ type: 'doc', content: [{ type: 'mysteryWidget' }] }).check(),
    ).toThrow();
  });

  it('a diagram shows as a box with its kind and caption', () => {
    editor = new Editor({ extensions: editorExtensions(), content: RICH });
    const box = editor.view.dom.querySelector('[data-diagram]');
    expect(box?.textContent).toBe('【甘特图】：施工进度计划');
    expect(box?.outerHTML).not.toContain('tasks');
  });
});
