import { useState } from 'react';
import { Button, Empty, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_LIMITS, formatTime, type AdminFeedbackItem } from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { toastSuccess } from '../../utils/feedback.ts';
import { adminFeedbackApi, adminScreenshotUrl, feedbackKeys } from '../../features/feedback/api.ts';

const PAGE_SIZE = 20;
type Filter = 'pending' | 'replied' | 'all';
const FILTERS: Array<{ label: string; value: Filter }> = [
  { label: '待回复', value: 'pending' },
  { label: '已回复', value: 'replied' },
  { label: '全部', value: 'all' },
];

/** /admin/feedback: users' feedback, unreplied first; a reply is shown to the user in 意见反馈. */
export default function AdminFeedbackPage() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<AdminFeedbackItem | null>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const list = useQuery({
    queryKey: [...feedbackKeys.admin, filter, current],
    queryFn: () =>
      adminFeedbackApi.list({ current, size: PAGE_SIZE, ...(filter === 'all' ? {} : { status: filter }) }),
    placeholderData: keepPreviousData,
  });
  const open = (f: AdminFeedbackItem) => {
    setEditing(f);
    setText(f.reply ?? '');
  };
  const send = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      await adminFeedbackApi.reply({ id: editing.id, reply: text });
      toastSuccess('已回复，用户在“意见反馈”中可以看到');
      setEditing(null);
      await qc.invalidateQueries({ queryKey: feedbackKeys.admin });
    } finally {
      setSaving(false);
    }
  };
  return (
    <PageFrame
      title="意见反馈"
      description="用户提交的问题和建议，未回复的排在前面；回复后用户在“意见反馈”页面看到回复，并有新回复提示。"
    >
      <Panel
        extra={
          <Segmented
            options={FILTERS}
            value={filter}
            onChange={(v) => {
              setFilter(v as Filter);
              setCurrent(1);
            }}
          />
        }
      >
        <Table<AdminFeedbackItem>
          rowKey="id"
          data-testid="admin-feedback"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty description="没有反馈" /> }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setCurrent,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: '用户', dataIndex: 'userAccount', width: 140 },
            { title: '类型', dataIndex: 'type', width: 80 },
            {
              title: '内容',
              dataIndex: 'content',
              render: (v: string, f) => (
                <Space orientation="vertical" size={4}>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {v}
                  </Typography.Paragraph>
                  {f.images.length ? (
                    <Space>
                      {f.images.map((id) => (
                        <a key={id} href={adminScreenshotUrl(f.id, id)} target="_blank" rel="noreferrer">
                          <img
                            src={adminScreenshotUrl(f.id, id)}
                            alt="反馈截图"
                            style={{ height: 56, borderRadius: 4, border: '1px solid #e5e7eb' }}
                          />
                        </a>
                      ))}
                    </Space>
                  ) : null}
                  {f.contact ? (
                    <Typography.Text type="secondary">联系方式：{f.contact}</Typography.Text>
                  ) : null}
                  {f.reply ? <Typography.Text type="success">回复：{f.reply}</Typography.Text> : null}
                </Space>
              ),
            },
            { title: '提交时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatTime(v) },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (s: AdminFeedbackItem['status']) =>
                s === 'replied' ? <Tag color="green">已回复</Tag> : <Tag color="gold">待回复</Tag>,
            },
            {
              title: '操作',
              width: 100,
              render: (_: unknown, f: AdminFeedbackItem) => (
                <Button size="small" type={f.reply ? 'default' : 'primary'} onClick={() => open(f)}>
                  {f.reply ? '修改回复' : '回复'}
                </Button>
              ),
            },
          ]}
        />
      </Panel>
      <Modal
        title="回复用户"
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void send()}
        okText="发送回复"
        cancelText="取消"
        okButtonProps={{ disabled: !text.trim(), loading: saving }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
          {editing?.content}
        </Typography.Paragraph>
        <Input.TextArea
          rows={5}
          value={text}
          maxLength={FEEDBACK_LIMITS.replyMax}
          showCount
          onChange={(e) => setText(e.target.value)}
          aria-label="回复内容"
          placeholder="回复内容会显示给用户"
        />
      </Modal>
    </PageFrame>
  );
}
