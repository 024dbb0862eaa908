import { useDeferredValue, useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Segmented, Space, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { markdownToSafeHtml } from '@bid/document/html';
import {
  CONTENT_KIND_LABEL,
  CONTENT_LIMITS,
  contentHref,
  formatTime,
  type AdminContentItem,
  type ContentKind,
} from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { adminContentApi } from '../../features/content/api.ts';
import { contentKeys } from '../../features/content/keys.ts';

const KINDS: Array<{ label: string; value: ContentKind }> = [
  { label: '帮助文章', value: 'help' },
  { label: '常见问题', value: 'question' },
  { label: '产品动态', value: 'news' },
];

interface EditorValues {
  title: string;
  code?: string;
  category?: string;
  summary?: string;
  sort?: number;
  body: string;
  published: boolean;
}

/** Create or edit one item: Markdown on the left, the page's rendering (the same renderer) on the right. */
function ContentEditor({
  kind,
  item,
  onClose,
}: {
  kind: ContentKind;
  item: AdminContentItem | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  const [saving, setSaving] = useState(false);
  const body = Form.useWatch('body', form) ?? item?.body ?? '';
  const preview = useDeferredValue(body);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const code = v.code?.trim();
      await adminContentApi.save({
        ...(item ? { id: item.id } : {}),
        kind,
        ...(code ? { code } : {}),
        title: v.title,
        summary: v.summary ?? '',
        category: v.category ?? '',
        body: v.body,
        sort: v.sort ?? 0,
        published: v.published,
      });
      toastSuccess(v.published ? '已保存并发布' : '已保存（未发布）');
      await qc.invalidateQueries({ queryKey: contentKeys.all });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={1100}
      title={`${item ? '编辑' : '新建'}${CONTENT_KIND_LABEL[kind]}`}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<EditorValues>
        form={form}
        layout="vertical"
        initialValues={
          item
            ? {
                title: item.title,
                code: item.code,
                category: item.category,
                summary: item.summary,
                sort: item.sort,
                body: item.body,
                published: item.published,
              }
            : { published: true, sort: 0, body: '' }
        }
      >
        <Space align="start" wrap>
          <Form.Item
            name="title"
            label={kind === 'question' ? '问题' : '标题'}
            rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
            style={{ width: 360 }}
          >
            <Input maxLength={CONTENT_LIMITS.title} />
          </Form.Item>
          <Form.Item
            name="code"
            label="编码（网址中的名字）"
            tooltip={`网址为 ${contentHref(kind, '编码')}；不填则使用编号`}
            rules={[{ pattern: /^[a-z0-9-]+$/, message: '只能包含小写字母、数字和连字符' }]}
            style={{ width: 220 }}
          >
            <Input maxLength={CONTENT_LIMITS.code} placeholder="例如 export-word" />
          </Form.Item>
          <Form.Item name="category" label="分类" style={{ width: 140 }}>
            <Input maxLength={CONTENT_LIMITS.category} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" style={{ width: 130 }}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
          <Form.Item name="published" label="发布" valuePropName="checked">
            <Switch checkedChildren="发布" unCheckedChildren="草稿" />
          </Form.Item>
        </Space>
        <Form.Item name="summary" label="摘要（不填则取正文第一段）">
          <Input maxLength={CONTENT_LIMITS.summary} />
        </Form.Item>
        <div className="bs-content-editor">
          <Form.Item
            name="body"
            label="正文（Markdown）"
            rules={[{ required: true, whitespace: true, message: '请填写正文' }]}
          >
            <Input.TextArea rows={18} maxLength={CONTENT_LIMITS.body} aria-label="正文 Markdown" />
          </Form.Item>
          <div>
            <div className="bs-content-editor__label">预览</div>
            <div
              className="bs-article bs-content-editor__preview"
              data-testid="content-preview"
              dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(preview) }}
            />
          </div>
        </div>
      </Form>
    </Modal>
  );
}

/** /admin/content: help articles, FAQ and news shown on the public site; Markdown editor with preview. */
export default function AdminContentPage() {
  const qc = useQueryClient();
  const [kind, setKind] = useState<ContentKind>('help');
  const [editing, setEditing] = useState<AdminContentItem | 'new' | null>(null);
  const { busy, run } = useBusyAction();
  const list = useQuery({ queryKey: contentKeys.adminList(kind), queryFn: () => adminContentApi.list(kind) });
  const refresh = () => qc.invalidateQueries({ queryKey: contentKeys.all });
  const publish = (item: AdminContentItem, published: boolean) =>
    run(item.id, async () => {
      await adminContentApi.publish(item.id, published);
      toastSuccess(published ? '已发布' : '已下线，访客将看不到它');
      await refresh();
    });
  const remove = (item: AdminContentItem) =>
    run(item.id, async () => {
      const ok = await confirmDialog({
        title: '删除内容',
        content: `确定删除“${item.title}”？删除后它的网址将显示 404，且无法恢复。只想暂时隐藏请用“下线”。`,
        okText: '删除',
        danger: true,
      });
      if (!ok) return;
      await adminContentApi.remove(item.id);
      toastSuccess('已删除');
      await refresh();
    });
  return (
    <PageFrame
      title="内容管理"
      description="帮助中心、常见问题和产品动态：正文用 Markdown 编写，发布后出现在公开页面和站内搜索中。"
    >
      <Panel
        extra={
          <Space>
            <Segmented options={KINDS} value={kind} onChange={(v) => setKind(v as ContentKind)} />
            <Button type="primary" onClick={() => setEditing('new')}>
              新建{CONTENT_KIND_LABEL[kind]}
            </Button>
          </Space>
        }
      >
        <Table<AdminContentItem>
          rowKey="id"
          data-testid="admin-content"
          loading={list.isPending}
          dataSource={list.data ?? []}
          locale={{ emptyText: <Empty description={`还没有${CONTENT_KIND_LABEL[kind]}`} /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: '标题', dataIndex: 'title' },
            {
              title: '网址',
              dataIndex: 'code',
              render: (code: string, item) =>
                item.published ? (
                  <a href={contentHref(kind, code)} target="_blank" rel="noreferrer">
                    {contentHref(kind, code)}
                  </a>
                ) : (
                  <span>{contentHref(kind, code)}</span>
                ),
            },
            { title: '分类', dataIndex: 'category', render: (v: string) => (v ? <Tag>{v}</Tag> : '-') },
            { title: '排序', dataIndex: 'sort' },
            {
              title: '发布',
              dataIndex: 'published',
              render: (v: boolean, item) => (
                <Switch
                  checked={v}
                  loading={busy === item.id}
                  aria-label={`发布 ${item.title}`}
                  onChange={(on) => void publish(item, on)}
                />
              ),
            },
            { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
            {
              title: '操作',
              render: (_: unknown, item) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(item)}>
                    编辑
                  </Button>
                  <Button size="small" danger disabled={busy === item.id} onClick={() => void remove(item)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Panel>
      {editing ? (
        <ContentEditor
          key={editing === 'new' ? `new-${kind}` : editing.id}
          kind={kind}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </PageFrame>
  );
}
