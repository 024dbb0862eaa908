import { useState } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { formatTime, type AdminNoticeItem } from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { adminContentApi } from '../../features/content/api.ts';
import { contentKeys } from '../../features/content/keys.ts';

type Kind = AdminNoticeItem['kind'];
type Level = AdminNoticeItem['level'];
const KIND_LABEL: Record<Kind, string> = { head: '顶部横幅', update: '更新说明' };
const LEVELS: Array<{ label: string; value: Level }> = [
  { label: '提示', value: 'info' },
  { label: '注意', value: 'warning' },
  { label: '好消息', value: 'success' },
  { label: '紧急', value: 'error' },
];

interface NoticeValues {
  kind: Kind;
  title: string;
  content: string;
  link?: string;
  version?: string;
  level: Level;
  published: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
}

function NoticeEditor({ item, onClose }: { item: AdminNoticeItem | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<NoticeValues>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form) ?? item?.kind ?? 'head';
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await adminContentApi.saveNotice({
        ...(item ? { id: item.id } : {}),
        kind: v.kind,
        title: v.title,
        content: v.content,
        link: v.link?.trim() || null,
        version: v.kind === 'update' ? v.version?.trim() || null : null,
        level: v.level,
        published: v.published,
        startAt: v.window?.[0]?.toISOString() ?? null,
        endAt: v.window?.[1]?.toISOString() ?? null,
      });
      toastSuccess(v.published ? '已保存并上线' : '已保存（未上线）');
      await qc.invalidateQueries({ queryKey: contentKeys.notices });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={640}
      title={item ? '编辑公告' : '新建公告'}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<NoticeValues>
        form={form}
        layout="vertical"
        initialValues={
          item
            ? {
                ...item,
                link: item.link ?? undefined,
                version: item.version ?? undefined,
                window:
                  item.startAt || item.endAt
                    ? [item.startAt ? dayjs(item.startAt) : null, item.endAt ? dayjs(item.endAt) : null]
                    : null,
              }
            : { kind: 'head', level: 'info', published: true }
        }
      >
        <Form.Item name="kind" label="类型">
          <Radio.Group
            options={[
              { label: '顶部横幅（提示、注意、紧急等）', value: 'head' },
              { label: '更新说明（版本更新内容）', value: 'update' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="content"
          label="内容"
          rules={[{ required: true, whitespace: true, message: '请填写内容' }]}
        >
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="level" label="级别">
            <Select options={LEVELS} style={{ width: 120 }} />
          </Form.Item>
          {kind === 'update' ? (
            <Form.Item name="version" label="版本号">
              <Input maxLength={30} placeholder="例如 2.1.0" style={{ width: 140 }} />
            </Form.Item>
          ) : null}
          <Form.Item
            name="link"
            label="链接（可选）"
            rules={[{ pattern: /^(https?:\/\/|\/(?!\/))/, message: '须以 http(s):// 或 / 开头' }]}
          >
            <Input maxLength={500} placeholder="/help/getting-started.html" style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Form.Item name="window" label="显示时间（可选，不填则上线后一直显示）">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="published" label="上线" valuePropName="checked">
          <Switch checkedChildren="上线" unCheckedChildren="下线" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/notices: the banner at the top of every page and the release-notes dialog; users close them one by one. */
export default function AdminNoticesPage() {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<AdminNoticeItem | 'new' | null>(null);
  const { busy, run } = useBusyAction();
  const list = useQuery({ queryKey: contentKeys.notices, queryFn: () => adminContentApi.notices() });
  const refresh = () => qc.invalidateQueries({ queryKey: contentKeys.notices });
  const publish = (n: AdminNoticeItem, published: boolean) =>
    run(n.id, async () => {
      await adminContentApi.publishNotice(n.id, published);
      toastSuccess(published ? '已上线' : '已下线');
      await refresh();
    });
  const remove = (n: AdminNoticeItem) =>
    run(n.id, async () => {
      const ok = await confirmDialog({
        title: '删除公告',
        content: `确定删除“${n.title}”？删除后无法恢复，用户的关闭记录也一并删除。`,
        okText: '删除',
        danger: true,
      });
      if (!ok) return;
      await adminContentApi.removeNotice(n.id);
      toastSuccess('已删除');
      await refresh();
    });
  return (
    <PageFrame
      title="公告管理"
      description="上线的公告显示在用户工作台各页面的上方和个人中心，每位用户关闭后不再向其显示。同类公告同时上线多条时，更新说明显示最新的一条，顶部横幅按排序和新旧显示一条。"
    >
      <Panel
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            新建公告
          </Button>
        }
      >
        {list.isError ? (
          <Alert type="error" showIcon title="公告加载失败，请刷新重试" style={{ marginBottom: 12 }} />
        ) : null}
        <Table<AdminNoticeItem>
          rowKey="id"
          data-testid="admin-notices"
          loading={list.isPending}
          dataSource={list.data ?? []}
          locale={{ emptyText: <Empty description="还没有公告" /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: '类型',
              dataIndex: 'kind',
              render: (k: Kind) => <Tag color={k === 'head' ? 'blue' : 'purple'}>{KIND_LABEL[k]}</Tag>,
            },
            {
              title: '标题',
              dataIndex: 'title',
              render: (t: string, n) => (n.version ? `${t}（${n.version}）` : t),
            },
            { title: '内容', dataIndex: 'content', ellipsis: true },
            {
              title: '显示时间',
              render: (_: unknown, n) =>
                n.startAt || n.endAt
                  ? `${n.startAt ? formatTime(n.startAt) : '上线起'} 至 ${n.endAt ? formatTime(n.endAt) : '不限'}`
                  : '一直显示',
            },
            { title: '已关闭人数', dataIndex: 'closedCount' },
            {
              title: '上线',
              dataIndex: 'published',
              render: (v: boolean, n) => (
                <Switch
                  checked={v}
                  loading={busy === n.id}
                  aria-label={`上线 ${n.title}`}
                  onChange={(on) => void publish(n, on)}
                />
              ),
            },
            {
              title: '操作',
              render: (_: unknown, n) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(n)}>
                    编辑
                  </Button>
                  <Button size="small" danger disabled={busy === n.id} onClick={() => void remove(n)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Panel>
      {editing ? (
        <NoticeEditor
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </PageFrame>
  );
}
