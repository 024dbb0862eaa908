import { useState } from 'react';
import { Alert, Button, Empty, Modal, Skeleton, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { ReloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORDER_STATUS_LABELS,
  PACKAGE_KIND_LABELS,
  QUOTA_BUCKET_LABELS,
  formatTime,
  type BidLogItem,
  type OrderItem,
  type PackageItem,
} from '@bid/shared';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { useSession } from '../../../stores/session.ts';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import { commerceApi, commerceKeys } from '../../../features/commerce/api.ts';
import { TransferInstructions } from '../../../features/commerce/TransferInstructions.tsx';
import { BuyDialog } from '../../../features/commerce/BuyDialog.tsx';
import { confirmDialog, toastSuccess } from '../../../utils/feedback.ts';
import { invoiceApi, invoiceKeys } from '../../../features/invoice/api.ts';
import { ApplyInvoiceDialog } from '../../../features/invoice/ApplyInvoiceDialog.tsx';
import { MyInvoices } from '../../../features/invoice/MyInvoices.tsx';

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<OrderItem['status'], string> = {
  created: 'gold',
  paid: 'green',
  cancelled: 'default',
  refunded: 'purple',
};
const REASONS: Record<string, string> = {
  bid: '新建标书',
  order: '购买套餐',
  grant: '赠送',
  signup: '注册赠送',
  invite: '邀请奖励',
  refund: '退款收回',
  monthly: '月度刷新',
  expired: '套餐到期',
};

function QuotaPanel({ onRefresh }: { onRefresh: () => void }) {
  const mine = useQuery({
    queryKey: [...commerceKeys.all, 'mine'],
    queryFn: () => commerceApi.mine({ silent: true }),
  });
  const q = mine.data?.quota;
  return (
    <Panel
      title={q?.holder === 'tenant' ? '当前额度（企业共用）' : '当前额度'}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRefresh}>
          刷新
        </Button>
      }
    >
      {mine.isError ? <Alert type="warning" showIcon title="额度暂时无法读取，请稍后刷新" /> : null}
      {!q && mine.isPending ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
      {q ? (
        <Space size={48} wrap data-testid="packages-quota">
          <Statistic title="剩余额度" value={q.total} suffix="份" />
          <Statistic title="购买额度" value={q.purchased} suffix="份" />
          <Statistic title="月度额度" value={q.month} suffix="份" />
          <Statistic title="体验额度" value={q.temporary} suffix="份" />
          <Statistic title="赠送额度" value={q.grant} suffix="份" />
          {q.unlimited && q.unlimitedUntil ? (
            <Statistic title="包年不限份数至" value={formatTime(q.unlimitedUntil, 'YYYY-MM-DD')} />
          ) : null}
        </Space>
      ) : null}
    </Panel>
  );
}

function PackageCard({ pkg, onBuy }: { pkg: PackageItem; onBuy: (p: PackageItem) => void }) {
  return (
    <div
      className="bs-panel"
      style={{ padding: 20, display: 'flex', flexDirection: 'column', gap: 8 }}
      data-testid={`package-${pkg.id}`}
    >
      <Space>
        <strong style={{ fontSize: 16 }}>{pkg.name}</strong>
        <Tag color="blue">{PACKAGE_KIND_LABELS[pkg.kind]}</Tag>
      </Space>
      <div>
        <span style={{ fontSize: 26, fontWeight: 600, color: '#1d4ed8' }}>¥{pkg.price}</span>
        {pkg.originalPrice ? <s style={{ marginLeft: 8, color: '#94a3b8' }}>¥{pkg.originalPrice}</s> : null}
      </div>
      <div style={{ color: '#475569', minHeight: 44 }}>{pkg.description}</div>
      <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => onBuy(pkg)}>
        购买
      </Button>
    </div>
  );
}

