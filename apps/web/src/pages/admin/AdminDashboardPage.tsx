import { Alert, Skeleton, Space, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { adminApi, commerceKeys } from '../../features/commerce/api.ts';
import { RevenueTable } from './RevenueTable.tsx';

/** /admin: counts an operator looks at first, then the last 30 days day by day. */
export default function AdminDashboardPage() {
  const dash = useQuery({
    queryKey: [...commerceKeys.admin, 'dashboard'],
    queryFn: () => adminApi.dashboard(),
  });
  const d = dash.data;
  return (
    <PageFrame title="运营概览" description="用户、标书与订单的总数；收入为已付款订单的合计。">
      <Panel>
        {dash.isError ? <Alert type="warning" showIcon title="数据暂时无法读取，请稍后刷新" /> : null}
        {dash.isPending ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
        {d ? (
          <Space size={56} wrap data-testid="admin-dashboard">
            <Statistic title="用户" value={d.users} />
            <Statistic title="标书" value={d.bids} />
            <Statistic title="待确认订单" value={d.ordersCreated} />
            <Statistic title="已付款订单" value={d.ordersPaid} />
            <Statistic title="收入（元）" value={d.revenue} />
          </Space>
        ) : null}
      </Panel>
      <Panel title="近 30 天（北京时间）">
        <RevenueTable />
      </Panel>
    </PageFrame>
  );
}
