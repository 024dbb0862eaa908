import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  Tag,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORDER_STATUS_LABELS,
  USER_ROLE_LABELS,
  USER_STATUS_LABELS,
  formatTime,
  type AdminUserItem,
  type OrderStatus,
} from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { adminApi, commerceKeys } from '../../features/commerce/api.ts';

const PAGE_SIZE = 20;
const REASONS: Record<string, string> = {
  bid: '新建标书',
  order: '购买套餐',
  grant: '运营赠送',
  refund: '退款收回',
  signup: '注册赠送',
  invite: '邀请奖励',
  monthly: '月度刷新',
  expired: '套餐到期',
};
const usersKey = [...commerceKeys.admin, 'users'] as const;

function GrantForm({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const { busy, run } = useBusyAction();
  const [form] = Form.useForm<{ bucket: 'grant' | 'temporary'; amount: number; reason: string }>();
  const submit = (v: { bucket: 'grant' | 'temporary'; amount: number; reason: string }) =>
    run('grant', async () => {
      await adminApi.grant({ userId, ...v });
      toastSuccess(`已赠送 ${v.amount} 份额度`);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: usersKey });
    });
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ bucket: 'grant', amount: 1 }}
      onFinish={(v) => void submit(v)}
      data-testid="grant-form"
    >
      <Form.Item name="bucket">
        <Radio.Group
          options={[
            { label: '赠送额度', value: 'grant' },
            { label: '体验额度', value: 'temporary' },
          ]}
        />
      </Form.Item>
      <Form.Item name="amount" label="份数" rules={[{ required: true, message: '请填写份数' }]}>
        <InputNumber min={1} max={1000} precision={0} />
      </Form.Item>
      <Form.Item
        name="reason"
        label="原因"
        rules={[{ required: true, whitespace: true, message: '请填写赠送原因' }]}
      >
        <Input maxLength={200} placeholder="如：活动赠送" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy === 'grant'}>
        赠送
      </Button>
    </Form>
  );
}

function UserDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const qc = useQueryClient();
  const { busy, run } = useBusyAction();
  const detail = useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: () => adminApi.user(id ?? ''),
    enabled: id !== null,
  });
  const d = detail.data;
  const toggle = () =>
    run('status', async () => {
      if (!d) return;
      const disabling = d.user.status === 'active';
      const ok = await confirmDialog({
        title: disabling ? '停用账号' : '启用账号',
        content: disabling
          ? `停用 ${d.user.account}？该用户立即退出所有登录且不能再登录；标书和文件保留。`
          : `启用 ${d.user.account}？启用后可以重新登录。`,
        okText: disabling ? '停用' : '启用',
        danger: disabling,
      });
      if (!ok) return;
      await adminApi.setUserStatus({ userId: d.user.id, disabled: disabling });
      toastSuccess(disabling ? '已停用' : '已启用');
      await qc.invalidateQueries({ queryKey: usersKey });
    });
  const q = d?.quota;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      title={d ? `用户：${d.user.account}` : '用户'}
      destroyOnHidden
    >
      {d && q ? (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="手机号">{d.user.phone ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="姓名">{d.user.name || '-'}</Descriptions.Item>
            <Descriptions.Item label="身份">{USER_ROLE_LABELS[d.user.role] ?? d.user.role}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={d.user.status === 'active' ? 'green' : 'red'}>
                {USER_STATUS_LABELS[d.user.status]}
              </Tag>
              {d.user.status !== 'removed' ? (
                <Button
                  size="small"
                  danger={d.user.status === 'active'}
                  loading={busy === 'status'}
                  onClick={() => void toggle()}
                >
                  {d.user.status === 'active' ? '停用' : '启用'}
                </Button>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatTime(d.user.createTime)}</Descriptions.Item>
            <Descriptions.Item label="最近登录">
              {d.user.lastLoginTime ? formatTime(d.user.lastLoginTime) : '-'}
            </Descriptions.Item>
          </Descriptions>
          <div data-testid="user-quota">
            <strong>{q.holder === 'tenant' ? '企业共享额度' : '额度'}：</strong>
            月度 {q.month} · 体验 {q.temporary} · 赠送 {q.grant} · 购买 {q.purchased} · 合计 {q.total}
            {q.unlimited ? `（包年不限份数，至 ${formatTime(q.unlimitedUntil ?? '')}）` : ''}
          </div>
          {d.user.status === 'active' ? <GrantForm userId={d.user.id} /> : null}
          {d.company ? (
            <Panel
              title={`所在企业：${d.company.name || '未命名企业'}（${d.company.members.length} 人，共用上方额度）`}
            >
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={d.company.members}
                columns={[
                  { title: '账号', dataIndex: 'account' },
                  { title: '姓名', dataIndex: 'name' },
                  { title: '身份', dataIndex: 'role', render: (r: string) => USER_ROLE_LABELS[r] ?? r },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    render: (s: AdminUserItem['status']) => USER_STATUS_LABELS[s],
                  },
                ]}
              />
            </Panel>
          ) : null}
          <Panel title="最近订单">
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.orders}
              locale={{ emptyText: <Empty description="没有订单" /> }}
              columns={[
                { title: '订单号', dataIndex: 'id' },
                { title: '套餐', dataIndex: 'packageName' },
                { title: '金额', dataIndex: 'amount', render: (v: string) => `¥${v}` },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (s: string) => ORDER_STATUS_LABELS[s as OrderStatus] ?? s,
                },
                { title: '下单时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
              ]}
            />
          </Panel>
          <Panel title="最近额度变动">
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.bidLogs}
              locale={{ emptyText: <Empty description="没有额度变动" /> }}
              columns={[
                { title: '时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
                { title: '变动', dataIndex: 'delta', render: (v: number) => (v > 0 ? `+${v}` : String(v)) },
                { title: '原因', dataIndex: 'reason', render: (r: string) => REASONS[r] ?? r },
                { title: '说明', dataIndex: 'note', render: (v: string | null) => v ?? '-' },
              ]}
            />
          </Panel>
        </Space>
      ) : null}
    </Drawer>
  );
}

/** /admin/users: find a user or company, see their quota and orders, grant quota, disable. */
export default function AdminUsersPage() {
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...usersKey, keyword, current],
    queryFn: () => adminApi.users({ current, size: PAGE_SIZE, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame
      title="用户与企业"
      description="按手机号、姓名或企业名查找用户；赠送额度、停用账号的操作都记入操作日志。"
    >
      <Panel
        extra={
          <Input.Search
            allowClear
            aria-label="搜索用户"
            placeholder="手机号 / 姓名 / 企业名"
            style={{ width: 280 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setCurrent(1);
            }}
          />
        }
      >
        <Table<AdminUserItem>
          rowKey="id"
          data-testid="admin-users"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty description={keyword ? '没有找到匹配的用户' : '还没有用户'} /> }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setCurrent,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: '账号', dataIndex: 'account' },
            { title: '姓名', dataIndex: 'name', render: (v: string) => v || '-' },
            { title: '身份', dataIndex: 'role', render: (r: string) => USER_ROLE_LABELS[r] ?? r },
            { title: '企业', dataIndex: 'companyName', render: (v: string | null) => v ?? '-' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: AdminUserItem['status']) => (
                <Tag color={s === 'active' ? 'green' : 'red'}>{USER_STATUS_LABELS[s]}</Tag>
              ),
            },
            { title: '注册时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
            {
              title: '操作',
              render: (_: unknown, u: AdminUserItem) => (
                <Button type="link" onClick={() => setOpen(u.id)}>
                  查看
                </Button>
              ),
            },
          ]}
        />
      </Panel>
      <UserDrawer id={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
