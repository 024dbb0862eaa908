import { useState } from 'react';
import { Button, Empty, Segmented, Table, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORDER_STATUS_LABELS,
  PACKAGE_KIND_LABELS,
  formatTime,
  maskPhone,
  type AdminOrderItem,
  type OrderStatus,
} from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, promptDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { adminApi, commerceKeys } from '../../features/commerce/api.ts';

const PAGE_SIZE = 20;
const FILTERS: Array<{ label: string; value: OrderStatus | 'all' }> = [
  { label: '待付款', value: 'created' },
  { label: '已付款', value: 'paid' },
  { label: '已退款', value: 'refunded' },
  { label: '全部', value: 'all' },
];

/** /admin/orders: every order; a transfer order is marked paid with 确认收款 after checking the bank. */
export default function AdminOrdersPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<OrderStatus | 'all'>('created');
  const [current, setCurrent] = useState(1);
  const { busy, run } = useBusyAction();
  const list = useQuery({
    queryKey: [...commerceKeys.admin, 'orders', status, current],
    queryFn: () => adminApi.orders({ current, size: PAGE_SIZE, ...(status === 'all' ? {} : { status }) }),
    placeholderData: keepPreviousData,
  });
  const confirm = (o: AdminOrderItem) =>
    run(o.id, async () => {
      const ok = await confirmDialog({
        title: '确认收款',
        content: `确认已收到订单 ${o.id} 的转账 ¥${o.amount}？确认后买家的额度立即增加。`,
        okText: '确认收款',
      });
      if (!ok) return;
      const r = await adminApi.confirm(o.id);
      toastSuccess(r.credited ? '已确认收款，额度已到账' : '该订单此前已确认，未重复到账');
      await qc.invalidateQueries({ queryKey: commerceKeys.admin });
    });
  const refund = (o: AdminOrderItem) =>
    run(o.id, async () => {
      const note = await promptDialog({
        title: `退款：订单 ${o.id}（¥${o.amount}）`,
        label: '退款说明',
        placeholder: o.payMethod === 'wechat' ? '如：已在微信支付商户平台原路退回' : '如：已转账退回买家账户',
        inputType: 'textarea',
        okText: '确认退款',
        validator: (v) => (v.trim() ? true : '请填写退款说明'),
      });
      if (note === null) return;
      const r = await adminApi.refund({ id: o.id, note });
      toastSuccess(
        r.alreadyUsed > 0
          ? `已退款：收回 ${r.takenBack} 份额度，${r.alreadyUsed} 份已被使用无法收回`
          : `已退款：收回 ${r.takenBack} 份额度`,
      );
      await qc.invalidateQueries({ queryKey: commerceKeys.admin });
    });
  return (
    <PageFrame
      title="订单管理"
      description="核对银行到账（转账备注含订单号）后确认收款；重复确认不会重复增加额度。退款需先在线下退回款项（银行转账或微信支付商户平台），这里记录退款并收回该订单到账的额度。"
    >
      <Panel
        extra={
          <Segmented
            options={FILTERS}
            value={status}
            onChange={(v) => {
              setStatus(v as OrderStatus | 'all');
              setCurrent(1);
            }}
          />
        }
      >
        <Table<AdminOrderItem>
          rowKey="id"
          data-testid="admin-orders"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty description="没有订单" /> }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setCurrent,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: '订单号', dataIndex: 'id' },
            {
              title: '买家',
              dataIndex: 'buyerAccount',
              render: (v: string, o) => `${maskPhone(v) || v}${o.holder === 'tenant' ? '（企业）' : ''}`,
            },
            {
              title: '套餐',
              dataIndex: 'packageName',
              render: (v: string, o) => `${v}（${PACKAGE_KIND_LABELS[o.kind]}）`,
            },
            {
              title: '金额',
              dataIndex: 'amount',
              render: (v: string, o) =>
                o.couponCode ? `¥${v}（优惠码 ${o.couponCode} 减 ¥${o.discount}）` : `¥${v}`,
            },
            {
              title: '付款方式',
              dataIndex: 'payMethod',
              render: (v: string) => (v === 'transfer' ? '银行转账' : '微信支付'),
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: OrderStatus) => (
                <Tag color={s === 'paid' ? 'green' : s === 'created' ? 'gold' : 'default'}>
                  {ORDER_STATUS_LABELS[s]}
                </Tag>
              ),
            },
            { title: '下单时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
            {
              title: '付款时间',
              dataIndex: 'payTime',
              render: (v: string | null) => (v ? formatTime(v) : '-'),
            },
            {
              title: '操作',
              render: (_: unknown, o: AdminOrderItem) =>
                o.status === 'created' && o.payMethod === 'transfer' ? (
                  <Button type="primary" size="small" loading={busy === o.id} onClick={() => void confirm(o)}>
                    确认收款
                  </Button>
                ) : o.status === 'paid' ? (
                  <Button size="small" danger loading={busy === o.id} onClick={() => void refund(o)}>
                    退款
                  </Button>
                ) : null,
            },
          ]}
        />
      </Panel>
    </PageFrame>
  );
}
