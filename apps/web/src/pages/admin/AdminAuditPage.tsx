import { useState } from 'react';
import { Empty, Input, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatTime, type AuditLogItem } from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { adminApi, commerceKeys } from '../../features/commerce/api.ts';

const PAGE_SIZE = 20;

/** /admin/audit: every successful operator action, newest first (written by the server for every console change). */
export default function AdminAuditPage() {
  const [operator, setOperator] = useState('');
  const [action, setAction] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: [...commerceKeys.admin, 'audit', operator, action, current],
    queryFn: () =>
      adminApi.audit({
        current,
        size: PAGE_SIZE,
        ...(operator ? { operator } : {}),
        ...(action ? { action } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame
      title="操作日志"
      description="运营人员每一次成功的修改操作（确认收款、退款、赠送额度、停用账号、编辑套餐等）；请求内容中的密钥、密码不记录。"
    >
      <Panel
        extra={
          <Space wrap>
            <Input.Search
              allowClear
              aria-label="按操作人筛选"
              placeholder="操作人手机号 / 姓名"
              style={{ width: 220 }}
              onSearch={(v) => (setOperator(v.trim()), setCurrent(1))}
            />
            <Input.Search
              allowClear
              aria-label="按操作筛选"
              placeholder="操作路径，如 order/refund"
              style={{ width: 240 }}
              onSearch={(v) => (setAction(v.trim()), setCurrent(1))}
            />
          </Space>
        }
      >
        <Table<AuditLogItem>
          rowKey="id"
          data-testid="admin-audit"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty description="没有操作记录" /> }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setCurrent,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: '时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatTime(v) },
            {
              title: '操作人',
              render: (_: unknown, r) =>
                r.operatorName ? `${r.operatorName}（${r.operatorAccount}）` : r.operatorAccount,
            },
            {
              title: '操作',
              dataIndex: 'action',
              render: (v: string) => <code>{v.replace(/^\/api\/admin\//, '')}</code>,
            },
            { title: '对象', dataIndex: 'targetId', render: (v: string | null) => v ?? '-' },
            {
              title: '内容',
              dataIndex: 'summary',
              render: (v: string) => (
                <Typography.Text style={{ maxWidth: 420 }} ellipsis={{ tooltip: v }}>
                  {v || '-'}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Panel>
    </PageFrame>
  );
}
