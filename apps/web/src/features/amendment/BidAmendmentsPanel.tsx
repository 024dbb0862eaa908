import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Input, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { DiffOutlined, UploadOutlined } from '@ant-design/icons';
import { AMENDMENT_CHANGE_LABELS, AMENDMENT_MSG, type AmendmentChange, type BidAmendment } from '@bid/shared';
import { toastSuccess, toastWarning } from '../../utils/feedback.ts';
import { uploadFile } from '../files/upload.ts';
import { useAddAmendment, useBidAmendments } from './api.ts';

/**
 * 补遗/澄清: the writer uploads (or pastes) each amendment the tender's issuer sends; the changes read
 * from it are listed side by side (原文 / 变更为, with both passages), the chapters answering a
 * changed scoring item are flagged, and the checks use the amended tender.
 */

function Passage({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <Typography.Paragraph type="secondary" className="bs-amend-passage" style={{ margin: 0 }}>
      {label}：{text}
    </Typography.Paragraph>
  );
}

/** Clauses that can reject the bid in red, the 报价 limits in orange, a form's new text in purple. */
const TAG_COLORS: Partial<Record<AmendmentChange['kind'], string>> = {
  star: 'red',
  disqualification: 'red',
  'price-limit': 'orange',
  form: 'purple',
};

function ChangesTable({ amendment }: { amendment: BidAmendment }) {
  if (!amendment.changes.length)
    return <Alert type="info" showIcon title={AMENDMENT_MSG.noChanges} data-testid="amendment-no-changes" />;
  return (
    <Table<AmendmentChange>
      size="small"
      pagination={false}
      rowKey={(c) => `${c.kind}-${c.source.start}-${c.label}-${c.after}`}
      dataSource={amendment.changes}
      columns={[
        {
          title: '变更',
          width: 150,
          render: (_v, c) => (
            <Space orientation="vertical" size={0} data-testid="amendment-change" data-kind={c.kind}>
              <Tag color={TAG_COLORS[c.kind] ?? 'blue'}>{AMENDMENT_CHANGE_LABELS[c.kind]}</Tag>
              <Typography.Text>{c.label}</Typography.Text>
            </Space>
          ),
        },
        {
          title: '原文',
          render: (_v, c) => (
            <>
              <Typography.Text delete={Boolean(c.before)}>{c.before ?? '（招标文件无此条）'}</Typography.Text>
              <Passage label="招标文件" text={c.tenderText} />
            </>
          ),
        },
        {
          title: '变更为',
          render: (_v, c) => (
            <>
              {/* A form's new text keeps its lines. */}
              <Typography.Text
                strong
                data-testid="amendment-after"
                style={c.kind === 'form' ? { whiteSpace: 'pre-wrap' } : undefined}
              >
                {c.after}
              </Typography.Text>
              <Passage label="补遗原文" text={c.sourceText} />
            </>
          ),
        },
      ]}
    />
  );
}

export function BidAmendmentsPanel({ bidId, readOnly }: { bidId: string; readOnly: boolean }) {
  const list = useBidAmendments(bidId);
  const add = useAddAmendment(bidId);
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const busy = uploading || add.isPending;

  const onFile = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadFile(file);
      await add.mutateAsync({ fileId: uploaded.fileId, name: file.name });
      toastSuccess('补遗/澄清已添加，变更已列出');
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setUploading(false);
    }
  };
  const onPaste = async () => {
    if (!text.trim()) {
      toastWarning('请粘贴补遗/澄清的文字');
      return;
    }
    try {
      await add.mutateAsync({ text });
      setText('');
      toastSuccess('补遗/澄清已添加，变更已列出');
    } catch {
      // Shown by the request layer.
    }
  };

  if (list.isLoading) return <Spin />;
  if (list.isError || !list.data)
    return <Alert type="error" showIcon title="补遗/澄清加载失败，请稍后重试" />;
  const { amendments, deadline, flagged } = list.data;
  return (
    <div data-testid="bid-amendments">
      <Typography.Paragraph>
        现行投标截止时间：
        <Typography.Text strong data-testid="amendment-deadline">
          {deadline ?? '招标文件未注明'}
        </Typography.Text>
      </Typography.Paragraph>
      {!readOnly ? (
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Upload
            accept=".pdf,.docx,.doc,.txt"
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void onFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="amendment-upload">
              上传补遗/澄清文件
            </Button>
          </Upload>
          <Input.TextArea
            rows={3}
            value={text}
            maxLength={200_000}
            placeholder="或粘贴补遗/澄清/答疑的文字"
            onChange={(e) => setText(e.target.value)}
            data-testid="amendment-text"
          />
          <Button onClick={() => void onPaste()} disabled={busy} data-testid="amendment-paste-save">
            添加粘贴的补遗
          </Button>
        </Space>
      ) : null}
      {flagged.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="以下章节回应的评分项已被补遗/澄清调整，请核对"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {flagged.map((f) => (
                <li key={`${f.catalogId}-${f.itemId}`} data-testid="amendment-flagged">
                  {f.title}：{f.reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {amendments.length === 0 ? (
        <Empty
          data-testid="amendments-empty"
          description="尚未添加补遗/澄清。招标人发出补遗、澄清或答疑后，在此上传，系统会对照招标文件列出变更"
        />
      ) : (
        [...amendments].reverse().map((a) => (
          <section key={a.id} data-testid="amendment" style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>
              {a.name}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                {a.createdAt.slice(0, 16).replace('T', ' ')} · {a.changes.length} 项变更
              </Typography.Text>
            </Typography.Title>
            <ChangesTable amendment={a} />
          </section>
        ))
      )}
    </div>
  );
}

/** The workspace's 补遗/澄清 button and its drawer (kept here so the workspace stays small). */
export function AmendmentsButton({ bidId, readOnly }: { bidId: string; readOnly: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DiffOutlined />} onClick={() => setOpen(true)} data-testid="open-amendments">
        补遗/澄清
      </Button>
      <Drawer
        title="补遗/澄清：与招标文件对照的变更"
        open={open}
        size="min(960px, 96vw)"
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <BidAmendmentsPanel bidId={bidId} readOnly={readOnly} />
      </Drawer>
    </>
  );
}
