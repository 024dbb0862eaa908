import { useEffect, useMemo, useState } from 'react';
import { Alert, Input, Modal } from 'antd';
import {
  DIAGRAM_KIND_LABELS,
  safeParseDiagram,
  type DiagramKind,
  type FlowchartModel,
  type GanttModel,
  type MindmapModel,
} from '@bid/document/diagrams/index';
import { DiagramView } from '../DiagramView.tsx';
import { FlowchartForm } from './FlowchartForm.tsx';
import { MindmapForm } from './MindmapForm.tsx';
import { GanttForm } from './GanttForm.tsx';

export interface DiagramEditorModalProps {
  open: boolean;
  kind: DiagramKind;
  model: unknown;
  caption: string;
  onOk(model: unknown, caption: string): void;
  onCancel(): void;
}

/** Edits a diagram with a live preview; OK stays disabled while the model is invalid. */
export function DiagramEditorModal({ open, kind, model, caption, onOk, onCancel }: DiagramEditorModalProps) {
  const [draft, setDraft] = useState<unknown>(model);
  const [draftCaption, setDraftCaption] = useState(caption);
  useEffect(() => {
    if (open) {
      setDraft(model);
      setDraftCaption(caption);
    }
  }, [open, model, caption]);
  const check = useMemo(() => safeParseDiagram({ kind, model: draft }), [kind, draft]);

  return (
    <Modal
      open={open}
      title={`编辑${DIAGRAM_KIND_LABELS[kind]}`}
      width={1180}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !check.ok }}
      onOk={() => check.ok && onOk(check.diagram.model, draftCaption.trim())}
      onCancel={onCancel}
      destroyOnHidden
      className="bs-el-modal"
    >
      <div className="bs-el-editor">
        <div className="bs-el-editor__form">
          <div className="bs-el-form__row">
            <span className="bs-el-form__label">图题</span>
            <Input
              aria-label="图题"
              value={draftCaption}
              maxLength={80}
              placeholder="如：质量控制流程图"
              onChange={(e) => setDraftCaption(e.target.value)}
            />
          </div>
          {kind === 'flowchart' ? (
            <FlowchartForm value={draft as FlowchartModel} onChange={setDraft} />
          ) : null}
          {kind === 'mindmap' ? <MindmapForm value={draft as MindmapModel} onChange={setDraft} /> : null}
          {kind === 'gantt' ? <GanttForm value={draft as GanttModel} onChange={setDraft} /> : null}
        </div>
        <div className="bs-el-editor__preview" data-testid="diagram-preview">
          {check.ok ? null : (
            <Alert type="warning" showIcon title={check.message} style={{ marginBottom: 12 }} />
          )}
          <DiagramView kind={kind} model={check.ok ? check.diagram.model : draft} caption={draftCaption} />
        </div>
      </div>
    </Modal>
  );
}