function OrdersTable({ onInvoice }: { onInvoice: (orderId: string) => void }) {
  const [current, setCurrent] = useState(1);
  const qc = useQueryClient();
  const { busy, run } = useBusyAction();
  const cancel = (o: OrderItem) =>
    run(o.id, async () => {
      if (
        !(await confirmDialog({
          title: '取消订单',
          content: `取消订单 ${o.id}？取消后不能再付款，使用的优惠码退回。`,
          okText: '取消订单',
          cancelText: '不取消',
        }))
      )
        return;
      await commerceApi.cancelOrder(o.id);
      toastSuccess('订单已取消');
      await qc.invalidateQueries({ queryKey: commerceKeys.all });
    });
  // Paid orders not on a live invoice yet: those get 申请发票.
  const payable = useQuery({
    queryKey: invoiceKeys.payable,
    queryFn: () => invoiceApi.payableOrders({ silent: true }),
  });
  const invoiceable = new Set((payable.data ?? []).map((o) => o.id));
  const [shown, setShown] = useState<OrderItem | null>(null);
  const list = useQuery({
    queryKey: [...commerceKeys.all, 'orders', current],
    queryFn: () => commerceApi.myOrders({ current, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Table<OrderItem>
        rowKey="id"
        data-testid="my-orders"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty description="还没有订单" /> }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setCurrent,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '订单号', dataIndex: 'id' },
          { title: '套餐', dataIndex: 'packageName' },
          {
            title: '金额',
            dataIndex: 'amount',
            render: (v: string, o) => (o.couponCode ? `¥${v}（优惠 ¥${o.discount}）` : `¥${v}`),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: OrderItem['status']) => <Tag color={STATUS_COLORS[s]}>{ORDER_STATUS_LABELS[s]}</Tag>,
          },
          { title: '下单时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
          {
            title: '付款时间',
            dataIndex: 'payTime',
            render: (v: string | null) => (v ? formatTime(v) : '-'),
          },
          {
            title: '操作',
            render: (_: unknown, o: OrderItem) =>
              o.status === 'created' ? (
                <Space size={0}>
                  {o.transfer ? (
                    <Button type="link" onClick={() => setShown(o)}>
                      转账信息
                    </Button>
                  ) : null}
                  <Button type="link" danger loading={busy === o.id} onClick={() => void cancel(o)}>
                    取消订单
                  </Button>
                </Space>
              ) : invoiceable.has(o.id) ? (
                <Button type="link" onClick={() => onInvoice(o.id)}>
                  申请发票
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal open={shown !== null} title="转账信息" onCancel={() => setShown(null)} footer={null}>
        {shown?.transfer ? <TransferInstructions transfer={shown.transfer} amount={shown.amount} /> : null}
      </Modal>
    </>
  );
}

function BidLogTable() {
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: [...commerceKeys.all, 'bidLog', current],
    queryFn: () => commerceApi.bidLog({ current, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<BidLogItem>
      rowKey="id"
      loading={list.isPending}
      dataSource={list.data?.records ?? []}
      locale={{ emptyText: <Empty description="还没有额度变动" /> }}
      pagination={{
        current,
        pageSize: PAGE_SIZE,
        total: list.data?.total ?? 0,
        onChange: setCurrent,
        hideOnSinglePage: true,
      }}
      columns={[
        { title: '时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
        {
          title: '变动',
          dataIndex: 'delta',
          render: (d: number, r) => (r.bucket === 'unlimited' ? '不限份数' : d > 0 ? `+${d}` : String(d)),
        },
        {
          title: '额度类型',
          dataIndex: 'bucket',
          render: (b: BidLogItem['bucket']) => QUOTA_BUCKET_LABELS[b],
        },
        { title: '原因', dataIndex: 'reason', render: (r: string) => REASONS[r] ?? r },
        { title: '关联订单', dataIndex: 'orderId', render: (v: string | null) => v ?? '-' },
      ]}
    />
  );
}

/** /home/packages: the packages on sale, buying by bank transfer, the caller's orders, quota movements and invoices. */
export default function PackagesPage() {
  const qc = useQueryClient();
  const [buying, setBuying] = useState<PackageItem | null>(null);
  const [tab, setTab] = useState('orders');
  const [applying, setApplying] = useState<string[] | null>(null);
  const packages = useQuery({ queryKey: commerceKeys.packages, queryFn: () => commerceApi.packages() });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: commerceKeys.all });
    void qc.invalidateQueries({ queryKey: invoiceKeys.all });
    void useSession.getState().loadUserInfo();
  };
  return (
    <PageFrame
      title="套餐与订单"
      description="新建一份标书消耗一份额度；修改、重写与导出不另外计费。付款到账后额度自动增加。"
    >
      <QuotaPanel onRefresh={refresh} />
      <Panel title="选择套餐">
        {packages.isPending ? <Skeleton active /> : null}
        {packages.data && !packages.data.length ? <Empty description="暂无在售套餐，请联系客服" /> : null}
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 16 }}
        >
          {(packages.data ?? []).map((p) => (
            <PackageCard key={p.id} pkg={p} onBuy={setBuying} />
          ))}
        </div>
      </Panel>
      <Panel>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'orders',
              label: '我的订单',
              children: <OrdersTable onInvoice={(id) => setApplying([id])} />,
            },
            { key: 'log', label: '额度明细', children: <BidLogTable /> },
            { key: 'invoices', label: '发票', children: <MyInvoices onApply={() => setApplying([])} /> },
          ]}
        />
      </Panel>
      <ApplyInvoiceDialog
        open={applying !== null}
        preselect={applying ?? []}
        onClose={() => setApplying(null)}
        onSaved={() => {
          setApplying(null);
          setTab('invoices');
          void qc.invalidateQueries({ queryKey: invoiceKeys.all });
        }}
      />
      <BuyDialog
        pkg={buying}
        onClose={() => setBuying(null)}
        onOrdered={() => {
          setTab('orders');
          void qc.invalidateQueries({ queryKey: commerceKeys.all });
          void qc.invalidateQueries({ queryKey: invoiceKeys.all });
        }}
      />
    </PageFrame>
  );
}
