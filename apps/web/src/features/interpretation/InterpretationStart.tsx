import { useState } from 'react';
import { Button, Input, Progress, Space, Tabs, Typography, Upload } from 'antd';
import { FileSearchOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BID_LIMITS, type UploadProgress } from '@bid/shared';
import { uploadLimitClause, useClientConfig } from '../../components/useClientConfig.ts';
import { interpretationApi, interpretationKeys } from './api.ts';
import { ocrStatus, uploadFile } from '../files/upload.ts';

const ACCEPT = '.pdf,.docx,.doc,.txt';

export const reportUrl = (id: string) => `/home/bidingParse/analysisPage?id=${encodeURIComponent(id)}`;

/**
 * Starts an interpretation: upload a tender (PDF/DOCX/DOC/TXT) or paste its text. The analysis runs
 * on the server as a job; the report screen opens at once and shows its progress.
 */
export function InterpretationStart() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { uploadLimitBytes } = useClientConfig();
  const [uploading, setUploading] = useState<number | null>(null);
  const [ocr, setOcr] = useState<UploadProgress>(null);
  const [starting, setStarting] = useState(false);
  const [text, setText] = useState('');
  const [name, setName] = useState('');

  async function start(input: { fileId?: string; text?: string; name?: string }) {
    setStarting(true);
    try {
      const r = await interpretationApi.start(input);
      void qc.invalidateQueries({ queryKey: interpretationKeys.all });
      navigate(reportUrl(r.id));
    } catch {
      /* the server's message is shown by the request layer */
    } finally {
      setStarting(false);
    }
  }

  async function upload(f: File) {
    setUploading(0);
    try {
      // A scan is read page by page by OCR once its bytes are sent; its progress is shown.
      const uploaded = await uploadFile(f, { onPercent: setUploading, onOcr: setOcr });
      setUploading(100);
      await start({ fileId: uploaded.fileId });
    } catch {
      /* too large, encrypted, unreadable: shown by the request layer */
    } finally {
      setOcr(null);
      setUploading(null);
    }
  }

  const busy = uploading !== null || starting;
  return (
    <Tabs
      className="ip-start"
      items={[
        {
          key: 'file',
          label: '上传招标文件',
          children: (
            <div data-testid="interpretation-upload">
              <Upload.Dragger
                accept={ACCEPT}
                multiple={false}
                showUploadList={false}
                disabled={busy}
                beforeUpload={(f) => {
                  void upload(f as File);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">点击或拖入招标文件开始解读</p>
                <p className="ant-upload-hint">
                  支持 PDF、Word（DOCX/DOC）、TXT{uploadLimitClause(uploadLimitBytes)}
                  ；扫描件会自动识别文字（每页需数秒）
                </p>
                {uploading !== null ? (
                  <div style={{ maxWidth: 360, margin: '8px auto 0' }}>
                    <Progress percent={uploading} size="small" />
                    <Typography.Text type="secondary" data-testid="interpretation-upload-status">
                      {ocrStatus(ocr) ?? (uploading < 100 ? '正在上传并读取文件…' : '正在提交解读…')}
                    </Typography.Text>
                  </div>
                ) : null}
              </Upload.Dragger>
            </div>
          ),
        },
        {
          key: 'text',
          label: '粘贴文字',
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Input
                placeholder="解读名称（可不填，默认取第一行）"
                value={name}
                maxLength={200}
                onChange={(e) => setName(e.target.value)}
                aria-label="解读名称"
              />
              <Input.TextArea
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoSize={{ minRows: 8, maxRows: 16 }}
                maxLength={BID_LIMITS.tenderTextMax}
                placeholder="粘贴招标文件全文，或至少包括项目概况、评分办法、★号条款和废标条款"
                aria-label="招标文件内容"
                data-testid="interpretation-text"
              />
              <Button
                type="primary"
                icon={<FileSearchOutlined />}
                loading={starting}
                disabled={!text.trim()}
                onClick={() => void start({ text, name: name.trim() || undefined })}
                data-testid="interpretation-start-text"
              >
                开始解读
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
