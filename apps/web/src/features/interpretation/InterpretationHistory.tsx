import { useState } from 'react';
import { Button, Empty, Popconfirm, Progress, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { formatTime, type InterpretationListItem } from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { useInterpretationList, useRemoveInterpretation } from './api.ts';
import { reportUrl } from './InterpretationStart.tsx';

const STATUS: Record<InterpretationListItem['status'], { color: string; label: string }> = {
  running: { color: 'processing', label: '解读中' },
  done: { color: 'success', label: '已完成' },
  error: { color: 'error', label: '失败' },
};

/** The caller's interpretations, newest first: open, or remove after confirming. */
export function InterpretationHistory() {
  const navigate = useNavigate();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const list = useInterpretationList(page.current, page.size);
  const remove = useRemoveInterpretation();

  const columns: TableColumnsType<InterpretationListItem> = [
    {
      title: '名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, r) => (
        <a
          href={reportUrl(r.id)}
          onClick={(e) => (e.preventDefault(), navigate(reportUrl(r.id)))}
          data-testid="interpretation-open"
        >
          {name}
        </a>
      ),
    },
    {
      title: '来源',
      dataIndex: 'fileKind',
      width: 90,
      render: (k: string | null) => (k ? k.toUpperCase() : '粘贴'),
    },
    {
      title: '字数',
      dataIndex: 'chars',
      width: 100,
      align: 'right',
      render: (n: number) => n.toLocaleString('zh-CN'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 170,
      render: (s: InterpretationListItem['status'], r) =>
        s === 'running' ? (
          <Progress percent={r.progress} size="small" status="active" />
        ) : (
          <Tag color={STATUS[s].color} title={r.error ?? undefined}>
            {STATUS[s].label}
          </Tag>
        ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (t: string) => formatTime(t) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(reportUrl(r.id))}>
            查看
          </Button>
          <Popconfirm
            title="删除这条解读记录？"
            description="删除后不可恢复；进行中的解读会停止。"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r.id).then(() => toastSuccess('已删除'))}
          >
            <Button type="link" size="small" danger data-testid="interpretation-remove">
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<InterpretationListItem>
      rowKey="id"
      size="middle"
      data-testid="interpretation-history"
      loading={list.isFetching && !list.data}
      columns={columns}
      dataSource={list.data?.records ?? []}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="还没有解读记录。上传一份招标文件，解读结果会保存在这里。"
          />
        ),
      }}
      pagination={{
        current: page.current,
        pageSize: page.size,
        total: list.data?.total ?? 0,
        hideOnSinglePage: true,
        showTotal: (t) => `共 ${t} 条`,
        onChange: (current, size) => setPage({ current, size }),
      }}
    />
  );
}
