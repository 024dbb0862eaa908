import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Input, InputNumber, Modal, Space, Typography } from 'antd';
import {
  ApartmentOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  EditOutlined,
  LoadingOutlined,
  MinusCircleOutlined,
  ReadOutlined,
  StopOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { JSONContent } from '@tiptap/core';
import { useQueryClient } from '@tanstack/react-query';
import { CUSTOMIZE_ACTION_LABELS, type CatalogNode, type CustomizeAction } from '@bid/shared';
import { markdownToDoc } from '@bid/document';
import type { ChapterHandle } from '../bid/editor/ChapterEditor.tsx';
import { bidApi, bidKeys } from '../bid/api.ts';
import { confirmDialog, toastError, toastSuccess } from '../../utils/feedback.ts';
import { aiApi, StreamFailure } from './api.ts';
import { useWritingJob } from './useWritingJob.ts';
import { type ChapterProgress } from './writingJob.ts';
import { insertable } from './panelContent.ts';
import './ai.css';

import { EngineBadge } from './EngineBadge.tsx';

export { EngineBadge };

export interface AiWritingPanelProps {
  bidId: string;
  catalog: CatalogNode | null;
  chapter: ChapterHandle | null;
  readOnly: boolean;
  tree: CatalogNode[];
  reloadOutline(): Promise<unknown>;
}

function statusIcon(s: ChapterProgress['status']) {
  if (s === 'done' || s === 'skipped') return <CheckCircleFilled style={{ color: '#52c41a' }} />;
  if (s === 'error') return <CloseCircleFilled style={{ color: '#ff4d4f' }} />;
  if (s === 'writing') return <LoadingOutlined />;
  return <MinusCircleOutlined style={{ color: '#bfbfbf' }} />;
}

const ACTIONS: CustomizeAction[] = ['rewrite', 'expand', 'shorten', 'polish', 'continue', 'custom'];

/**
 * The AI panel of the writing workspace: write this chapter (the text streams into the editor as it
 * arrives), edit a selection, write the whole bid with progress per chapter, (re)generate the outline.
 */
export function AiWritingPanel({
  bidId,
  catalog,
  chapter,
  readOnly,
  tree,
  reloadOutline,
}: AiWritingPanelProps) {
  const qc = useQueryClient();
  const [requirement, setRequirement] = useState('');
  const [writing, setWriting] = useState(false);
  const writeAbort = useRef<AbortController | null>(null);
  const [busyAction, setBusyAction] = useState<CustomizeAction | null>(null);
  const [instruction, setInstruction] = useState('');
  const [result, setResult] = useState<{
    action: CustomizeAction;
    markdown: string;
    from: number;
    to: number;
  } | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [outlineBusy, setOutlineBusy] = useState(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** The job's id once the outline and the bid's figures were read again after it ended. */
  const [settledJob, setSettledJob] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([reloadOutline(), qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) })]);
  const refreshSoon = () => {
    if (refreshTimer.current) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      void refresh();
    }, 800);
  };
  const job = useWritingJob(bidId, tree, {
    onChapterDone: (id) => {
      refreshSoon();
      if (chapter && chapter.catalogId === id) void showServerText(chapter);
    },
    // At the end the figures are read at once (not after the chapters' batching delay), and the
    // panel says so: until then the progress on top may still be the last chapter's.
    onEnded: (jobId) => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      refreshTimer.current = null;
      void refresh().finally(() => setSettledJob(jobId));
    },
  });

  /**
   * The job wrote the open chapter. An untouched (or empty) editor takes the server's text directly;
   * only real edits go through reload, whose save of the edits may ask the writer which text to keep.
   */
  async function showServerText(h: ChapterHandle) {
    if (h.hasUnsaved() && h.editor.getText().trim()) {
      await h.reload();
      return;
    }
    try {
      const d = await bidApi.chapter(h.catalogId);
      h.applyServer(d.version, d.content as JSONContent);
    } catch {
      /* shown */
    }
  }

  const isLeaf = Boolean(catalog && catalog.children.length === 0);
  const jobBusy = job.running;
  const canWrite = Boolean(
    catalog && chapter && isLeaf && !readOnly && !writing && !(jobBusy && catalog?.status === 'writing'),
  );

  async function writeChapter() {
    if (!catalog || !chapter) return;
    if (catalog.hasContent) {
      const ok = await confirmDialog({
        title: 'AI 写本章',
        content: '本章已有内容：重新写作后，当前内容会保存为历史版本，可随时恢复。继续吗？',
        okText: '重新写作',
      });
      if (!ok) return;
    }
    await chapter.flush();
    const editor = chapter.editor;
    const ctrl = new AbortController();
    writeAbort.current = ctrl;
    setWriting(true);
    editor.setEditable(false, false);
    let md = '';
    let frame: ReturnType<typeof setTimeout> | null = null;
    const render = () => {
      frame = null;
      try {
        editor.commands.setContent(markdownToDoc(md) as JSONContent, { emitUpdate: false });
      } catch {
        /* a half-written table may not parse yet: the next piece will */
      }
    };
    try {
      const detail = await aiApi.writeChapter(
        catalog.id,
        requirement,
        (text) => {
          md += text;
          if (!frame) frame = setTimeout(render, 80);
        },
        ctrl.signal,
      );
      if (frame) clearTimeout(frame);
      chapter.applyServer(detail.version, detail.content as JSONContent);
      toastSuccess('本章已写好，原内容已保存为历史版本');
      await reloadOutline();
      void qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) });
    } catch (e) {
      if (frame) clearTimeout(frame);
      if (e instanceof StreamFailure) toastError(e.message);
      await chapter.reload();
      await reloadOutline();
    } finally {
      writeAbort.current = null;
      setWriting(false);
      if (!readOnly) editor.setEditable(true, false);
    }
  }

  async function runAction(action: CustomizeAction) {
    if (!catalog || !chapter) return;
    const editor = chapter.editor;
    const { from, to } = editor.state.selection;
    let selection = editor.state.doc.textBetween(from, to, '\n');
    if (action === 'continue' && !selection.trim())
      selection = editor.state.doc.textBetween(Math.max(0, from - 600), from, '\n');
    if (action !== 'continue' && !selection.trim()) {
      toastError('请先在正文中选中要处理的文字');
      return;
    }
    if (action === 'custom' && !instruction.trim()) {
      toastError('请填写自定义指令');
      return;
    }
    setBusyAction(action);
    try {
      await chapter.flush();
      const r = await aiApi.customize({
        catalogId: catalog.id,
        action,
        selection,
        ...(action === 'custom' ? { instruction } : {}),
      });
      setResult({ action, markdown: r.markdown, from, to });
    } catch {
      /* shown by the request layer */
    } finally {
      setBusyAction(null);
    }
  }

  function applyResult(mode: 'replace' | 'after') {
    if (!result || !chapter) return;
    const editor = chapter.editor;
    const content = insertable(result.markdown);
    const at =
      result.action === 'continue' || mode === 'after'
        ? { from: result.to, to: result.to }
        : { from: result.from, to: result.to };
    editor.chain().focus().insertContentAt(at, content).run();
    setResult(null);
  }

  async function generateOutline() {
    const ok = await confirmDialog({
      title: 'AI 生成大纲',
      content:
        '按招标文件的章节要求和评分标准生成大纲，并覆盖每个评分项。当前大纲会自动保存为目录版本，可随时恢复。',
      okText: '生成大纲',
    });
    if (!ok) return;
    setOutlineBusy(true);
    try {
      await chapter?.flush();
      await aiApi.generateOutline(bidId, pageCount);
      toastSuccess('大纲已生成');
      await reloadOutline();
      void qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) });
    } catch {
      /* shown */
    } finally {
      setOutlineBusy(false);
    }
  }

  async function generateChildren() {
    if (!catalog) return;
    setOutlineBusy(true);
    try {
      await aiApi.generateChildren(catalog.id);
      toastSuccess('下级目录已生成');
      await reloadOutline();
    } catch {
      /* shown */
    } finally {
      setOutlineBusy(false);
    }
  }

  const chapters = job.view.order.map((id) => job.view.chapters[id]);
  return (
    <div className="ai-panel" data-testid="ai-panel">
      <section className="ai-panel__section">
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text strong>
            <EditOutlined /> 写本章
          </Typography.Text>
          {catalog ? <EngineBadge engine={catalog.engine} /> : null}
        </Space>
        {catalog && !isLeaf ? (
          <Typography.Paragraph type="secondary">
            本章有下级章节：请在下级章节中写作，或使用全文写作。
          </Typography.Paragraph>
        ) : null}
        <Input.TextArea
          value={requirement}
          onChange={(e) => setRequirement(e.target.value)}
          placeholder="补充要求（可选），例如：突出本地化服务团队"
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={2000}
          disabled={!canWrite}
          style={{ margin: '8px 0' }}
        />
        <Space>
          <Button
            type="primary"
            icon={<ThunderboltOutlined />}
            loading={writing}
            disabled={!canWrite}
            onClick={() => void writeChapter()}
            data-testid="ai-write-chapter"
          >
            {writing ? '正在写作…' : catalog?.hasContent ? '重新写本章' : '写本章'}
          </Button>
          {writing ? (
            <Button icon={<StopOutlined />} onClick={() => writeAbort.current?.abort()}>
              停止
            </Button>
          ) : null}
        </Space>
      </section>

      <section className="ai-panel__section">
        <Typography.Text strong>选中文字</Typography.Text>
        <div className="ai-panel__actions" style={{ marginTop: 8 }}>
          {ACTIONS.filter((a) => a !== 'custom').map((a) => (
            <Button
              key={a}
              size="small"
              loading={busyAction === a}
              disabled={!catalog || !chapter || readOnly || writing || Boolean(busyAction)}
              onClick={() => void runAction(a)}
              data-testid={`ai-action-${a}`}
            >
              {CUSTOMIZE_ACTION_LABELS[a]}
            </Button>
          ))}
        </div>
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input
            size="small"
            value={instruction}
            onChange={(e) => setInstruction(e.target.value)}
            placeholder="自定义指令，例如：改写成承诺语气"
            maxLength={2000}
          />
          <Button
            size="small"
            loading={busyAction === 'custom'}
            disabled={!catalog || !chapter || readOnly || writing || Boolean(busyAction)}
            onClick={() => void runAction('custom')}
          >
            执行
          </Button>
        </Space.Compact>
      </section>

      <section className="ai-panel__section" data-testid="fulltext">
        <Typography.Text strong>
          <ReadOutlined /> 全文写作
        </Typography.Text>
        {job.view.jobId ? (
          <div
            style={{ marginTop: 8 }}
            data-testid="fulltext-progress"
            data-done={job.view.done}
            data-total={job.view.total}
            data-status={job.view.status ?? ''}
            data-settled={job.view.jobId === settledJob}
          >
            {/* The screen's one progress figure is 写作进度 on top (chapters written to their share);
                here only which chapter the run is at, as a count, not a second percentage. */}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {job.running
                ? `正在起草：已处理 ${job.view.done} / ${job.view.total} 章`
                : (job.view.msg ?? `已起草 ${job.view.done} / ${job.view.total} 章`)}
              {job.view.failed ? `，${job.view.failed} 章失败（可在章节中单独重试）` : ''}
            </Typography.Text>
            <ul className="ai-panel__chapters">
              {chapters.map((c) => {
                return (
                  <li key={c.catalogId} data-testid="fulltext-chapter" data-status={c.status}>
                    {statusIcon(c.status)}
                    <span className="ai-chapter-title" title={c.msg ?? c.title}>
                      {c.title || '（章节）'}
                    </span>

                    {c.status === 'done' ? <EngineBadge engine={c.engine} /> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
        <Space wrap style={{ marginTop: 8 }}>
          {job.running ? (
            <Button
              danger
              icon={<StopOutlined />}
              onClick={() => void job.cancel()}
              data-testid="fulltext-cancel"
            >
              停止全文写作
            </Button>
          ) : (
            <>
              <Button
                type="primary"
                ghost
                icon={<ReadOutlined />}
                loading={job.starting}
                disabled={readOnly || writing}
                onClick={() => void job.start(overwrite)}
                data-testid="fulltext-start"
              >
                全文写作
              </Button>
              <Checkbox
                checked={overwrite}
                onChange={(e) => setOverwrite(e.target.checked)}
                disabled={readOnly}
              >
                覆盖已有内容
              </Checkbox>
            </>
          )}
        </Space>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0 0' }}>
          后台逐章写作，关闭页面也不会中断；已有内容的章节默认跳过。
        </Typography.Paragraph>
      </section>

      <section className="ai-panel__section">
        <Typography.Text strong>
          <ApartmentOutlined /> 大纲
        </Typography.Text>
        <Space wrap style={{ marginTop: 8 }}>
          <Space.Compact size="small" style={{ width: 120 }}>
            <InputNumber
              size="small"
              min={1}
              max={2000}
              precision={0}
              value={pageCount}
              onChange={(v) => setPageCount(v)}
              placeholder="页数"
              style={{ width: '100%' }}
              disabled={readOnly}
            />
            <Space.Addon>页</Space.Addon>
          </Space.Compact>
          <Button
            size="small"
            loading={outlineBusy}
            disabled={readOnly || jobBusy}
            onClick={() => void generateOutline()}
            data-testid="ai-generate-outline"
          >
            {tree.length ? '重新生成大纲' : '生成大纲'}
          </Button>
          <Button
            size="small"
            disabled={readOnly || jobBusy || !catalog || outlineBusy}
            onClick={() => void generateChildren()}
          >
            生成下级目录
          </Button>
        </Space>
        {!tree.length ? (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 8 }}
            title="还没有大纲：AI 会按招标文件的章节要求和评分标准生成，每个评分项都有对应章节。"
          />
        ) : null}
      </section>

      <Modal
        open={Boolean(result)}
        title={result ? `${CUSTOMIZE_ACTION_LABELS[result.action]}结果` : ''}
        onCancel={() => setResult(null)}
        footer={[
          <Button key="cancel" onClick={() => setResult(null)}>
            取消
          </Button>,
          result?.action === 'continue' ? null : (
            <Button key="after" onClick={() => applyResult('after')}>
              插入到选中内容后
            </Button>
          ),
          <Button
            key="replace"
            type="primary"
            onClick={() => applyResult('replace')}
            data-testid="ai-apply-result"
          >
            {result?.action === 'continue' ? '插入' : '替换选中内容'}
          </Button>,
        ]}
      >
        <div className="ai-result" data-testid="ai-result">
          {result?.markdown}
        </div>
      </Modal>
    </div>
  );
}
