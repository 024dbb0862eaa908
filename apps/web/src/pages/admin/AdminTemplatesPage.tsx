import { useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTemplateItem } from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { templateConsoleApi, templateConsoleKeys } from '../../features/template-console/api.ts';

interface FormValues {
  name: string;
  sort: number;
}

/** /admin/templates: which Word templates users can choose, the default, their names and order. */
export default function AdminTemplatesPage() {
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<AdminTemplateItem | null>(null);
  const [saving, setSaving] = useState(false);
  const { busy, run } = useBusyAction();
  const list = useQuery({ queryKey: templateConsoleKeys.list, queryFn: () => templateConsoleApi.list() });
  const put = (rows: AdminTemplateItem[]) => qc.setQueryData(templateConsoleKeys.list, rows);

  const toggle = (t: AdminTemplateItem, enabled: boolean) =>
    run(`on-${t.id}`, async () => {
      put(await templateConsoleApi.update({ id: t.id, enabled }));
      toastSuccess(enabled ? `已启用“${t.name}”` : `已停用“${t.name}”，用户导出时不再能选择它`);
    });
  const makeDefault = (t: AdminTemplateItem) =>
    run(`def-${t.id}`, async () => {
      const ok = await confirmDialog({
        title: `把“${t.name}”设为默认模板？`,
        content: '用户导出时未选择模板的标书将使用默认模板。',
        okText: '设为默认',
      });
      if (!ok) return;
      put(await templateConsoleApi.setDefault(t.id));
      toastSuccess('已设为默认模板');
    });
  const open = (t: AdminTemplateItem) => {
    setEditing(t);
    form.setFieldsValue({ name: t.name === t.originalName ? '' : t.name, sort: t.sort });
  };
  const save = async () => {
    if (!editing) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      put(await templateConsoleApi.update({ id: editing.id, name: v.name ?? '', sort: v.sort }));
      toastSuccess('已保存');
      setEditing(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame
      title="Word 模板"
      description="用户导出 Word 时只能选择已启用的模板，按排序显示；未选择模板的标书使用默认模板。默认模板不能停用。"
    >
      <Panel>
        <Table<AdminTemplateItem>
          rowKey="id"
          data-testid="admin-templates"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description="没有模板" /> }}
          columns={[
            {
              title: '名称',
              dataIndex: 'name',
              render: (v: string, t) => (
                <Space orientation="vertical" size={0}>
                  <Space>
                    <strong>{v}</strong>
                    {t.isDefault ? <Tag color="blue">默认</Tag> : null}
                    {t.builtin ? <Tag>内置</Tag> : null}
                  </Space>
                  {v !== t.originalName ? (
                    <Typography.Text type="secondary">原名：{t.originalName}</Typography.Text>
                  ) : null}
                </Space>
              ),
            },
            { title: '说明', dataIndex: 'description' },
            { title: '排序', dataIndex: 'sort', width: 70 },
            {
              title: '启用',
              dataIndex: 'enabled',
              width: 80,
              render: (on: boolean, t) => (
                <Switch
                  checked={on}
                  disabled={t.isDefault}
                  loading={busy === `on-${t.id}`}
                  onChange={(v) => void toggle(t, v)}
                  aria-label={`启用 ${t.name}`}
                  title={t.isDefault ? '默认模板不能停用' : undefined}
                />
              ),
            },
            {
              title: '操作',
              width: 200,
              render: (_: unknown, t: AdminTemplateItem) => (
                <Space>
                  <Button size="small" onClick={() => open(t)}>
                    改名称与排序
                  </Button>
                  {t.isDefault ? null : (
                    <Button
                      size="small"
                      disabled={!t.enabled}
                      loading={busy === `def-${t.id}`}
                      onClick={() => void makeDefault(t)}
                      title={t.enabled ? undefined : '先启用才能设为默认'}
                    >
                      设为默认
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Panel>
      <Modal
        title="名称与排序"
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: saving }}
        forceRender
      >
        <Form<FormValues> form={form} layout="vertical">
          <Form.Item
            label="显示名称"
            name="name"
            extra={editing ? `留空则使用原名“${editing.originalName}”` : undefined}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            label="排序（数字小的在前）"
            name="sort"
            rules={[{ required: true, message: '请填写排序' }]}
          >
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
