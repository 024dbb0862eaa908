import { useState } from 'react';
import { Button, Input, Popconfirm, Progress, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { formatTime, type BidListItem, type BidListQuery } from '@bid/shared';
import { useSession } from '../../../stores/session.ts';
import { toastSuccess } from '../../../utils/feedback.ts';
import { ExportDialog } from '../../export/ExportDialog.tsx';
import { useBidList, useRecycleMutations } from '../api.ts';
import '../bid.css';

export type BidTableMode = 'writing' | 'finished' | 'recycle';

const writeUrl = (id: string) => `/home/book/BidingWrite?id=${encodeURIComponent(id)}`;

/**
 * A page of bids: in progress (/home/book), finished or in the recycle bin (/home/historyBook).
 * Paged and searched on the server.
 */
export function BidTable({ mode }: { mode: BidTableMode }) {
  const navigate = useNavigate();
  const isAdmin = useSession((s) => s.user?.role === 'company_admin');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const query: Partial<BidListQuery> = {
    current: page.current,
    size: page.size,
    keyword: keyword || undefined,
    ...(mode === 'recycle' ? { recycle: true } : { status: mode, recycle: false }),
  };
  const list = useBidList(query);
  const { remove, recover } = useRecycleMutations();
  const [exporting, setExporting] = useState<BidListItem | null>(null);

  const columns: TableColumnsType<BidListItem> = [
    {
      title: '标书名称',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, r) =>
        mode === 'recycle' ? (
          name
        ) : (
          <a href={writeUrl(r.id)} onClick={(e) => (e.preventDefault(), navigate(writeUrl(r.id)))}>
            {name}
          </a>
        ),
    },
    ...(isAdmin ? [{ title: '编写人', dataIndex: 'authorName', width: 120 } as const] : []),
    {
      title: '写作进度',
      dataIndex: 'progress',
      width: 180,
      render: (p: number) => <Progress percent={p} size="small" status={p >= 100 ? 'success' : 'normal'} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 96,
      render: (s: string, r) =>
        r.deleteTime ? (
          <Tag>已删除</Tag>
        ) : s === 'finished' ? (
          <Tag color="success">已完成</Tag>
        ) : (
          <Tag color="processing">编写中</Tag>
        ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (t: string) => formatTime(t) },
    mode === 'finished'
      ? {
          title: '完成时间',
          dataIndex: 'finishTime',
          width: 170,
          render: (t: string | null) => formatTime(t),
        }
      : mode === 'recycle'
        ? {
            title: '删除时间',
            dataIndex: 'deleteTime',
            width: 170,
            render: (t: string | null) => formatTime(t),
          }
        : { title: '更新时间', dataIndex: 'updateTime', width: 170, render: (t: string) => formatTime(t) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, r) =>
        mode === 'recycle' ? (
          <Popconfirm
            title="恢复这份标书？"
            description="恢复后回到“我的标书”或“已完成”中。"
            okText="恢复"
            onConfirm={() => recover.mutateAsync(r.id).then(() => toastSuccess('已恢复'))}
          >
            <Button type="link" size="small" data-testid="recover-bid">
              恢复
            </Button>
          </Popconfirm>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(writeUrl(r.id))} data-testid="open-bid">
              {mode === 'finished' ? '查看' : '写作'}
            </Button>
            <Button type="link" size="small" onClick={() => setExporting(r)} data-testid="export-bid">
              导出 Word
            </Button>
            <Popconfirm
              title="删除这份标书？"
              description="标书会移入回收站，可在“历史标书”中恢复。"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(r.id).then(() => toastSuccess('已移入回收站'))}
            >
              <Button type="link" size="small" danger data-testid="remove-bid">
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <div className="bs-bid-table">
      <div className="bs-bid-table__bar">
        <Input.Search
          allowClear
          placeholder="按名称搜索"
          aria-label="按名称搜索标书"
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
      </div>
      <Table<BidListItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching && !list.data}
        columns={columns}
        dataSource={list.data?.records ?? []}
        locale={{
          emptyText:
            mode === 'recycle'
              ? '回收站是空的'
              : mode === 'finished'
                ? '写作进度达到 100% 并点击“完成标书”的标书会显示在这里'
                : keyword
                  ? '没有找到名称匹配的标书'
                  : '还没有标书，点右上角“新建标书”开始',
        }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 份`,
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
      {exporting ? (
        <ExportDialog bidId={exporting.id} bidName={exporting.name} open onClose={() => setExporting(null)} />
      ) : null}
    </div>
  );
}
