import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Empty, Input, Progress, Select, Space, Table, Typography, Upload } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  DiffOutlined,
  FileImageOutlined,
  FileTextOutlined,
  InboxOutlined,
  InfoCircleOutlined,
  SafetyOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { DIFF_LIMITS, type DiffListItem, type UploadedFile, type UploadProgress } from '@bid/shared';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { bidApi } from '../../../features/bid/api.ts';
import { diffApi, diffKeys } from '../../../features/diff/api.ts';
import { ocrStatus } from '../../../features/files/upload.ts';
import { DiffStatusTag, ScoreTag } from '../../../features/diff/DiffTags.tsx';
import { confirmDialog, toastSuccess } from '../../../utils/feedback.ts';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import '../../../features/diff/diff.css';

const CHECKS = [
  {
    icon: <CopyOutlined />,
    title: '相同或相近段落',
    text: '统一全角半角、标点和空格后逐段比对，改动个别字词或调整段落顺序的雷同也能找出。',
  },
  {
    icon: <FileImageOutlined />,
    title: '相同图片',
    text: '按图片内容比对，缩放、重新压缩或轻微裁剪过的图片也能识别。',
  },
  {
    icon: <InfoCircleOutlined />,
    title: '文档属性',
    text: '作者、公司、最后修改者、创建工具、模板、修订标识、创建时间是否一致。',
  },
];
const ACCEPT = '.docx,.pdf';
const PAGE_SIZE = 10;

/**
 * Uploads one DOCX/PDF with a progress bar; the server parses it with the tender parser and reads a
 * scan's pages by OCR, whose progress is shown under the bar.
 */
