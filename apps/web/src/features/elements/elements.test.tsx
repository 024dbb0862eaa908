import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { EditorContent, useEditor } from '@tiptap/react';
import type { FlowchartModel, MindmapModel } from '@bid/document/diagrams/index';
import { installFakeHttp } from '../../api/testkit.ts';
import { DiagramView } from './DiagramView.tsx';
import { DiagramExtension } from './DiagramExtension.ts';
import { DiagramEditorModal } from './editors/DiagramEditorModal.tsx';
import { MindmapForm } from './editors/MindmapForm.tsx';
import { tableModelOf, tableNodeOf } from './editors/TableGridEditor.tsx';
import { AiElementsPanel } from './AiElementsPanel.tsx';
import { editorExtensions } from '../bid/editor/extensions.ts';

afterEach(cleanup);

const flow: FlowchartModel = {
  direction: 'TB',
  nodes: [
    { id: 'a', label: '开始', shape: 'terminal' },
    { id: 'b', label: '技术交底', shape: 'process' },
    { id: 'c', label: '结束', shape: 'terminal' },
  ],
  edges: [
    { from: 'a', to: 'b' },
    { from: 'b', to: 'c' },
  ],
};

describe('DiagramView', () => {
  it('draws the SVG with the labels and the caption', () => {
    const { container } = render(<DiagramView kind="flowchart" model={flow} caption="图 1 质量流程" />);
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.textContent).toContain('技术交底');
    expect(container.querySelector('figcaption')?.textContent).toBe('图 1 质量流程');
    // The caption is also the SVG's accessible title.
    expect(container.querySelector('svg > title')?.textContent).toBe('图 1 质量流程');
  });

  it('explains a broken model instead of crashing', () => {
    render(<DiagramView kind="gantt" model={{ tasks: [] }} />);
    expect(screen.getByRole('alert').textContent).toContain('甘特图至少需要一个任务');
  });
});

function EditorHarness({ content, onReady }: { content: object; onReady(e: Editor): void }) {
  const editor = useEditor({ extensions: [StarterKit, DiagramExtension], content, immediatelyRender: true });
  if (editor) onReady(editor);
  return <EditorContent editor={editor} />;
}

describe('the diagram node in TipTap', { timeout: 30_000 }, () => {
  it('renders a stored diagram and keeps its attributes in the JSON', async () => {
    let editor: Editor | null = null;
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '正文' }] },
        { type: 'diagram', attrs: { kind: 'flowchart', model: flow, caption: '流程图' } },
      ],
    };
    const { container } = render(<EditorHarness content={doc} onReady={(e) => (editor = e)} />);
    await waitFor(() => expect(container.querySelector('[data-type="diagram"] svg')).not.toBeNull());
    expect(container.textContent).toContain('技术交底');
    const json = editor!.getJSON();
    expect(json.content![1]).toEqual({
      type: 'diagram',
      attrs: { kind: 'flowchart', model: flow, caption: '流程图' },
    });
  });

  it('inserts a diagram with the command; HTML shows a box without the model, the clipboard keeps it', () => {
    const editor = new Editor({ extensions: [StarterKit, DiagramExtension], content: '<p>x</p>' });
    editor.commands.insertDiagram({ kind: 'mindmap', model: { root: { text: '中心' } }, caption: '导图' });
    const html = editor.getHTML();
    expect(html).toContain('【思维导图】：导图');
    expect(html).not.toContain('中心');
    // What a copy puts on the clipboard, parsed back as a paste would.
    const serializer = editor.view.someProp('clipboardSerializer')!;
    const holder = document.createElement('div');
    holder.appendChild(serializer.serializeFragment(editor.state.doc.content));
    expect(holder.innerHTML).toContain('data-model');
    const again = new Editor({ extensions: [StarterKit, DiagramExtension], content: holder.innerHTML });
    const node = again.getJSON().content!.find((n) => n.type === 'diagram')!;
    expect(node.attrs).toEqual({ kind: 'mindmap', model: { root: { text: '中心' } }, caption: '导图' });
    editor.destroy();
    again.destroy();
  });
});

