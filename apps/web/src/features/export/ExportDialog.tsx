import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Modal, Progress, Result, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, FileWordOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ExportJobProgress, ExportTemplateItem } from '@bid/shared';
import { templateDefinitionSchema, type TemplateDefinition } from '@bid/document/templates/schema';
import { saveBlob } from '../../api/download.ts';
import { isApiError } from '../../api/errors.ts';
import { bidApi, bidKeys } from '../bid/api.ts';
import { useBidChecks } from '../checks/api.ts';
import { Findings } from '../checks/Findings.tsx';
import { exportApi, exportKeys } from './api.ts';
import { preselectTemplate } from './preselect.ts';
import { TemplatePreview, templateFacts } from './TemplatePreview.tsx';
import { VolumesExport } from './VolumesExport.tsx';
import './export.css';

type Phase =
  | { kind: 'choose' }
  | { kind: 'running'; jobId: string; progress: ExportJobProgress | null }
  | { kind: 'ready'; blob: Blob; fileName: string }
  | { kind: 'failed'; message: string };

const POLL_MS = 700;
/** Polls that may fail in a row (a network blip) before the export is reported as lost. */
const MAX_POLL_FAILURES = 5;

export interface ExportDialogProps {
  bidId: string;
  open: boolean;
  onClose: () => void;
  /** The template chosen when the bid was created, preselected. */
  defaultTemplateId?: string | null;
  /** Shown in the template previews' running header. */
  bidName?: string;
  /** A line on top (e.g. after finishing: the bid is ready to export). */
  intro?: string;
}

/**
 * Export to Word: pick a template (each drawn as a small page), watch the export's progress, look at
 * the whole document in the browser (docx-preview renders the produced file), then save it.
 */