function FileDrop({
  label,
  hint,
  disabled,
  compact,
  onUploaded,
  testId,
}: {
  label: string;
  hint: string;
  disabled?: boolean;
  /** A button instead of a drop area (an optional input). */
  compact?: boolean;
  onUploaded(f: UploadedFile): void;
  testId: string;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const [ocr, setOcr] = useState<UploadProgress>(null);
  const upload = async (file: File) => {
    setPercent(0);
    try {
      onUploaded(await diffApi.upload(file, setPercent, setOcr));
    } catch {
      /* the server's message (type, size, unreadable) is shown by the request layer */
    } finally {
      setPercent(null);
    }
  };
  const status = ocrStatus(ocr);
  const ocrLine = status ? (
    <Typography.Text type="secondary" data-testid={`${testId}-ocr`}>
      {status}
    </Typography.Text>
  ) : null;
  if (compact) {
    return (
      <div data-testid={testId} className="diff-compact-upload">
        <Upload
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={disabled || percent !== null}
          beforeUpload={(f) => {
            void upload(f as File);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {label}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{hint}</Typography.Text>
        {percent !== null ? <Progress percent={percent} size="small" /> : null}
        {ocrLine}
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={disabled || percent !== null}
        beforeUpload={(f) => {
          void upload(f as File);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{label}</p>
        <p className="ant-upload-hint">{hint}</p>
        {percent !== null ? (
          <Progress percent={percent} size="small" style={{ maxWidth: 280, margin: '0 auto' }} />
        ) : null}
        {ocrLine}
      </Upload.Dragger>
    </div>
  );
}

function StartPanel() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [bidIds, setBidIds] = useState<string[]>([]);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [tender, setTender] = useState<UploadedFile | null>(null);
  const [name, setName] = useState('');
  const { busy, run } = useBusyAction<'start'>();
  const bids = useQuery({
    queryKey: ['diff', 'bids'],
    queryFn: () => bidApi.list({ current: 1, size: 100 }),
  });
  const count = bidIds.length + files.length;
  const full = count >= DIFF_LIMITS.maxDocuments;

  const start = () =>
    run('start', async () => {
      const { id } = await diffApi.create({
        name: name.trim() || undefined,
        bidIds,
        fileIds: files.map((f) => f.fileId),
        tenderFileId: tender?.fileId,
      });
      await queryClient.invalidateQueries({ queryKey: ['diff', 'list'] });
      navigate(`/home/bidingDiff/detail?id=${encodeURIComponent(id)}`);
    });

  return (
    <Panel
      title="发起查重"
      extra={
        <Typography.Text type="secondary">
          已选择 {count} 份（{DIFF_LIMITS.minDocuments}–{DIFF_LIMITS.maxDocuments} 份）
        </Typography.Text>
      }
    >
      <div className="diff-start">
        <div className="diff-start__col">
          <Typography.Text strong>我的标书</Typography.Text>
          <Select
            mode="multiple"
            aria-label="选择我的标书"
            placeholder={bids.data?.records.length === 0 ? '还没有标书' : '选择要比对的标书'}
            loading={bids.isLoading}
            value={bidIds}
            onChange={(v) => setBidIds(v.slice(0, DIFF_LIMITS.maxDocuments - files.length))}
            options={(bids.data?.records ?? []).map((b) => ({ value: b.id, label: b.name }))}
            optionFilterProp="label"
            style={{ width: '100%' }}
            data-testid="diff-bids"
          />
          <Typography.Text strong>上传投标文件</Typography.Text>
          <FileDrop
            label="点击或拖入 Word（DOCX）或 PDF 文件"
            hint="可上传多份，每次一份；DOCX 还会比对其中的图片和文档属性"
            disabled={full}
            onUploaded={(f) => setFiles((list) => [...list, f])}
            testId="diff-upload"
          />
          {files.length ? (
            <ul className="diff-files">
              {files.map((f) => (
                <li key={f.fileId} data-testid="diff-file">
                  <FileTextOutlined /> <span>{f.name}</span>
                  <Typography.Text type="secondary">{f.chars.toLocaleString('zh-CN')} 字</Typography.Text>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setFiles((list) => list.filter((x) => x.fileId !== f.fileId))}
                  >
                    移除
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="diff-start__col">
          <Typography.Text strong>招标文件（可选）</Typography.Text>
          {tender ? (
            <div className="diff-files">
              <FileTextOutlined /> <span data-testid="diff-tender">{tender.name}</span>
              <Button type="link" size="small" onClick={() => setTender(null)}>
                移除
              </Button>
            </div>
          ) : (
            <FileDrop
              compact
              label="上传招标文件"
              hint="与招标文件相同的引用文字不计为雷同；所选标书自带的招标文件会自动排除"
              onUploaded={setTender}
              testId="diff-tender-upload"
            />
          )}
          <Typography.Text strong>查重名称（可选）</Typography.Text>
          <Input
            value={name}
            maxLength={DIFF_LIMITS.nameMax}
            onChange={(e) => setName(e.target.value)}
            placeholder="默认使用文件名"
            aria-label="查重名称"
          />
          <Button
            type="primary"
            size="large"
            icon={<DiffOutlined />}
            disabled={count < DIFF_LIMITS.minDocuments || count > DIFF_LIMITS.maxDocuments}
            loading={busy === 'start'}
            onClick={() => void start()}
            data-testid="diff-start"
          >
            开始查重
          </Button>
        </div>
      </div>
    </Panel>
  );
}

function HistoryPanel() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: diffKeys.list(current),
    queryFn: () => diffApi.list(current, PAGE_SIZE),
    placeholderData: keepPreviousData,
    // Running comparisons move on by themselves.
    refetchInterval: (q) =>
      q.state.data?.records.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false,
  });
  const remove = async (row: DiffListItem) => {
    if (
      !(await confirmDialog({
        title: '删除查重记录',
        content: `确定删除“${row.name}”吗？删除后无法恢复。`,
        danger: true,
        okText: '删除',
      }))
    )
      return;
    await diffApi.remove(row.id);
    toastSuccess('已删除');
    await queryClient.invalidateQueries({ queryKey: ['diff', 'list'] });
  };
  const open = (id: string) => navigate(`/home/bidingDiff/detail?id=${encodeURIComponent(id)}`);
  return (
    <Panel title="查重记录">
      {list.data && list.data.total === 0 ? (
        <Empty
          className="bs-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有查重记录。选择两份以上文件，点击“开始查重”。"
        />
      ) : (
        <Table<DiffListItem>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setCurrent,
            hideOnSinglePage: true,
          }}
          data-testid="diff-history"
          columns={[
            {
              title: '名称',
              dataIndex: 'name',
              render: (v: string, r) => <a onClick={() => open(r.id)}>{v}</a>,
            },
            {
              title: '文件',
              dataIndex: 'documents',
              render: (d: DiffListItem['documents']) => (
                <Typography.Text type="secondary">
                  {d.length} 份：{d.map((x) => x.name).join('、')}
                </Typography.Text>
              ),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 150,
              render: (_v, r) => <DiffStatusTag status={r.status} progress={r.progress} />,
            },
            {
              title: '最高雷同度',
              dataIndex: 'score',
              width: 110,
              render: (v: number, r) => (r.status === 'done' ? <ScoreTag score={v} /> : '—'),
            },
            {
              title: '时间',
              dataIndex: 'createTime',
              width: 170,
              render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }),
            },
            {
              title: '操作',
              width: 140,
              render: (_v, r) => (
                <Space>
                  <Button size="small" onClick={() => open(r.id)}>
                    查看
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除 ${r.name}`}
                    onClick={() => void remove(r)}
                  />
                </Space>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
}

/** `/home/bidingDiff`: compare two to five bid files before submission (a self-check), and the history. */
export default function BidingDiffPage() {
  return (
    <PageFrame
      title="标书查重"
      description="对比两到五份投标文件，投标前自查雷同风险。可选择自己的标书，也可上传 Word 或 PDF 文件。"
    >
      <div className="bs-grid-3">
        {CHECKS.map((c) => (
          <div className="bs-feature-note" key={c.title}>
            {c.icon}
            <div>
              <strong>{c.title}</strong>
              <div>{c.text}</div>
            </div>
          </div>
        ))}
      </div>
      <StartPanel />
      <HistoryPanel />
      <div className="bs-feature-note">
        <SafetyOutlined />
        <div>查重仅用于投标前的自我检查，帮助发现无意中的雷同；请勿用于规避招标方的雷同审查。</div>
      </div>
    </PageFrame>
  );
}
