import { useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Radio, Switch, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PACKAGE_KIND_LABELS, type AdminPackageItem, type PackageKind } from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { adminApi, commerceKeys } from '../../features/commerce/api.ts';
import { CouponsPanel } from './CouponsPanel.tsx';

const key = [...commerceKeys.admin, 'packages'] as const;

interface PackageForm {
  name: string;
  kind: PackageKind;
  bids: number;
  months: number;
  price: string;
  originalPrice?: string;
  description: string;
  sort: number;
}

function PackagesPanel() {
  const qc = useQueryClient();
  const { busy, run } = useBusyAction();
  const [editing, setEditing] = useState<AdminPackageItem | 'new' | null>(null);
  const [form] = Form.useForm<PackageForm>();
  const list = useQuery({ queryKey: key, queryFn: () => adminApi.packages() });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: key });
    await qc.invalidateQueries({ queryKey: commerceKeys.packages });
  };
  const save = (v: PackageForm) =>
    run('save', async () => {
      const current = editing !== 'new' ? editing : null;
      await adminApi.savePackage({
        ...v,
        originalPrice: v.originalPrice?.trim() ? v.originalPrice.trim() : null,
        ...(current ? { id: current.id, enabled: current.enabled } : {}),
      });
      toastSuccess('套餐已保存');
      setEditing(null);
      await refresh();
    });
  const toggle = (p: AdminPackageItem) =>
    run(p.id, async () => {
      await adminApi.enablePackage({ id: p.id, enabled: !p.enabled });
      await refresh();
    });
  const initial =
    editing && editing !== 'new'
      ? { ...editing, originalPrice: editing.originalPrice ?? '' }
      : { kind: 'count', bids: 1, months: 0, sort: 100, description: '' };
  return (
    <>
      <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
        新建套餐
      </Button>
      <Table<AdminPackageItem>
        rowKey="id"
        data-testid="admin-packages"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="还没有套餐" /> }}
        columns={[
          { title: '排序', dataIndex: 'sort' },
          { title: '名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'kind', render: (k: PackageKind) => PACKAGE_KIND_LABELS[k] },
          {
            title: '内容',
            render: (_: unknown, p) =>
              p.kind === 'yearly'
                ? `${p.months} 个月不限份数`
                : p.kind === 'monthly'
                  ? `每月 ${p.bids} 份，${p.months} 个月`
                  : `${p.bids} 份`,
          },
          {
            title: '价格',
            dataIndex: 'price',
            render: (v: string, p) => `¥${v}${p.originalPrice ? `（原价 ¥${p.originalPrice}）` : ''}`,
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (e: boolean) => <Tag color={e ? 'green' : 'default'}>{e ? '在售' : '已停售'}</Tag>,
          },
          {
            title: '操作',
            render: (_: unknown, p: AdminPackageItem) => (
              <>
                <Button type="link" onClick={() => setEditing(p)}>
                  编辑
                </Button>
                <Switch
                  checked={p.enabled}
                  loading={busy === p.id}
                  checkedChildren="在售"
                  unCheckedChildren="停售"
                  onChange={() => void toggle(p)}
                  aria-label={`${p.name} 在售`}
                />
              </>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新建套餐' : '编辑套餐'}
        okText="保存"
        confirmLoading={busy === 'save'}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(v) => void save(v)}
          preserve={false}
        >
          <Form.Item
            name="name"
            label="名称"
            rules={[{ required: true, whitespace: true, message: '请填写套餐名称' }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="kind" label="类型">
            <Radio.Group
              options={[
                { label: '按份', value: 'count' },
                { label: '包月', value: 'monthly' },
                { label: '包年', value: 'yearly' },
              ]}
            />
          </Form.Item>
          <Form.Item name="bids" label="份数（包月为每月份数；包年不限，填 0）">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="months" label="月数（按份填 0）">
            <InputNumber min={0} max={120} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="price" label="价格（元）" rules={[{ required: true, message: '请填写价格' }]}>
            <Input placeholder="如 199 或 199.90" />
          </Form.Item>
          <Form.Item name="originalPrice" label="原价（元，选填，显示为划线价）">
            <Input />
          </Form.Item>
          <Form.Item name="description" label="说明">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /admin/packages: the packages on sale and the coupons. Edits never change orders already placed. */
export default function AdminPackagesPage() {
  return (
    <PageFrame
      title="套餐与优惠码"
      description="停售的套餐从购买页消失，已下的订单保留下单时的名称和金额。优惠码在下单时计入使用次数，订单取消后退回。"
    >
      <Panel>
        <Tabs
          items={[
            { key: 'packages', label: '套餐', children: <PackagesPanel /> },
            { key: 'coupons', label: '优惠码', children: <CouponsPanel /> },
          ]}
        />
      </Panel>
    </PageFrame>
  );
}