export function ExportDialog({ bidId, open, onClose, defaultTemplateId, bidName, intro }: ExportDialogProps) {
  const templates = useQuery({
    queryKey: exportKeys.templates,
    queryFn: exportApi.templates,
    enabled: open,
    staleTime: 10 * 60_000,
  });
  const bid = useQuery({
    queryKey: bidKeys.detail(bidId),
    queryFn: () => bidApi.detail(bidId, { silent: true }),
    enabled: open,
  });
  const checks = useBidChecks(bidId, open);
  const [selected, setSelected] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const runRef = useRef(0);

  const list = useMemo(() => templates.data ?? [], [templates.data]);
  // The template the tender calls for: 暗标 first (a header or the bid's name would void it), then the
  // fonts its format rules name, then the bid's own.
  const preselected = useMemo(() => {
    const a = bid.data?.analysis;
    return preselectTemplate(list, {
      darkBid: a?.darkBid === true,
      formatRules: a?.formatRules ?? [],
      bidTemplateId: defaultTemplateId ?? bid.data?.templateId,
    });
  }, [list, bid.data, defaultTemplateId]);
  useEffect(() => {
    if (!preselected || bid.isLoading || (selected && list.some((t) => t.id === selected))) return;
    setSelected(preselected.id);
  }, [list, selected, preselected, bid.isLoading]);

  // Closing the dialog abandons a running poll (the export itself finishes on the server).
  useEffect(() => {
    if (!open) {
      runRef.current++;
      setPhase({ kind: 'choose' });
      setSelected(null);
      setAcknowledged(false);
    }
  }, [open]);

  const start = useCallback(async () => {
    if (!selected) return;
    const run = ++runRef.current;
    setPhase({ kind: 'running', jobId: '', progress: null });
    try {
      const { jobId } = await exportApi.start(bidId, selected);
      let failures = 0;
      for (;;) {
        if (runRef.current !== run) return;
        let p: ExportJobProgress | null = null;
        try {
          p = await exportApi.progress(jobId);
          failures = 0;
        } catch (err) {
          // A missing job will not come back; anything else may be a blip.
          if ((isApiError(err) && err.code === 404) || ++failures >= MAX_POLL_FAILURES) throw err;
        }
        if (runRef.current !== run) return;
        if (p) {
          setPhase({ kind: 'running', jobId, progress: p });
          if (p.status === 'error') {
            setPhase({ kind: 'failed', message: p.message ?? '导出失败，请稍后重试' });
            return;
          }
          if (p.status === 'done') {
            const file = await exportApi.file(jobId, p.fileName);
            if (runRef.current === run) setPhase({ kind: 'ready', blob: file.blob, fileName: file.fileName });
            return;
          }
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (err) {
      if (runRef.current !== run) return;
      setPhase({ kind: 'failed', message: isApiError(err) ? err.message : '导出失败，请稍后重试' });
    }
  }, [bidId, selected]);

  const chosen = list.find((t) => t.id === selected) ?? null;
  const gated = Boolean(checks.data?.blocking) && !acknowledged;
  const footer =
    phase.kind === 'choose' ? (
      <Space>
        <Button onClick={onClose}>取消</Button>
        <Button
          type="primary"
          icon={<FileWordOutlined />}
          disabled={!chosen || gated}
          onClick={() => void start()}
        >
          开始导出
        </Button>
      </Space>
    ) : phase.kind === 'ready' ? (
      <Space>
        <Button onClick={() => setPhase({ kind: 'choose' })}>换个模板</Button>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          onClick={() => saveBlob(phase.blob, phase.fileName)}
        >
          下载 Word
        </Button>
      </Space>
    ) : phase.kind === 'failed' ? (
      <Space>
        <Button onClick={onClose}>关闭</Button>
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => void start()}>
          重新导出
        </Button>
      </Space>
    ) : (
      <Button onClick={onClose}>后台继续，稍后再来</Button>
    );

  return (
    <Modal
      open={open}
      title="导出 Word"
      width={phase.kind === 'ready' ? 980 : 860}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {phase.kind === 'choose' && intro ? (
        <Alert className="bs-export-intro" type="success" showIcon title={intro} />
      ) : null}
      {phase.kind === 'choose' && checks.data ? (
        <Findings
          checks={checks.data}
          acknowledged={acknowledged}
          onAcknowledge={setAcknowledged}
          action="导出"
        />
      ) : null}
      {phase.kind === 'choose' && preselected?.reason ? (
        <Alert className="bs-export-intro" type="info" showIcon title={preselected.reason} />
      ) : null}
      {phase.kind === 'choose' && bid.data?.analysis?.volumes?.length ? (
        <VolumesExport
          bidId={bidId}
          volumes={bid.data.analysis.volumes}
          templateId={selected}
          disabled={gated}
        />
      ) : null}
      {phase.kind === 'choose' && (
        <TemplateChooser
          loading={templates.isLoading}
          failed={templates.isError}
          templates={list}
          selected={selected}
          onSelect={setSelected}
          bidName={bidName}
        />
      )}
      {phase.kind === 'running' && <ExportProgress progress={phase.progress} />}
      {phase.kind === 'failed' && <Result status="error" title="导出失败" subTitle={phase.message} />}
      {phase.kind === 'ready' && <DocumentPreview blob={phase.blob} fileName={phase.fileName} />}
    </Modal>
  );
}

function TemplateChooser({
  loading,
  failed,
  templates,
  selected,
  onSelect,
  bidName,
}: {
  loading: boolean;
  failed: boolean;
  templates: ExportTemplateItem[];
  selected: string | null;
  onSelect: (id: string) => void;
  bidName?: string;
}) {
  if (loading)
    return (
      <Spin description="正在读取模板…">
        <div style={{ height: 160 }} />
      </Spin>
    );
  if (failed) return <Alert type="error" showIcon title="模板列表读取失败，请关闭后重试" />;
  if (!templates.length) return <Empty description="暂无可用模板" />;
  return (
    <div className="bs-export-templates" role="radiogroup" aria-label="Word 模板">
      {templates.map((t) => {
        // The server sends each template's full definition; one that does not read is not offered.
        const parsed = templateDefinitionSchema.safeParse(t.definition);
        if (!parsed.success) return null;
        const def: TemplateDefinition = parsed.data;
        const active = t.id === selected;
        return (
          <button
            key={t.id}
            type="button"
            role="radio"
            aria-checked={active}
            className={`bs-export-template${active ? ' is-active' : ''}`}
            onClick={() => onSelect(t.id)}
          >
            <TemplatePreview definition={def} title={bidName} />
            <span className="bs-export-template-text">
              <Typography.Text strong>{t.name}</Typography.Text>
              <ul>
                {templateFacts(def).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </span>
          </button>
        );
      })}
    </div>
  );
}

function ExportProgress({ progress }: { progress: ExportJobProgress | null }) {
  const percent = progress?.progress ?? 0;
  return (
    <div className="bs-export-progress" aria-live="polite">
      <Progress percent={percent} status="active" />
      <Typography.Text type="secondary">
        {progress ? `${progress.stage}…` : '正在提交导出任务…'}
      </Typography.Text>
      <Typography.Paragraph type="secondary" className="bs-export-hint">
        大型标书需要一两分钟。关闭窗口不会中断导出，稍后重新打开即可。
      </Typography.Paragraph>
    </div>
  );
}

/** The produced .docx drawn in the page by docx-preview (loaded on demand: it is large). */
function DocumentPreview({ blob, fileName }: { blob: Blob; fileName: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  useEffect(() => {
    let alive = true;
    const el = host.current;
    if (!el) return;
    (async () => {
      try {
        const { renderAsync } = await import('docx-preview');
        if (!alive) return;
        el.innerHTML = '';
        await renderAsync(blob, el, undefined, {
          className: 'bs-docx',
          inWrapper: true,
          breakPages: true,
          ignoreLastRenderedPageBreak: true,
          experimental: true,
        });
        if (alive) setState('shown');
      } catch {
        if (alive) setState('failed');
      }
    })();
    return () => {
      alive = false;
    };
  }, [blob]);
  return (
    <div className="bs-export-ready">
      <Alert
        type="success"
        showIcon
        icon={<EyeOutlined />}
        title={`${fileName} 已生成（${(blob.size / 1024).toFixed(0)} KB）`}
        description="下面是文档预览；目录页码在 Word 中打开时会自动更新为准确值。"
      />
      {state === 'loading' && (
        <Spin description="正在生成预览…">
          <div style={{ height: 120 }} />
        </Spin>
      )}
      {state === 'failed' && (
        <Alert type="warning" showIcon title="预览失败，但文件已生成，可直接下载后用 Word 打开" />
      )}
      <div ref={host} className="bs-export-docx" data-testid="docx-preview" />
    </div>
  );
}
