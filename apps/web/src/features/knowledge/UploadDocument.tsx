import { useState } from 'react';
import { AutoComplete, Button, Form, Modal, Progress, Select, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { KNOWLEDGE_LIMITS, type KnowledgeLibrary } from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { knowledgeApi } from './api.ts';
import { ocrStatus } from '../files/upload.ts';

interface Props {
  open: boolean;
  library: KnowledgeLibrary;
  folders: string[];
  tags: string[];
  onClose(): void;
  onSaved(): void;
}

const ACCEPT = '.docx,.doc,.pdf,.txt';

/**
 * Upload a DOCX/PDF/TXT into a library: upload with progress (a scan's OCR page by page), then split
 * and index on the server.
 */
export function UploadDocument({ open, library, folders, tags, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [folder, setFolder] = useState('');
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [stage, setStage] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const running = percent !== null;

  const reset = () => {
    setFile(null);
    setFolder('');
    setChosenTags([]);
    setPercent(null);
    setStage('');
    setError(null);
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  const start = async () => {
    if (!file) return;
    setError(null);
    setPercent(0);
    setStage('正在上传…');
    try {
      const uploaded = await knowledgeApi.upload(
        file,
        (p) => {
          setPercent(Math.min(90, Math.round(p * 0.9)));
          if (p >= 100) setStage('正在读取文件…');
        },
        // A scan's pages are read by OCR: which pages, and how many are done.
        (p) => {
          const status = ocrStatus(p);
          if (status) setStage(status);
        },
      );
      setStage('正在切分段落并建立索引…');
      setPercent(92);
      await knowledgeApi.saveDocument({
        fileId: uploaded.fileId,
        library,
        folder: folder.trim() || null,
        tags: chosenTags,
      });
      setPercent(100);
      toastSuccess(`已加入${library === 'public' ? '公共' : '我的'}知识库：${uploaded.name}`);
      reset();
      onSaved();
      onClose();
    } catch (e) {
      setPercent(null);
      setStage('');
      setError(e instanceof Error ? e.message : '上传失败，请重试');
    }
  };

  return (
    <Modal
      open={open}
      title={library === 'public' ? '上传到公共知识库' : '上传到我的知识库'}
      onCancel={close}
      mask={{ closable: !running }}
      footer={
        <Space>
          <Button onClick={close} disabled={running}>
            取消
          </Button>
          <Button
            type="primary"
            loading={running}
            disabled={!file}
            onClick={() => void start()}
            data-testid="kb-upload-start"
          >
            上传并建立索引
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label="文件">
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={running}
            beforeUpload={(f) => {
              setFile(f);
              setError(null);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? file.name : '点击或拖入 Word、PDF 或 TXT 文件'}</p>
            <p className="ant-upload-hint">
              文件按标题切分为段落，写作时按内容检索。扫描件会自动识别文字（每页需数秒）。
            </p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item label="文件夹（可选）">
          <AutoComplete
            value={folder}
            onChange={setFolder}
            options={folders.map((f) => ({ value: f }))}
            placeholder="例如：历史标书"
            maxLength={KNOWLEDGE_LIMITS.maxFolderChars}
            disabled={running}
          />
        </Form.Item>
        <Form.Item label="标签（可选，回车添加）">
          <Select
            mode="tags"
            value={chosenTags}
            onChange={(v: string[]) => setChosenTags(v.slice(0, KNOWLEDGE_LIMITS.maxTags))}
            options={tags.map((t) => ({ value: t }))}
            disabled={running}
            placeholder="例如：市政、道路"
          />
        </Form.Item>
      </Form>
      {running ? (
        <div data-testid="kb-upload-progress">
          <Progress percent={percent ?? 0} status="active" />
          <Typography.Text type="secondary">{stage}</Typography.Text>
        </div>
      ) : null}
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}
