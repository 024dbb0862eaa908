import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Modal, Segmented, Space, Table, Upload } from 'antd';
import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INVOICE_LIMITS,
  INVOICE_MSG,
  INVOICE_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  formatTime,
  maskPhone,
  rejectInvoiceSchema,
  type AdminInvoiceItem,
  type InvoiceStatus,
} from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, promptDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { adminInvoiceApi, invoiceKeys } from '../../features/invoice/api.ts';
import { InvoiceStatusTag } from '../../features/invoice/MyInvoices.tsx';
import { invoiceBuyerItems } from '../../features/invoice/buyerItems.tsx';

const PAGE_SIZE = 20;
const FILTERS: Array<{ label: string; value: InvoiceStatus | 'all' }> = [
  { label: '申请中', value: 'pending' },
  { label: '已开具', value: 'issued' },
  { label: '已驳回', value: 'rejected' },
  { label: '全部', value: 'all' },
];

/** What the invoice must say: the buyer's details and the orders it covers. */
function InvoiceFacts({ inv }: { inv: AdminInvoiceItem }) {
  return (
    <Descriptions
      column={2}
      size="small"
      bordered
      items={[
        ...invoiceBuyerItems(inv),
        {
          key: 'orders',
          label: '订单',
          span: 2,
          children: inv.orders
            .map(
              (o) =>
                `${o.id}（${o.packageName} ¥${o.amount}${o.status === 'paid' ? '' : `，${ORDER_STATUS_LABELS[o.status]}`}）`,
            )
            .join('，'),
        },
      ]}
    />
  );
}

/** 开具: the operator checks the details and uploads the invoice PDF made in the tax system. */
function IssueDialog({
  inv,
  onClose,
  onIssued,
}: {
  inv: AdminInvoiceItem | null;
  onClose: () => void;
  onIssued: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };
  const issue = () =>
    run('issue', async () => {
      if (!inv) return;
      if (!file) {
        setError(INVOICE_MSG.pdfMissing);
        return;
      }
      await adminInvoiceApi.issue(inv.id, file);
      toastSuccess('发票已开具，用户可下载');
      setFile(null);
      onIssued();
    });
  return (
    <Modal
      open={inv !== null}
      title="开具发票"
      width={720}
      okText="确认开具"
      cancelText="取消"
      confirmLoading={busy === 'issue'}
      onOk={() => void issue()}
      onCancel={close}
      destroyOnHidden
    >
      {inv ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="invoice-issue">
          <InvoiceFacts inv={inv} />
          <Upload
            accept="application/pdf,.pdf"
            maxCount={1}
            fileList={file ? [{ uid: 'pdf', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              // Checked again by the server (by its bytes); this only spares a useless upload.
              if (f.size > INVOICE_LIMITS.pdfBytes) setError(INVOICE_MSG.pdfTooLarge);
              else {
                setError(null);
                setFile(f);
              }
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />}>选择发票 PDF</Button>
          </Upload>
          {error ? <Alert type="error" showIcon title={error} /> : null}
        </Space>
      ) : null}
    </Modal>
  );
}

/** /admin/invoices: applications to issue (upload the PDF) or reject with a reason; issued ones can be viewed. */
export default function AdminInvoicesPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<InvoiceStatus | 'all'>('pending');
  const [current, setCurrent] = useState(1);
  const [issuing, setIssuing] = useState<AdminInvoiceItem | null>(null);
  const { busy, run } = useBusyAction();
  const list = useQuery({
    queryKey: [...invoiceKeys.admin, status, current],
    queryFn: () =>
      adminInvoiceApi.list({ current, size: PAGE_SIZE, ...(status === 'all' ? {} : { status }) }),
    placeholderData: keepPreviousData,
  });
  const reload = () => qc.invalidateQueries({ queryKey: invoiceKeys.admin });
  const reject = (inv: AdminInvoiceItem) =>
    run(inv.id, async () => {
      const reason = await promptDialog({
        title: '驳回发票申请',
        label: `驳回 ${inv.title} 的发票申请（¥${inv.amount}），用户会看到原因，订单可重新申请。`,
        placeholder: '驳回原因',
        inputType: 'textarea',
        okText: '驳回',
        validator: (v) => rejectInvoiceSchema.shape.reason.safeParse(v).error?.issues[0]?.message ?? true,
      });
      if (reason === null) return;
      const sure = await confirmDialog({
        title: '确认驳回',
        content: `确认驳回该申请？原因：${reason}`,
        okText: '确认驳回',
        danger: true,
      });
      if (!sure) return;
      await adminInvoiceApi.reject({ id: inv.id, reason });
      toastSuccess('已驳回，用户可看到原因');
      await reload();
    });
  return (
    <PageFrame
      title="发票管理"
      description="核对开票信息，在税务系统开具后上传发票 PDF；信息有误时驳回并写明原因。"
    >
      <Panel
        extra={
          <Space>
            <Segmented
              options={FILTERS}
              value={status}
              onChange={(v) => {
                setStatus(v as InvoiceStatus | 'all');
                setCurrent(1);
              }}
            />
            <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void reload()}>
              刷新
            </Button>
          </Space>
        }
      >
        <Table<AdminInvoiceItem>
          rowKey="id"
          data-testid="admin-invoices"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty description="没有发票申请" /> }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setCurrent,
            hideOnSinglePage: true,
          }}
          expandable={{ expandedRowRender: (inv) => <InvoiceFacts inv={inv} /> }}
          columns={[
            {
              title: '申请人',
              dataIndex: 'applicantAccount',
              render: (v: string, r) => `${maskPhone(v) || v}${r.holder === 'tenant' ? '（企业）' : ''}`,
            },
            { title: '发票抬头', dataIndex: 'title' },
            {
              title: '类型',
              dataIndex: 'type',
              render: (t: AdminInvoiceItem['type']) => INVOICE_TYPE_LABELS[t],
            },
            {
              title: '金额',
              dataIndex: 'amount',
              render: (v: string, r) => `¥${v}（${r.orderCount} 个订单）`,
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: InvoiceStatus, r) => <InvoiceStatusTag status={s} reason={r.rejectReason} />,
            },
            { title: '申请时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
            {
              title: '操作',
              render: (_: unknown, r: AdminInvoiceItem) =>
                r.status === 'pending' ? (
                  <Space size={4}>
                    <Button type="primary" size="small" onClick={() => setIssuing(r)}>
                      开具
                    </Button>
                    <Button size="small" danger loading={busy === r.id} onClick={() => void reject(r)}>
                      驳回
                    </Button>
                  </Space>
                ) : r.downloadable ? (
                  <Button
                    size="small"
                    loading={busy === r.id}
                    onClick={() => void run(r.id, () => adminInvoiceApi.download(r.id))}
                  >
                    查看 PDF
                  </Button>
                ) : null,
            },
          ]}
        />
      </Panel>
      <IssueDialog
        inv={issuing}
        onClose={() => setIssuing(null)}
        onIssued={() => {
          setIssuing(null);
          void reload();
        }}
      />
    </PageFrame>
  );
}
