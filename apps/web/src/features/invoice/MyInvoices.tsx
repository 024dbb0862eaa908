import { useState } from 'react';
import { Button, Descriptions, Empty, Modal, Skeleton, Space, Table, Tag } from 'antd';
import { DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  formatTime,
  type InvoiceItem,
  type InvoiceStatus,
} from '@bid/shared';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { useSession } from '../../stores/session.ts';
import { invoiceApi, invoiceKeys } from './api.ts';
import { invoiceBuyerItems } from './buyerItems.tsx';

const PAGE_SIZE = 10;
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  pending: 'gold',
  issued: 'green',
  rejected: 'red',
};

export function InvoiceStatusTag({ status, reason }: { status: InvoiceStatus; reason: string | null }) {
  const tag = <Tag color={INVOICE_STATUS_COLORS[status]}>{INVOICE_STATUS_LABELS[status]}</Tag>;
  return status === 'rejected' && reason ? (
    <Space size={4} wrap>
      {tag}
      <span style={{ color: '#b91c1c' }}>原因：{reason}</span>
    </Space>
  ) : (
    tag
  );
}

function InvoiceDetailModal({
  id,
  onClose,
  onDownload,
  downloading,
}: {
  id: string | null;
  onClose: () => void;
  onDownload: (id: string) => void;
  downloading: boolean;
}) {
  const detail = useQuery({
    queryKey: [...invoiceKeys.all, 'detail', id],
    queryFn: () => invoiceApi.detail(id ?? ''),
    enabled: id !== null,
  });
  const d = detail.data;
  return (
    <Modal
      open={id !== null}
      title="发票详情"
      width={680}
      onCancel={onClose}
      footer={
        d?.downloadable ? (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => onDownload(d.id)}
          >
            下载发票
          </Button>
        ) : null
      }
    >
      {!d ? <Skeleton active /> : null}
      {d ? (
        <div data-testid="invoice-detail">
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              {
                key: 'status',
                label: '状态',
                span: 2,
                children: <InvoiceStatusTag status={d.status} reason={d.rejectReason} />,
              },
              ...invoiceBuyerItems(d),
              { key: 'createTime', label: '申请时间', children: formatTime(d.createTime) },
              { key: 'issueTime', label: '开具时间', children: d.issueTime ? formatTime(d.issueTime) : '-' },
            ]}
          />
          <Table
            rowKey="id"
            size="small"
            style={{ marginTop: 12 }}
            pagination={false}
            dataSource={d.orders}
            columns={[
              { title: '订单号', dataIndex: 'id' },
              { title: '套餐', dataIndex: 'packageName' },
              { title: '金额', dataIndex: 'amount', render: (v: string) => `¥${v}` },
              {
                title: '付款时间',
                dataIndex: 'payTime',
                render: (v: string | null) => (v ? formatTime(v) : '-'),
              },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * Who sees which invoices (the server's invoiceScope, issue 30 finding 10), said on the screen: a
 * company's administrator the whole company's, an employee their own.
 */
export function invoicePolicyText(user: { isEmployee?: number; role?: string } | null): string {
  if (user?.isEmployee !== 1) return '已付款的订单可申请发票；开具后在此下载发票 PDF。';
  return user.role === 'company_admin'
    ? '你是企业管理员：可查看、申请和下载本企业全部订单的发票；员工只能看到自己申请或自己订单的发票。'
    : '你只能看到自己购买的订单和自己申请（或包含你订单）的发票；本企业的全部发票由企业管理员查看。';
}

/** The 发票 tab of /home/packages: the caller's applications with their status, detail and the issued PDF. */
export function MyInvoices({ onApply }: { onApply: () => void }) {
  const user = useSession((s) => s.user);
  const [current, setCurrent] = useState(1);
  const [shown, setShown] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  const list = useQuery({
    queryKey: [...invoiceKeys.all, 'list', current],
    queryFn: () => invoiceApi.list({ current, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const download = (id: string) => run(id, () => invoiceApi.download(id));
  return (
    <>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}
      >
        <span style={{ color: '#475569' }} data-testid="invoice-policy">
          {invoicePolicyText(user)}
        </span>
        <Button type="primary" icon={<FileAddOutlined />} onClick={onApply}>
          申请发票
        </Button>
      </div>
      <Table<InvoiceItem>
        rowKey="id"
        data-testid="my-invoices"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty description="还没有发票申请" /> }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setCurrent,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '申请时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
          { title: '发票抬头', dataIndex: 'title' },
          { title: '类型', dataIndex: 'type', render: (t: InvoiceItem['type']) => INVOICE_TYPE_LABELS[t] },
          { title: '金额', dataIndex: 'amount', render: (v: string, r) => `¥${v}（${r.orderCount} 个订单）` },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: InvoiceStatus, r) => <InvoiceStatusTag status={s} reason={r.rejectReason} />,
          },
          {
            title: '操作',
            render: (_: unknown, r: InvoiceItem) => (
              <Space size={0}>
                <Button type="link" onClick={() => setShown(r.id)}>
                  详情
                </Button>
                {r.status === 'issued' ? (
                  <Button
                    type="link"
                    icon={<DownloadOutlined />}
                    loading={busy === r.id}
                    onClick={() => void download(r.id)}
                  >
                    下载
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <InvoiceDetailModal
        id={shown}
        onClose={() => setShown(null)}
        onDownload={(id) => void download(id)}
        downloading={busy !== null}
      />
    </>
  );
}