describe('DiagramEditorModal', { timeout: 30_000 }, () => {
  it('previews edits live and saves the edited model', async () => {
    const onOk = vi.fn();
    render(
      <DiagramEditorModal
        open
        kind="flowchart"
        model={flow}
        caption="流程"
        onOk={onOk}
        onCancel={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('节点2文字'), { target: { value: '材料进场验收' } });
    await waitFor(() => expect(screen.getByTestId('diagram-preview').textContent).toContain('材料进场验收'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(onOk).toHaveBeenCalledTimes(1);
    const [model, caption] = onOk.mock.calls[0];
    expect((model as FlowchartModel).nodes[1].label).toBe('材料进场验收');
    expect(caption).toBe('流程');
  });

  it('keeps OK disabled while a label is empty', async () => {
    render(
      <DiagramEditorModal
        open
        kind="flowchart"
        model={flow}
        caption=""
        onOk={() => {}}
        onCancel={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('节点2文字'), { target: { value: '  ' } });
    await waitFor(() => expect(screen.getByText('节点文字不能为空')).toBeTruthy());
    expect(screen.getByRole('button', { name: /保\s*存/ }).hasAttribute('disabled')).toBe(true);
  });
});

describe('MindmapForm', { timeout: 30_000 }, () => {
  it('adds, indents, outdents and removes nodes', () => {
    let value: MindmapModel = { root: { text: '中心', children: [{ text: 'A' }, { text: 'B' }] } };
    const { rerender } = render(<MindmapForm value={value} onChange={(v) => (value = v)} />);
    const rerun = () => rerender(<MindmapForm value={value} onChange={(v) => (value = v)} />);
    // Indent B under A.
    fireEvent.click(screen.getAllByLabelText('降级')[1]);
    rerun();
    expect(value.root.children).toEqual([{ text: 'A', children: [{ text: 'B' }] }]);
    // Outdent it again.
    fireEvent.click(screen.getAllByLabelText('升级')[1]);
    rerun();
    expect(value.root.children!.map((c) => c.text)).toEqual(['A', 'B']);
    fireEvent.click(screen.getAllByLabelText('添加下级')[0]);
    rerun();
    expect(value.root.children).toHaveLength(3);
    fireEvent.click(screen.getAllByLabelText('删除节点')[0]);
    rerun();
    expect(value.root.children!.map((c) => c.text)).toEqual(['B', '新节点']);
  });
});

describe('tables', () => {
  it('converts a document table to a grid and back', () => {
    const model = {
      caption: '人员表',
      columns: ['序号', '岗位'],
      rows: [
        ['1', '项目经理'],
        ['2', ''],
      ],
    };
    const node = tableNodeOf(model);
    expect(node.content![0].content![0].type).toBe('tableHeader');
    expect(tableModelOf(node, '人员表')).toEqual(model);
  });
});

describe('AiElementsPanel', { timeout: 30_000 }, () => {
  it('inserts after a selected diagram instead of replacing it', async () => {
    installFakeHttp(() => ({
      data: {
        code: 200,
        success: true,
        msg: '操作成功',
        data: {
          kind: 'mindmap',
          node: {
            type: 'diagram',
            attrs: { kind: 'mindmap', model: { root: { text: '中心' } }, caption: '导图' },
          },
          caption: '导图',
          engine: 'offline',
          notice: null,
          versionId: null,
        },
      },
    }));
    const editor = new Editor({
      extensions: [StarterKit, DiagramExtension],
      content: {
        type: 'doc',
        content: [
          { type: 'paragraph' },
          { type: 'diagram', attrs: { kind: 'flowchart', model: flow, caption: '流程' } },
        ],
      },
    });
    editor.commands.setNodeSelection(2);
    render(<AiElementsPanel catalogId="c1" editor={editor} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /思维导图/ }));
    });
    await waitFor(() => expect(screen.getByTestId('element-result')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '插入到光标处' }));
    expect(
      editor
        .getJSON()
        .content!.filter((n) => n.type === 'diagram')
        .map((n) => n.attrs!.kind),
    ).toEqual(['flowchart', 'mindmap']);
    editor.destroy();
  });

  it('a diagram inserted with the cursor in a table goes after the table, not into its last cell', async () => {
    installFakeHttp(() => ({
      data: {
        code: 200,
        success: true,
        msg: '操作成功',
        data: {
          kind: 'mindmap',
          node: {
            type: 'diagram',
            attrs: { kind: 'mindmap', model: { root: { text: '中心' } }, caption: '导图' },
          },
          caption: '导图',
          engine: 'offline',
          notice: null,
          versionId: null,
        },
      },
    }));
    const cell = (text: string) => ({
      type: 'tableCell',
      attrs: { colspan: 1, rowspan: 1, colwidth: null },
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const editor = new Editor({
      extensions: editorExtensions(),
      content: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: '人员配置如下' }] },
          { type: 'table', content: [{ type: 'tableRow', content: [cell('岗位'), cell('人数')] }] },
        ],
      },
    });
    // The cursor at the end of the last cell, where it is after a table was written.
    let end = 0;
    editor.state.doc.descendants((n, pos) => {
      if (n.isText && n.text === '人数') end = pos + n.nodeSize;
    });
    editor.commands.setTextSelection(end);
    render(<AiElementsPanel catalogId="c1" editor={editor} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /思维导图/ }));
    });
    await waitFor(() => expect(screen.getByTestId('element-result')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '插入到光标处' }));
    const saved = editor.getJSON();
    // (TipTap may add an empty paragraph after the diagram for the cursor.)
    expect(saved.content!.map((n) => n.type).slice(0, 3)).toEqual(['paragraph', 'table', 'diagram']);
    expect(JSON.stringify(saved.content![1])).not.toContain('diagram');
    editor.destroy();
  });

  it('generates a flowchart for the chapter and inserts it', async () => {
    const fake = installFakeHttp((config) => {
      expect(config.url).toBe('/ai/client/aiGenerateFlowchart');
      expect(JSON.parse(config.data as string)).toEqual({
        catalogId: 'c1',
        instruction: '突出验收',
        replace: false,
      });
      return {
        data: {
          code: 200,
          success: true,
          msg: '操作成功',
          data: {
            kind: 'flowchart',
            node: { type: 'diagram', attrs: { kind: 'flowchart', model: flow, caption: '质量流程图' } },
            caption: '质量流程图',
            engine: 'offline',
            notice: null,
            versionId: null,
          },
        },
      };
    });
    const onInsert = vi.fn();
    render(<AiElementsPanel catalogId="c1" editor={null} onInsert={onInsert} />);
    fireEvent.change(screen.getByLabelText('补充要求'), { target: { value: '突出验收' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /流程图/ }));
    });
    await waitFor(() => expect(screen.getByTestId('element-result').textContent).toContain('技术交底'));
    fireEvent.click(screen.getByRole('button', { name: '插入到光标处' }));
    expect(onInsert).toHaveBeenCalledWith(
      [{ type: 'diagram', attrs: { kind: 'flowchart', model: flow, caption: '质量流程图' } }],
      false,
    );
    expect(fake.calls).toHaveLength(1);
  });
});
