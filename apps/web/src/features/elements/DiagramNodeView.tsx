import { useState } from 'react';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { Button, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { DiagramKind } from '@bid/document/diagrams/index';
import { DiagramView } from './DiagramView.tsx';
import { DiagramEditorModal } from './editors/DiagramEditorModal.tsx';
import { confirmDialog } from '../../utils/feedback.ts';
import './elements.css';

/** A diagram inside the editor: the rendered SVG and caption; double-click (or 编辑) opens the editor. */
export function DiagramNodeView({
  node,
  updateAttributes,
  deleteNode,
  editor,
  selected,
}: ReactNodeViewProps) {
  const [editing, setEditing] = useState(false);
  const kind = node.attrs.kind as DiagramKind;
  const caption = String(node.attrs.caption ?? '');
  const editable = editor.isEditable;

  return (
    <NodeViewWrapper
      className={['bs-diagram-node', selected ? 'is-selected' : ''].filter(Boolean).join(' ')}
      data-type="diagram"
      data-kind={kind}
      onDoubleClick={() => editable && setEditing(true)}
    >
      <div contentEditable={false}>
        {editable ? (
          <div className="bs-diagram-node__tools">
            <Tooltip title="编辑（双击图表也可编辑）">
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                编辑
              </Button>
            </Tooltip>
            <Tooltip title="删除图表">
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除图表"
                onClick={async () => {
                  if (
                    await confirmDialog({
                      content: `确定删除${caption ? `“${caption}”` : '这张图表'}吗？删除后可通过撤销（Ctrl+Z）恢复。`,
                      danger: true,
                      okText: '删除',
                    })
                  )
                    deleteNode();
                }}
              />
            </Tooltip>
          </div>
        ) : null}
        <DiagramView kind={kind} model={node.attrs.model} caption={caption} />
        {editing ? (
          <DiagramEditorModal
            open={editing}
            kind={kind}
            model={node.attrs.model}
            caption={caption}
            onCancel={() => setEditing(false)}
            onOk={(model, nextCaption) => {
              updateAttributes({ model, caption: nextCaption });
              setEditing(false);
            }}
          />
        ) : null}
      </div>
    </NodeViewWrapper>
  );
}
