import { useEffect, useRef, useState } from 'react';
import { Button, Card, Form, Progress, Select, Space, Typography, Upload, type FormInstance } from 'antd';
import { CloseOutlined, FileSearchOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import type { InterpretationDetail, ModelTier, UploadedFile, UploadProgress } from '@bid/shared';
import { uploadLimitClause, useClientConfig } from '../../components/useClientConfig.ts';
import { aiApi } from './api.ts';
import { ocrDoneNote, ocrStatus } from '../files/upload.ts';
import { TenderAnalysisView } from './TenderAnalysisView.tsx';
import './ai.css';

const ACCEPT = '.pdf,.docx,.doc,.txt';

/**
 * The tender on the create page: upload a file (PDF/DOCX/DOC/TXT) or analyse the pasted text, and
 * show what was found (project facts, scoring items with points, ★ clauses, 废标 clauses). Sets the
 * form's `fileId` field; the analysis is reused when the bid is created from the same text.
 */
export function TenderInput({
  form,
  initial = null,
}: {
  form: FormInstance;
  initial?: InterpretationDetail | null;
}) {
  const text = Form.useWatch('tenderText', form) as string | undefined;
  const modelType = (Form.useWatch('modelType', form) as ModelTier | undefined) ?? 'standard';
  const { uploadLimitBytes } = useClientConfig();
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [ocr, setOcr] = useState<UploadProgress>(null);
  const [report, setReport] = useState<InterpretationDetail | null>(null);
  const [analysing, setAnalysing] = useState(false);
  const poller = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (poller.current) clearTimeout(poller.current);
    },
    [],
  );

  // A finished interpretation the bid is created from: its file and report, as if just analysed here.
  useEffect(() => {
    if (!initial) return;
    setFile(initial.file);
    setReport(initial);
  }, [initial]);

  // The name the upload put in the form (its file name), replaced by the project's name once read.
  const autoName = useRef<string | null>(null);

  function follow(r: InterpretationDetail) {
    setReport(r);
    const project = r.analysis?.project.name?.trim();
    if (project && (!form.getFieldValue('name') || form.getFieldValue('name') === autoName.current)) {
      autoName.current = project.slice(0, 100);
      form.setFieldValue('name', autoName.current);
    }
    if (r.status !== 'running') return;
    // A long model analysis answers "running" first; the report is fetched until it is ready.
    poller.current = setTimeout(() => {
      void aiApi.interpretation(r.id).then(follow, () => undefined);
    }, 1000);
  }

  async function analyse(input: { fileId?: string; text?: string; name?: string }) {
    setAnalysing(true);
    try {
      follow(await aiApi.startAnalysis({ ...input, modelType }));
    } catch {
      /* shown by the request layer */
    } finally {
      setAnalysing(false);
    }
  }

  async function upload(f: File) {
    setUploading(0);
    try {
      const uploaded = await aiApi.uploadTender(f, setUploading, setOcr);
      setFile(uploaded);
      form.setFieldValue('fileId', uploaded.fileId);
      if (!form.getFieldValue('name')) {
        autoName.current = uploaded.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 100);
        form.setFieldValue('name', autoName.current);
      }
      await analyse({ fileId: uploaded.fileId });
    } catch {
      /* the server's message (too large, encrypted, unreadable) is shown by the request layer */
    } finally {
      setUploading(null);
    }
  }

  function removeFile() {
    setFile(null);
    setReport(null);
    form.setFieldValue('fileId', null);
  }

  return (
    <div className="ai-tender" data-testid="tender-input">
      {file ? (
        <Card size="small" className="ai-tender__file" data-testid="tender-file">
          <Space align="start">
            <FileTextOutlined style={{ fontSize: 22 }} />
            <div>
              <Typography.Text strong>{file.name}</Typography.Text>
              <div>
                <Typography.Text type="secondary">
                  {file.kind.toUpperCase()} · {file.pages ? `${file.pages} 页 · ` : ''}
                  {file.chars.toLocaleString('zh-CN')} 字
                </Typography.Text>
              </div>
              {ocrDoneNote(file) ? (
                <div>
                  <Typography.Text type="secondary" data-testid="tender-file-ocr">
                    {ocrDoneNote(file)}
                  </Typography.Text>
                </div>
              ) : null}
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
                {file.preview}
              </Typography.Paragraph>
            </div>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label="移除文件"
              onClick={removeFile}
            />
          </Space>
        </Card>
      ) : (
        <Upload.Dragger
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={uploading !== null}
          beforeUpload={(f) => {
            void upload(f as File);
            return false;
          }}
          data-testid="tender-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖入招标文件</p>
          <p className="ant-upload-hint">
            支持 PDF、Word（DOCX/DOC）、TXT{uploadLimitClause(uploadLimitBytes)}；也可以在下方直接粘贴文字
          </p>
          {uploading !== null ? (
            <Progress percent={uploading} size="small" style={{ maxWidth: 320, margin: '0 auto' }} />
          ) : null}
          {ocrStatus(ocr) ? (
            <Typography.Text type="secondary" data-testid="tender-upload-ocr">
              {ocrStatus(ocr)}
            </Typography.Text>
          ) : null}
        </Upload.Dragger>
      )}
      <Space style={{ marginTop: 8 }}>
        <Button
          icon={<FileSearchOutlined />}
          loading={analysing}
          disabled={!file && !text?.trim()}
          onClick={() => void analyse(file ? { fileId: file.fileId } : { text: text ?? '' })}
          data-testid="analyse-tender"
        >
          {file ? '重新解析文件' : '解析粘贴的内容'}
        </Button>
        <Typography.Text type="secondary">解析结果会用于生成大纲，每个评分项都会对应到章节</Typography.Text>
      </Space>
      {report ? (
        <div className="ai-tender__report">
          {report.status === 'running' ? (
            <div className="ai-tender__progress" data-testid="tender-analysis-progress">
              <Typography.Text type="secondary">{report.stage ?? '正在解析招标文件'}…</Typography.Text>
              <Progress percent={report.progress} status="active" size="small" />
            </div>
          ) : report.status === 'error' ? (
            <Typography.Text type="danger">{report.error ?? '解析失败，请重试'}</Typography.Text>
          ) : report.analysis ? (
            <>
              {report.analysis.lots.length > 1 ? <LotPicker lots={report.analysis.lots} /> : null}
              <TenderAnalysisView analysis={report.analysis} compact />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A tender with several 采购包/标段: the bid answers one of them, and its analysis (scoring items,
 * ★ clauses, requirements) keeps only that 包's part, so the writer must say which.
 */
function LotPicker({ lots }: { lots: Array<{ no: number; name: string }> }) {
  return (
    <Form.Item
      name="lot"
      label={`本招标文件分 ${lots.length} 个采购包（标段），请选择本标书投标的包`}
      rules={[{ required: true, message: '请选择本标书投标的采购包' }]}
      extra="大纲、评分项和★条款只取所选包的内容"
      data-testid="lot-picker"
    >
      <Select
        placeholder="选择采购包"
        style={{ maxWidth: 420 }}
        options={lots.map((l) => ({
          value: l.no,
          label: l.name ? `第 ${l.no} 包：${l.name}` : `第 ${l.no} 包`,
        }))}
      />
    </Form.Item>
  );
}
