import { useState } from 'react';
import { Button, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_LIMITS, PHONE_PATTERN, formatTime, type Employee, type EmployeeInvitation } from '@bid/shared';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { useSession } from '../../../stores/session.ts';
import { confirmDialog, toastSuccess } from '../../../utils/feedback.ts';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import { accountApi } from '../../../features/account/api.ts';

const PAGE_SIZE = 10;

function AddEmployeeForm({ onAdded }: { onAdded: () => void }) {
  const [form] = Form.useForm<{ phone: string; name?: string }>();
  const { busy, run } = useBusyAction();
  // A refusal (e.g. 该手机号已是本企业员工) is shown by the request layer.
  const submit = (v: { phone: string; name?: string }) =>
    run('add', async () => {
      await accountApi.addEmployee({ phone: v.phone.trim(), name: v.name?.trim() || undefined });
      toastSuccess('已发出邀请，对方用该手机号登录后在工作台接受即可加入');
      form.resetFields();
      onAdded();
    });
  return (
    <Form form={form} layout="inline" onFinish={submit} data-testid="employee-add-form">
      <Form.Item
        name="phone"
        rules={[
          { required: true, message: '请输入员工手机号' },
          { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
        ]}
      >
        <Input placeholder="员工手机号" maxLength={11} inputMode="numeric" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item
        name="name"
        rules={[
          { max: AUTH_LIMITS.nameMaxLength, message: `姓名不能超过 ${AUTH_LIMITS.nameMaxLength} 个字符` },
        ]}
      >
        <Input placeholder="姓名（选填）" style={{ width: 160 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={busy !== null}>
        邀请员工
      </Button>
    </Form>
  );
}

/** Invitations not answered yet; the administrator may take one back. */
function PendingInvitations() {
  const qc = useQueryClient();
  const list = useQuery({
    // Under 'employees': inviting or removing someone refreshes this list too.
    queryKey: ['employees', 'invitations'],
    queryFn: () => accountApi.pendingInvitations({ silent: true }),
  });
  const rows = list.data ?? [];
  if (!rows.length) return null;
  const revoke = async (inv: EmployeeInvitation) => {
    const ok = await confirmDialog({
      title: '撤回邀请',
      content: `确定撤回对 ${inv.name || inv.phone} 的邀请？撤回后对方无法再接受。`,
      okText: '撤回',
      danger: true,
    });
    if (!ok) return;
    try {
      await accountApi.revokeInvitation(inv.id);
      toastSuccess('已撤回');
      void qc.invalidateQueries({ queryKey: ['employees'] });
    } catch {
      /* shown */
    }
  };
  return (
    <Panel title={`待接受的邀请（${rows.length}）`}>
      <Table<EmployeeInvitation>
        rowKey="id"
        data-testid="invitation-table"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: '姓名',
            dataIndex: 'name',
            render: (v: string) => v || <Typography.Text type="secondary">未填写</Typography.Text>,
          },
          { title: '手机号', dataIndex: 'phone' },
          {
            title: '邀请时间',
            dataIndex: 'createTime',
            render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm'),
          },
          { title: '状态', key: 'status', render: () => <Tag color="gold">等待对方接受</Tag> },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, inv: EmployeeInvitation) => (
              <Button type="link" danger onClick={() => void revoke(inv)}>
                撤回
              </Button>
            ),
          },
        ]}
      />
    </Panel>
  );
}

/** `/home/employees`: the company administrator invites employees by phone, lists and removes them. */
export default function EmployeesPage() {
  const user = useSession((s) => s.user);
  const isAdmin = user?.role === 'company_admin';
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['employees', current, keyword],
    queryFn: () =>
      accountApi.employees({ current, size: PAGE_SIZE, keyword: keyword || undefined }, { silent: true }),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
  const reload = () => void qc.invalidateQueries({ queryKey: ['employees'] });

  const remove = async (e: Employee) => {
    const ok = await confirmDialog({
      title: '移除员工',
      content: `确定移除员工 ${e.name || e.phone}？移除后该员工立即退出登录，不能再使用企业额度；其编写的标书仍归企业所有。`,
      okText: '移除',
      danger: true,
    });
    if (!ok) return;
    try {
      await accountApi.removeEmployee(e.id);
      toastSuccess('已移除');
      reload();
    } catch {
      /* shown */
    }
  };

  return (
    <PageFrame
      title="员工管理"
      description="企业管理员按手机号邀请员工，对方用该手机号登录后接受邀请即加入企业，共用企业的标书额度。"
    >
      {!isAdmin ? (
        <Panel>
          <Typography.Paragraph style={{ margin: 0 }}>
            仅企业管理员可以管理员工。
            {user?.isEmployee === 1
              ? '如需添加或移除同事，请联系本企业的管理员。'
              : '需要为团队开通企业账号，请联系左下角的客服。'}
          </Typography.Paragraph>
        </Panel>
      ) : (
        <>
          <Panel title="邀请员工">
            <AddEmployeeForm onAdded={reload} />
          </Panel>
          <PendingInvitations />
          <Panel
            title={`员工列表${list.data ? `（${list.data.total} 人）` : ''}`}
            extra={
              <Input.Search
                allowClear
                placeholder="搜索姓名或手机号后四位"
                enterButton={<SearchOutlined />}
                maxLength={30}
                onSearch={(v) => {
                  setKeyword(v.trim());
                  setCurrent(1);
                }}
                style={{ width: 260 }}
              />
            }
          >
            <Table<Employee>
              rowKey="id"
              data-testid="employee-table"
              loading={list.isFetching}
              dataSource={list.data?.records ?? []}
              locale={{
                emptyText: list.isError ? '员工列表加载失败，请刷新重试' : '还没有员工，在上方按手机号邀请',
              }}
              pagination={{
                current,
                pageSize: PAGE_SIZE,
                total: list.data?.total ?? 0,
                onChange: setCurrent,
                showSizeChanger: false,
              }}
              columns={[
                {
                  title: '姓名',
                  dataIndex: 'name',
                  render: (v: string) => v || <Typography.Text type="secondary">未填写</Typography.Text>,
                },
                { title: '手机号', dataIndex: 'phone' },
                {
                  title: '角色',
                  dataIndex: 'role',
                  render: (v: string) =>
                    v === 'company_admin' ? <Tag color="blue">管理员</Tag> : <Tag>员工</Tag>,
                },
                {
                  title: '加入时间',
                  dataIndex: 'createTime',
                  render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm'),
                },
                {
                  title: '最近登录',
                  dataIndex: 'lastLoginTime',
                  render: (v: string | null) => (v ? formatTime(v, 'YYYY-MM-DD HH:mm') : '从未登录'),
                },
                {
                  title: '操作',
                  key: 'actions',
                  render: (_: unknown, e: Employee) =>
                    e.role === 'company_admin' ? null : (
                      <Space>
                        <Button type="link" danger onClick={() => void remove(e)}>
                          移除
                        </Button>
                      </Space>
                    ),
                },
              ]}
            />
          </Panel>
        </>
      )}
    </PageFrame>
  );
}
