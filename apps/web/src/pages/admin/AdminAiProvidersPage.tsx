import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime, type AiProviderItem } from '@bid/shared';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { aiProviderApi, aiProviderKeys } from '../../features/ai-provider/api.ts';

const IN_USE: Record<'console' | 'env' | 'offline', string> = {
  console: '运营后台启用的服务商',
  env: '服务器配置文件中的模型（AI_* 环境变量）',
  offline: '内置离线引擎（未接入大模型）',
};

interface FormValues {
  name: string;
  baseUrl: string;
  apiKey?: string;
  standardModel: string;
  premiumModel: string;
  concurrency: number;
}

/** /admin/ai: OpenAI-compatible providers and the model of each tier; the active one is used at once. */
export default function AdminAiProvidersPage() {
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<AiProviderItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const { busy, run } = useBusyAction();
  const list = useQuery({ queryKey: aiProviderKeys.list, queryFn: () => aiProviderApi.list() });
  const refresh = () => qc.invalidateQueries({ queryKey: aiProviderKeys.list });

  const open = (p: AiProviderItem | 'new') => {
    setEditing(p);
    form.setFieldsValue(
      p === 'new'
        ? { name: '', baseUrl: '', apiKey: '', standardModel: '', premiumModel: '', concurrency: 4 }
        : {
            name: p.name,
            baseUrl: p.baseUrl,
            apiKey: '',
            standardModel: p.standardModel,
            premiumModel: p.premiumModel,
            concurrency: p.concurrency,
          },
    );
  };
  // The typed key must not stay in the page once the dialog is closed.
  const close = () => {
    setEditing(null);
    form.resetFields();
  };
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await aiProviderApi.save({
        ...v,
        apiKey: v.apiKey || undefined,
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
      });
      toastSuccess('已保存');
      close();
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  const activate = (p: AiProviderItem | null) =>
    run(p?.id ?? 'own', async () => {
      const ok = await confirmDialog({
        title: p ? `启用“${p.name}”？` : '停用后台服务商？',
        content: p
          ? '启用后新的 AI 任务立即改用该服务商的模型，正在进行的任务不受影响。'
          : '停用后 AI 任务改用服务器自身的配置。',
        okText: p ? '启用' : '停用',
      });
      if (!ok) return;
      await aiProviderApi.activate(p?.id ?? null);
      toastSuccess(p ? '已启用，新的 AI 任务使用该服务商' : '已停用，改用服务器自身的配置');
      await refresh();
    });
  const remove = (p: AiProviderItem) =>
    run(`rm-${p.id}`, async () => {
      const ok = await confirmDialog({
        title: `删除“${p.name}”？`,
        content: p.active
          ? '该服务商正在使用，删除后 AI 任务改用服务器自身的配置。删除后密钥无法找回。'
          : '删除后密钥无法找回。',
        okText: '删除',
        danger: true,
      });
      if (!ok) return;
      await aiProviderApi.remove(p.id);
      toastSuccess('已删除');
      await refresh();
    });

  const inUse = list.data?.inUse;
  return (
    <PageFrame
      title="AI 服务商"
      description="接入兼容 OpenAI 接口的大模型服务（如 DeepSeek、通义千问、智谱、Moonshot、自建 vLLM），为标准模型和高级模型分别指定模型名。API Key 加密保存，保存后不再显示。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          新增服务商
        </Button>
      }
    >
      {inUse ? (
        <Alert
          type={inUse === 'offline' ? 'warning' : 'info'}
          showIcon
          title={`当前 AI 使用：${IN_USE[inUse]}`}
          data-testid="ai-in-use"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Panel>
        <Table<AiProviderItem>
          rowKey="id"
          data-testid="ai-providers"
          loading={list.isPending}
          dataSource={list.data?.providers ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description="还没有添加服务商，AI 使用服务器自身的配置" /> }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '接口地址', dataIndex: 'baseUrl' },
            { title: 'API Key', dataIndex: 'keyHint', render: (v: string) => `已配置 ${v}` },
            { title: '标准模型', dataIndex: 'standardModel' },
            { title: '高级模型', dataIndex: 'premiumModel' },
            { title: '并发', dataIndex: 'concurrency', width: 70 },
            {
              title: '状态',
              dataIndex: 'active',
              render: (a: boolean) => (a ? <Tag color="green">使用中</Tag> : <Tag>未启用</Tag>),
            },
            { title: '更新时间', dataIndex: 'updateTime', render: (v: string) => formatTime(v) },
            {
              title: '操作',
              render: (_: unknown, p: AiProviderItem) => (
                <Space>
                  {p.active ? (
                    <Button size="small" loading={busy === 'own'} onClick={() => void activate(null)}>
                      停用
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      type="primary"
                      loading={busy === p.id}
                      onClick={() => void activate(p)}
                    >
                      启用
                    </Button>
                  )}
                  <Button size="small" onClick={() => open(p)}>
                    编辑
                  </Button>
                  <Button size="small" danger loading={busy === `rm-${p.id}`} onClick={() => void remove(p)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Panel>
      <Modal
        title={editing === 'new' ? '新增服务商' : '编辑服务商'}
        open={editing !== null}
        onCancel={close}
        onOk={() => void save()}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: saving }}
        destroyOnHidden
        forceRender
      >
        <Form<FormValues> form={form} layout="vertical">
          <Form.Item
            label="名称"
            name="name"
            rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
          >
            <Input maxLength={50} placeholder="例如：DeepSeek" />
          </Form.Item>
          <Form.Item
            label="接口地址（Base URL）"
            name="baseUrl"
            rules={[{ required: true, type: 'url', message: '请填写 http(s) 接口地址' }]}
            extra="默认只能填写公网地址：指向本机、内网（如 10.x、192.168.x）或云服务器元数据的地址会被拒绝，以免 API Key 被发往这些地址。自建模型部署在内网时，请服务器管理员设置环境变量 AI_PROVIDER_ALLOW_PRIVATE=on 后重启服务。"
          >
            <Input placeholder="例如：https://api.deepseek.com/v1" />
          </Form.Item>
          <Form.Item
            label="API Key"
            name="apiKey"
            rules={editing === 'new' ? [{ required: true, whitespace: true, message: '请填写 API Key' }] : []}
            extra={
              editing && editing !== 'new'
                ? `已配置 ${editing.keyHint}，留空则不修改`
                : '保存后只显示最后 4 位'
            }
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={editing && editing !== 'new' ? '留空则不修改' : 'sk-...'}
            />
          </Form.Item>
          <Form.Item
            label="标准模型名"
            name="standardModel"
            rules={[{ required: true, whitespace: true, message: '请填写标准模型名' }]}
          >
            <Input placeholder="例如：deepseek-chat" />
          </Form.Item>
          <Form.Item
            label="高级模型名"
            name="premiumModel"
            rules={[{ required: true, whitespace: true, message: '请填写高级模型名' }]}
          >
            <Input placeholder="例如：deepseek-reasoner" />
          </Form.Item>
          <Form.Item
            label="每个模型的并发请求数"
            name="concurrency"
            rules={[{ required: true, message: '请填写并发数' }]}
          >
            <InputNumber min={1} max={64} />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
