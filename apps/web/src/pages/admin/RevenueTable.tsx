import { Alert, Empty, Skeleton, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminRevenue } from '@bid/shared';
import { adminApi, commerceKeys } from '../../features/commerce/api.ts';

type Day = AdminRevenue['days'][number];

/** The last 30 days, newest first, with a bar for each day's revenue (paid minus refunded). */
export function RevenueTable() {
  const q = useQuery({ queryKey: [...commerceKeys.admin, 'revenue'], queryFn: () => adminApi.revenue() });
  if (q.isError) return <Alert type="warning" showIcon title="每日数据暂时无法读取，请稍后刷新" />;
  if (q.isPending) return <Skeleton active />;
  const days = [...q.data.days].reverse();
  const max = Math.max(1, ...days.map((d) => Math.abs(Number(d.revenue))));
  return (
    <Table<Day>
      rowKey="day"
      size="small"
      data-testid="admin-revenue"
      dataSource={days}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description="近 30 天没有数据" /> }}
      columns={[
        { title: '日期', dataIndex: 'day' },
        { title: '新用户', dataIndex: 'newUsers' },
        { title: '新标书', dataIndex: 'newBids' },
        { title: '新订单', dataIndex: 'orders' },
        { title: '已付款（元）', dataIndex: 'paid' },
        { title: '退款（元）', dataIndex: 'refunded' },
        {
          title: '收入（元）',
          dataIndex: 'revenue',
          render: (v: string) => (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <span style={{ minWidth: 72 }}>{v}</span>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  height: 8,
                  borderRadius: 4,
                  width: `${Math.round((Math.abs(Number(v)) / max) * 120)}px`,
                  background: Number(v) < 0 ? '#f5222d' : '#1677ff',
                }}
              />
            </div>
          ),
        },
      ]}
    />
  );
}
