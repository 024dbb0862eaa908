import { useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { Alert, Button, Empty, Input, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import {
  ApartmentOutlined,
  BranchesOutlined,
  EditOutlined,
  FundProjectionScreenOutlined,
  PictureOutlined,
  ProjectOutlined,
  TableOutlined,
} from '@ant-design/icons';
import {
  AI_ENGINE_LABELS,
  ELEMENT_LABELS,
  ELEMENT_LIMITS,
  type ElementKind,
  type ElementResult,
  type ImageResult,
  type ImageSearchResult,
} from '@bid/shared';
import type { DiagramKind } from '@bid/document/diagrams/index';
import { generateElement, searchImages } from './api.ts';
import { afterEnclosingTable } from './insertPosition.ts';
import { DiagramView } from './DiagramView.tsx';
import { DiagramEditorModal } from './editors/DiagramEditorModal.tsx';
import { TableGridEditor, tableModelOf, tableNodeOf, type TableModel } from './editors/TableGridEditor.tsx';
import './elements.css';

type Json = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Json[];
  text?: string;
  marks?: Array<{ type: string }>;
};

export interface AiElementsPanelProps {
  /** The chapter being edited. */
  catalogId: string;
  /** The chapter's editor; elements go in at its cursor. */
  editor: Editor | null;
  readOnly?: boolean;
  /** Called when a regeneration kept the chapter as a content version (e.g. refresh the version list). */
  onVersionSaved?(versionId: string): void;
  /** Instead of the editor: receives the nodes to insert (standalone use, tests). */
  onInsert?(nodes: Json[], replace: boolean): void;
  /** Runs before each request, e.g. the chapter handle's flush(): the server reads the saved chapter. */
  beforeGenerate?(): Promise<void>;
}

const BUTTONS: Array<{ kind: ElementKind | 'images'; label: string; icon: React.ReactNode }> = [
  { kind: 'table', label: '生成表格', icon: <TableOutlined /> },
  { kind: 'mindmap', label: '思维导图', icon: <BranchesOutlined /> },
  { kind: 'flowchart', label: '流程图', icon: <ApartmentOutlined /> },
  { kind: 'gantt', label: '甘特图', icon: <ProjectOutlined /> },
  { kind: 'images', label: '配图', icon: <PictureOutlined /> },
];

/** The diagram selected in the editor (a NodeSelection on a diagram node), if any. */
function selectedDiagram(editor: Editor | null): { kind: string; pos: number } | null {
  const sel = editor?.state.selection;
  if (sel instanceof NodeSelection && sel.node.type.name === 'diagram')
    return { kind: String(sel.node.attrs.kind), pos: sel.from };
  return null;
}

function captionParagraph(text: string): Json {
  return { type: 'paragraph', content: [{ type: 'text', text, marks: [{ type: 'bold' }] }] };
}

/**
 * The AI panel's element tools: generate a table, mind map, flowchart or Gantt chart from the
 * chapter (optionally with an instruction), preview and edit it, insert it at the cursor or
 * replace the selected diagram (the server keeps the chapter as a version first); find pictures.
 */
export function AiElementsPanel({
  catalogId,
  editor,
  readOnly,
  onVersionSaved,
  onInsert,
  beforeGenerate,
}: AiElementsPanelProps) {
  const [instruction, setInstruction] = useState('');
  const [busy, setBusy] = useState<ElementKind | 'images' | null>(null);
  const [result, setResult] = useState<(ElementResult & { replace: boolean }) | null>(null);
  const [table, setTable] = useState<TableModel | null>(null);
  const [images, setImages] = useState<ImageSearchResult | null>(null);
  const [editing, setEditing] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    setResult(null);
    setImages(null);
  }, [catalogId]);

  const run = async (kind: ElementKind | 'images') => {
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setBusy(kind);
    const req = { catalogId, instruction: instruction.trim() || undefined };
    try {
      await beforeGenerate?.();
      if (kind === 'images') {
        setResult(null);
        setImages(await searchImages(req, ac.signal));
        return;
      }
      // Regenerating the selected diagram of the same kind replaces it (the old one is kept as a version).
      const sel = selectedDiagram(editor);
      const replace = !!sel && sel.kind === kind;
      const r = await generateElement(kind, { ...req, replace }, ac.signal);
      setImages(null);
      setResult({ ...r, replace });
      setTable(kind === 'table' ? tableModelOf(r.node as Json, r.caption) : null);
      if (r.versionId) onVersionSaved?.(r.versionId);
    } catch {
      /* the request layer has told the user */
    } finally {
      if (abort.current === ac) setBusy(null);
    }
  };

  const insert = (nodes: Json[], replace: boolean) => {
    if (onInsert) return onInsert(nodes, replace);
    if (!editor) return;
    const sel = replace ? selectedDiagram(editor) : null;
    const chain = editor.chain().focus();
    const current = editor.state.selection;
    if (sel) chain.insertContentAt({ from: sel.pos, to: sel.pos + 1 }, nodes).run();
    // A selected node (e.g. the diagram just inserted) stays: the new element goes after it.
    else if (current instanceof NodeSelection) chain.insertContentAt(current.to, nodes).run();
    else {
      // Inside a table (e.g. right after generating one) the element goes after the table, not into its cell.
      const after = afterEnclosingTable(current);
      if (after !== null) chain.insertContentAt(after, nodes).run();
      else chain.insertContent(nodes).run();
    }
  };

  const insertResult = () => {
    if (!result) return;
    if (result.kind === 'table' && table) {
      const nodes = [captionParagraph(table.caption || result.caption), tableNodeOf(table) as Json];
      insert(nodes, false);
    } else {
      insert([result.node as Json], result.replace);
    }
    setResult(null);
  };

  const insertImage = (img: ImageResult) =>
    insert(
      [{ type: 'image', attrs: { src: img.url, alt: img.title, title: img.title, caption: img.title } }],
      false,
    );

  const attrs = result?.node.attrs as { kind: DiagramKind; model: unknown; caption: string } | undefined;

  return (
    <div className="bs-el-panel">
      <Typography.Text strong>
        <FundProjectionScreenOutlined /> 插入图表与配图
      </Typography.Text>
      <Input.TextArea
        aria-label="补充要求"
        value={instruction}
        maxLength={ELEMENT_LIMITS.instructionChars}
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder="补充要求（可选），如：突出质量检验环节；按月安排进度"
        onChange={(e) => setInstruction(e.target.value)}
        disabled={readOnly}
      />
      <div className="bs-el-panel__buttons">
        {BUTTONS.map((b) => (
          <Button
            key={b.kind}
            icon={b.icon}
            loading={busy === b.kind}
            disabled={readOnly || (busy !== null && busy !== b.kind)}
            onClick={() => run(b.kind)}
          >
            {b.label}
          </Button>
        ))}
      </div>
      {busy ? (
        <div className="bs-el-panel__busy">
          <Spin size="small" /> 正在根据本章内容生成{ELEMENT_LABELS[busy]}，最长约 1 分钟…
        </div>
      ) : null}

      {result ? (
        <div className="bs-el-panel__result" data-testid="element-result">
          <Space size={4} wrap>
            <Tag color={result.engine === 'openai' ? 'blue' : 'default'}>
              {AI_ENGINE_LABELS[result.engine]}
            </Tag>
            <Typography.Text type="secondary">{ELEMENT_LABELS[result.kind]}</Typography.Text>
          </Space>
          {result.notice ? <Alert type="info" showIcon title={result.notice} /> : null}
          {result.kind === 'table' && table ? (
            <TableGridEditor value={table} onChange={setTable} />
          ) : attrs ? (
            <DiagramView kind={attrs.kind} model={attrs.model} caption={attrs.caption} />
          ) : null}
          <Space wrap>
            <Button type="primary" onClick={insertResult}>
              {result.replace ? '替换选中的图表' : '插入到光标处'}
            </Button>
            {result.kind !== 'table' ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                先编辑
              </Button>
            ) : null}
            <Button onClick={() => run(result.kind)}>重新生成</Button>
            <Button type="text" onClick={() => setResult(null)}>
              放弃
            </Button>
          </Space>
          {editing && attrs ? (
            <DiagramEditorModal
              open={editing}
              kind={attrs.kind}
              model={attrs.model}
              caption={attrs.caption}
              onCancel={() => setEditing(false)}
              onOk={(model, caption) => {
                setResult({
                  ...result,
                  caption,
                  node: { ...result.node, attrs: { ...attrs, model, caption } },
                });
                setEditing(false);
              }}
            />
          ) : null}
        </div>
      ) : null}

      {images ? (
        <div className="bs-el-panel__result" data-testid="image-results">
          <Space size={4} wrap>
            <Typography.Text type="secondary">关键词</Typography.Text>
            {images.keywords.slice(0, 10).map((k) => (
              <Tag key={k}>{k}</Tag>
            ))}
          </Space>
          {images.images.length ? (
            <div className="bs-el-images">
              {images.images.map((img) => (
                <Tooltip
                  key={img.id}
                  title={`${img.title}${img.tags.length ? `（${img.tags.join('、')}）` : ''}`}
                >
                  <button
                    type="button"
                    className="bs-el-images__item"
                    onClick={() => insertImage(img)}
                    aria-label={`插入图片 ${img.title}`}
                  >
                    <img src={img.thumbUrl} alt={img.title} loading="lazy" />
                    <span>{img.title}</span>
                  </button>
                </Tooltip>
              ))}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={images.notice ?? '没有找到匹配的图片'}>
              <Button href="/home/picture" target="_blank">
                打开图片库
              </Button>
            </Empty>
          )}
        </div>
      ) : null}
    </div>
  );
}
