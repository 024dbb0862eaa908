import { useState } from 'react';
import { Button, DatePicker, Empty, Form, Input, InputNumber, Modal, Radio, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { formatTime, type AdminCouponItem } from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { adminApi, commerceKeys } from '../../features/commerce/api.ts';

const key = [...commerceKeys.admin, 'coupons'] as const;

function initialOf(c: AdminCouponItem | 'new' | null): Partial<CouponForm> {
  if (!c || c === 'new') return { kind: 'amount', minAmount: '0' };
  return {
    code: c.code,
    name: c.name,
    kind: c.kind,
    value: c.kind === 'amount' ? String(Number(c.value)) : c.value,
    minAmount: c.minAmount,
    range:
      c.validFrom || c.validUntil
        ? [c.validFrom ? dayjs(c.validFrom) : null, c.validUntil ? dayjs(c.validUntil) : null]
        : null,
    maxUses: c.maxUses,
  };
}

interface CouponForm {
  code: string;
  name: string;
  kind: 'amount' | 'percent';
  value: string;
  minAmount: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  maxUses?: number | null;
}

/** Coupons: create, edit, see how often each was used, stop. */
export function CouponsPanel() {
  const qc = useQueryClient();
  const { busy, run } = useBusyAction();
  const [editing, setEditing] = useState<AdminCouponItem | 'new' | null>(null);
  const [form] = Form.useForm<CouponForm>();
  const list = useQuery({ queryKey: key, queryFn: () => adminApi.coupons() });
  const save = (v: CouponForm) =>
    run('save', async () => {
      const current = editing !== 'new' ? editing : null;
      await adminApi.saveCoupon({
        ...(current ? { id: current.id, enabled: current.enabled } : {}),
        code: v.code,
        name: v.name,
        kind: v.kind,
        value: v.value,
        minAmount: v.minAmount || '0',
        validFrom: v.range?.[0]?.toISOString() ?? null,
        validUntil: v.range?.[1]?.toISOString() ?? null,
        maxUses: v.maxUses ?? null,
      });
      toastSuccess('优惠码已保存');
      setEditing(null);
      await qc.invalidateQueries({ queryKey: key });
    });
  const toggle = (c: AdminCouponItem) =>
    run(c.id, async () => {
      await adminApi.enableCoupon({ id: c.id, enabled: !c.enabled });
      await qc.invalidateQueries({ queryKey: key });
    });
  return (
    <>
      <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
        新建优惠码
      </Button>
      <Table<AdminCouponItem>
        rowKey="id"
        data-testid="admin-coupons"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="还没有优惠码" /> }}
        columns={[
          { title: '优惠码', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
          {
            title: '优惠',
            render: (_: unknown, c) => (c.kind === 'percent' ? `减 ${c.value}%` : `减 ¥${c.value}`),
          },
          {
            title: '最低金额',
            dataIndex: 'minAmount',
            render: (v: string) => (Number(v) > 0 ? `¥${v}` : '不限'),
          },
          {
            title: '有效期',
            render: (_: unknown, c) =>
              `${c.validFrom ? formatTime(c.validFrom) : '即日起'} 至 ${c.validUntil ? formatTime(c.validUntil) : '长期'}`,
          },
          { title: '已用 / 上限', render: (_: unknown, c) => `${c.usedCount} / ${c.maxUses ?? '不限'}` },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (e: boolean) => <Tag color={e ? 'green' : 'default'}>{e ? '可用' : '已停用'}</Tag>,
          },
          {
            title: '操作',
            render: (_: unknown, c: AdminCouponItem) => (
              <>
                <Button type="link" onClick={() => setEditing(c)}>
                  编辑
                </Button>
                <Switch
                  checked={c.enabled}
                  loading={busy === c.id}
                  checkedChildren="启用"
                  unCheckedChildren="停用"
                  onChange={() => void toggle(c)}
                  aria-label={`${c.code} 启用`}
                />
              </>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新建优惠码' : '编辑优惠码'}
        okText="保存"
        confirmLoading={busy === 'save'}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={initialOf(editing)}
          onFinish={(v) => void save(v)}
          preserve={false}
        >
          <Form.Item
            name="code"
            label="优惠码"
            rules={[
              {
                required: true,
                pattern: /^[A-Za-z0-9_-]{3,40}$/,
                message: '3 到 40 位字母、数字、下划线或连字符',
              },
            ]}
          >
            <Input placeholder="如 SPRING20（不区分大小写）" />
          </Form.Item>
          <Form.Item
            name="name"
            label="名称"
            rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="kind" label="优惠方式">
            <Radio.Group
              options={[
                { label: '立减金额（元）', value: 'amount' },
                { label: '折扣（减百分之几）', value: 'percent' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="value"
            label="优惠额度"
            rules={[{ required: true, message: '请填写优惠额度' }]}
            extra="立减填金额，如 20；折扣填 1 到 99，如 15 表示减 15%"
          >
            <Input />
          </Form.Item>
          <Form.Item name="minAmount" label="订单最低金额（元，0 为不限）">
            <Input />
          </Form.Item>
          <Form.Item name="range" label="有效期（不填为长期）">
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="maxUses" label="可用次数（不填为不限）">
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
