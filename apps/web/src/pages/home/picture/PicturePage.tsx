import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Empty,
  Form,
  Image,
  Input,
  Modal,
  Pagination,
  Progress,
  Select,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  InboxOutlined,
} from '@ant-design/icons';
import { PICTURE_LIMITS, PICTURE_MSG, type PictureItem } from '@bid/shared';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { pictureApi } from '../../../features/elements/api.ts';
import { confirmDialog, toast } from '../../../utils/feedback.ts';
import '../../../features/elements/elements.css';

const PAGE_SIZE = 24;
const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.svg,image/png,image/jpeg,image/gif,image/webp,image/svg+xml';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface Pending {
  file: File;
  status: 'waiting' | 'uploading' | 'done' | 'error';
  percent: number;
  message?: string;
}

/** Uploads chosen files one by one with shared tags; the server checks each (type by content, size, SVG safety). */
function UploadDialog({ open, onClose, onUploaded }: { open: boolean; onClose(): void; onUploaded(): void }) {
  const [files, setFiles] = useState<Pending[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [running, setRunning] = useState(false);

  const start = async () => {
    setRunning(true);
    for (let i = 0; i < files.length; i++) {
      if (files[i].status === 'done') continue;
      const patch = (p: Partial<Pending>) =>
        setFiles((list) => list.map((x, j) => (j === i ? { ...x, ...p } : x)));
      if (files[i].file.size > PICTURE_LIMITS.maxBytes) {
        patch({ status: 'error', message: PICTURE_MSG.tooLarge });
        continue;
      }
      patch({ status: 'uploading', percent: 0 });
      try {
        await pictureApi.upload(
          files[i].file,
          { tags: tags.join(',') },
          { silent: true, onProgress: (percent) => patch({ percent }) },
        );
        patch({ status: 'done', percent: 100 });
        onUploaded();
      } catch (e) {
        patch({ status: 'error', message: e instanceof Error ? e.message : '上传失败' });
      }
    }
    setRunning(false);
  };

  const close = () => {
    if (running) return;
    setFiles([]);
    setTags([]);
    onClose();
  };
  const allDone = files.length > 0 && files.every((f) => f.status === 'done');

  return (
    <Modal
      open={open}
      title="上传图片"
      onCancel={close}
      mask={{ closable: !running }}
      footer={
        <Space>
          <Button onClick={close} disabled={running}>
            {allDone ? '完成' : '取消'}
          </Button>
          {!allDone ? (
            <Button
              type="primary"
              loading={running}
              disabled={!files.some((f) => f.status !== 'done')}
              onClick={start}
            >
              开始上传
            </Button>
          ) : null}
        </Space>
      }
    >
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        disabled={running}
        beforeUpload={(file) => {
          setFiles((list) => [...list, { file, status: 'waiting', percent: 0 }]);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽图片到此处</p>
        <p className="ant-upload-hint">
          PNG、JPEG、GIF、WebP 或 SVG，每张不超过 {PICTURE_LIMITS.maxBytes / 1024 / 1024} MB；含脚本的 SVG
          会被拒绝
        </p>
      </Upload.Dragger>
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label="标签（可选，便于检索和 AI 配图）">
          <Select
            mode="tags"
            aria-label="上传标签"
            value={tags}
            onChange={(v: string[]) => setTags(v.slice(0, PICTURE_LIMITS.maxTags))}
            tokenSeparators={[',', '，', ' ']}
            placeholder="如：施工现场、组织机构、资质证书"
            disabled={running}
          />
        </Form.Item>
      </Form>
      {files.map((f, i) => (
        <div key={`${f.file.name}-${i}`} className="bs-el-form__row" data-testid="upload-item">
          <Typography.Text ellipsis style={{ flex: 1 }}>
            {f.file.name}
          </Typography.Text>
          <Typography.Text type="secondary">{formatSize(f.file.size)}</Typography.Text>
          {f.status === 'error' ? (
            <Typography.Text type="danger" style={{ maxWidth: 240 }}>
              {f.message}
            </Typography.Text>
          ) : (
            <Progress
              percent={f.percent}
              size="small"
              style={{ width: 120 }}
              status={f.status === 'done' ? 'success' : 'active'}
              showInfo={f.status === 'done'}
            />
          )}
          {!running && f.status !== 'done' ? (
            <Button
              size="small"
              type="text"
              aria-label="移除"
              icon={<DeleteOutlined />}
              onClick={() => setFiles((list) => list.filter((_, j) => j !== i))}
            />
          ) : null}
        </div>
      ))}
    </Modal>
  );
}

function EditDialog({
  picture,
  onClose,
  onSaved,
}: {
  picture: PictureItem | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<{ name: string; tags: string[] }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={!!picture}
      title="编辑图片信息"
      okText="保存"
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        setSaving(true);
        try {
          await pictureApi.update({ id: picture!.id, name: v.name, tags: v.tags });
          toast('success', '已保存');
          onSaved();
          onClose();
        } catch {
          /* shown by the request layer */
        } finally {
          setSaving(false);
        }
      }}
    >
      {picture ? (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: picture.name, tags: picture.tags }}
          preserve={false}
        >
          <Form.Item
            name="name"
            label="名称"
            rules={[
              { required: true, whitespace: true, message: '图片名称不能为空' },
              {
                max: PICTURE_LIMITS.maxNameChars,
                message: `图片名称不能超过 ${PICTURE_LIMITS.maxNameChars} 个字`,
              },
            ]}
          >
            <Input aria-label="图片名称" />
          </Form.Item>
          <Form.Item name="tags" label="标签">
            <Select
              mode="tags"
              aria-label="图片标签"
              tokenSeparators={[',', '，', ' ']}
              maxCount={PICTURE_LIMITS.maxTags}
            />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** `/home/picture`: the user's images — upload, search by name and tags, retag, preview, delete. */
export default function PicturePage() {
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<PictureItem | null>(null);
  const [preview, setPreview] = useState<PictureItem | null>(null);

  const list = useQuery({
    queryKey: ['pictures', search, tag, current],
    queryFn: () => pictureApi.list({ keyword: search || undefined, tag, current, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const tags = useQuery({ queryKey: ['picture-tags'], queryFn: () => pictureApi.tags() });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['pictures'] });
    void qc.invalidateQueries({ queryKey: ['picture-tags'] });
  };
  const records = useMemo(() => list.data?.records ?? [], [list.data]);

  const remove = async (items: PictureItem[]) => {
    const what = items.length === 1 ? `“${items[0].name}”` : `选中的 ${items.length} 张图片`;
    if (
      !(await confirmDialog({
        content: `确定删除${what}吗？删除后不能恢复。章节中正在使用的图片和意见反馈的截图不能删除。`,
        danger: true,
        okText: '删除',
      }))
    )
      return;
    try {
      await pictureApi.remove(items.map((p) => p.id));
      toast('success', '已删除');
      setChecked(new Set());
      refresh();
    } catch {
      /* shown by the request layer */
    }
  };

  const toggle = (id: string, on: boolean) =>
    setChecked((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });

  return (
    <PageFrame
      title="图片库"
      description="上传项目照片、资质扫描件、架构图等图片，并添加标签；写作时“配图”会按章节关键词在这里查找，导出 Word 时随章节就位。"
      extra={
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
          上传图片
        </Button>
      }
    >
      <Panel>
        <div className="bs-pic-toolbar">
          <Input.Search
            aria-label="搜索图片"
            allowClear
            placeholder="按名称或标签搜索"
            style={{ width: 300 }}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
              if (!e.target.value) {
                setSearch('');
                setCurrent(1);
              }
            }}
            onSearch={(v) => {
              setSearch(v.trim());
              setCurrent(1);
            }}
          />
          {checked.size ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(records.filter((p) => checked.has(p.id)))}
            >
              删除选中（{checked.size}）
            </Button>
          ) : null}
          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
            共 {list.data?.total ?? 0} 张
          </Typography.Text>
        </div>
        {tags.data?.length ? (
          <div className="bs-pic-tags" aria-label="标签筛选">
            <Tag.CheckableTag
              checked={!tag}
              onChange={() => {
                setTag(undefined);
                setCurrent(1);
              }}
            >
              全部
            </Tag.CheckableTag>
            {tags.data.slice(0, 40).map((t) => (
              <Tag.CheckableTag
                key={t.tag}
                checked={tag === t.tag}
                onChange={(on) => {
                  setTag(on ? t.tag : undefined);
                  setCurrent(1);
                }}
              >
                {t.tag}（{t.count}）
              </Tag.CheckableTag>
            ))}
          </div>
        ) : null}

        <Spin spinning={list.isFetching && !list.isPlaceholderData}>
          {records.length ? (
            <div className="bs-pic-grid" data-testid="picture-grid">
              {records.map((p) => (
                <div
                  key={p.id}
                  className={['bs-pic-card', checked.has(p.id) ? 'is-checked' : ''].join(' ')}
                  data-testid="picture-card"
                >
                  <Checkbox
                    className="bs-pic-card__check"
                    aria-label={`选择 ${p.name}`}
                    checked={checked.has(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                  <div
                    className="bs-pic-card__thumb"
                    onClick={() => setPreview(p)}
                    role="button"
                    aria-label={`预览 ${p.name}`}
                  >
                    <img src={p.thumbUrl} alt={p.name} loading="lazy" />
                  </div>
                  <div className="bs-pic-card__body">
                    <Tooltip title={p.name}>
                      <div className="bs-pic-card__name">{p.name}</div>
                    </Tooltip>
                    <div className="bs-pic-card__meta">
                      {p.type.toUpperCase()} · {p.width && p.height ? `${p.width}×${p.height} · ` : ''}
                      {formatSize(p.size)}
                    </div>
                    <div className="bs-pic-card__tags">
                      {p.tags.map((t) => (
                        <Tag key={t} variant="filled" color="blue">
                          {t}
                        </Tag>
                      ))}
                    </div>
                    <div className="bs-pic-card__actions">
                      <Tooltip title="预览">
                        <Button
                          size="small"
                          type="text"
                          aria-label="预览"
                          icon={<EyeOutlined />}
                          onClick={() => setPreview(p)}
                        />
                      </Tooltip>
                      <Tooltip title="编辑名称和标签">
                        <Button
                          size="small"
                          type="text"
                          aria-label="编辑"
                          icon={<EditOutlined />}
                          onClick={() => setEditing(p)}
                        />
                      </Tooltip>
                      <Tooltip title="删除">
                        <Button
                          size="small"
                          type="text"
                          danger
                          aria-label="删除"
                          icon={<DeleteOutlined />}
                          onClick={() => remove([p])}
                        />
                      </Tooltip>
                    </div>
                  </div>
                </div>
              ))}
            </div>
          ) : (
            <Empty
              description={search || tag ? '没有匹配的图片' : '图片库还是空的，上传第一张图片吧'}
              style={{ padding: 48 }}
            >
              {!search && !tag ? (
                <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
                  上传图片
                </Button>
              ) : null}
            </Empty>
          )}
        </Spin>
        {(list.data?.total ?? 0) > PAGE_SIZE ? (
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={current}
            pageSize={PAGE_SIZE}
            total={list.data?.total ?? 0}
            showSizeChanger={false}
            onChange={setCurrent}
          />
        ) : null}
      </Panel>

      <UploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={refresh} />
      <EditDialog picture={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      {preview ? (
        <Image
          style={{ display: 'none' }}
          src={preview.url}
          alt={preview.name}
          preview={{ open: true, onOpenChange: (v) => !v && setPreview(null) }}
        />
      ) : null}
    </PageFrame>
  );
}
