import { useEffect, useState } from 'react';
import { Alert, Empty, Form, Input, Modal, Radio, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatTime, saveInvoiceSchema, type InvoiceOrder, type InvoiceType } from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { invoiceApi, invoiceKeys } from './api.ts';

interface Fields {
  type: InvoiceType;
  title: string;
  taxNumber: string;
  email: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
}

const EMPTY: Fields = {
  type: 'normal',
  title: '',
  taxNumber: '',
  email: '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
};

/** Sum of "199.00" amounts, in fen to stay exact. */
function total(orders: InvoiceOrder[]): string {
  const fen = orders.reduce((s, o) => s + Math.round(Number(o.amount) * 100), 0);
  return (fen / 100).toFixed(2);
}

/**
 * 申请发票: choose paid orders not yet invoiced, the type and the buyer's details. The shared schema
 * validates before sending, so the messages are the server's own, shown under their fields.
 */
export function ApplyInvoiceDialog({
  open,
  preselect,
  onClose,
  onSaved,
}: {
  open: boolean;
  preselect: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Fields>();
  const type = Form.useWatch('type', form) ?? 'normal';
  const { busy, run } = useBusyAction();
  const [selected, setSelected] = useState<string[]>([]);
  const [ordersError, setOrdersError] = useState<string | null>(null);
  const orders = useQuery({
    queryKey: invoiceKeys.payable,
    queryFn: () => invoiceApi.payableOrders(),
    enabled: open,
  });
  const available = orders.data ?? [];

  useEffect(() => {
    if (open) {
      setSelected(preselect);
      setOrdersError(null);
      form.resetFields();
    }
  }, [open, preselect, form]);

  const submit = () =>
    run('save', async () => {
      const values = { ...EMPTY, ...form.getFieldsValue() };
      const parsed = saveInvoiceSchema.safeParse({
        ...values,
        orderIds: selected.filter((id) => available.some((o) => o.id === id)),
      });
      if (!parsed.success) {
        const byField = new Map<string, string>();
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? '');
          if (!byField.has(key)) byField.set(key, issue.message);
        }
        setOrdersError(byField.get('orderIds') ?? null);
        form.setFields(
          (Object.keys(EMPTY) as Array<keyof Fields>).map((name) => ({
            name,
            errors: byField.has(name) ? [byField.get(name)!] : [],
          })),
        );
        return;
      }
      setOrdersError(null);
      const r = await invoiceApi.save(parsed.data);
      toastSuccess(`发票申请已提交，金额 ¥${r.amount}`);
      onSaved();
    });

  const chosen = available.filter((o) => selected.includes(o.id));
  return (
    <Modal
      open={open}
      title="申请发票"
      width={720}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={busy === 'save'}
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
    >
      <div data-testid="invoice-apply">
        <div style={{ marginBottom: 8 }}>选择开票订单（已付款且未开票）：</div>
        <Table<InvoiceOrder>
          rowKey="id"
          size="small"
          loading={orders.isPending}
          dataSource={available}
          pagination={false}
          scroll={{ y: 200 }}
          locale={{ emptyText: <Empty description="没有可开票的订单" /> }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
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
        {ordersError ? <Alert type="error" showIcon style={{ marginTop: 8 }} title={ordersError} /> : null}
        <div style={{ margin: '12px 0' }}>
          开票金额：<strong data-testid="invoice-apply-total">¥{total(chosen)}</strong>（{chosen.length}{' '}
          个订单）
        </div>
        <Form<Fields>
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          initialValues={EMPTY}
          // A message from the last 提交 goes once its field is edited.
          onValuesChange={(changed: Partial<Fields>) =>
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Fields, errors: [] })))
          }
        >
          <Form.Item label="发票类型" name="type">
            <Radio.Group>
              <Radio value="normal">增值税普通发票</Radio>
              <Radio value="special">增值税专用发票</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item label="发票抬头" name="title" required>
            <Input placeholder="单位全称，或个人姓名" maxLength={100} />
          </Form.Item>
          <Form.Item
            label="纳税人识别号"
            name="taxNumber"
            required={type === 'special'}
            extra={type === 'normal' ? '个人抬头可不填' : undefined}
          >
            <Input placeholder="统一社会信用代码" maxLength={20} />
          </Form.Item>
          <Form.Item label="联系邮箱" name="email" required extra="开具后在本页「发票」中下载发票 PDF">
            <Input placeholder="开票信息有疑问时联系您" maxLength={100} />
          </Form.Item>
          {type === 'special' ? (
            <>
              <Form.Item label="注册地址" name="address" required>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item label="注册电话" name="phone" required>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item label="开户银行" name="bankName" required>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item label="银行账号" name="bankAccount" required>
                <Input maxLength={40} />
              </Form.Item>
            </>
          ) : null}
        </Form>
      </div>
    </Modal>
  );
}
