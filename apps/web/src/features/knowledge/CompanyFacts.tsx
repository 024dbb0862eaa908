import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ScanOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { FACT_KIND_LABEL, FACT_KINDS, type CompanyFact, type FactKind } from '@bid/shared';
import { Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { pictureApi } from '../elements/api.ts';
import { companyApi, knowledgeKeys } from './api.ts';
import './knowledge.css';

type Field = {
  name: string;
  label: string;
  type?: 'date' | 'number' | 'list' | 'text' | 'picture';
  required?: boolean;
  placeholder?: string;
};

const FIELDS: Record<FactKind, Field[]> = {
  qualification: [
    { name: 'name', label: '证书名称', required: true, placeholder: '例如：建筑工程施工总承包一级' },
    { name: 'number', label: '证书编号' },
    { name: 'issuer', label: '发证机关' },
    { name: 'validUntil', label: '有效期至', type: 'date' },
    {
      name: 'fileId',
      label: '扫描件（图片库中的图片）',
      type: 'picture',
      placeholder: '先在图片库上传证书扫描件，再在这里选择',
    },
  ],
  person: [
    { name: 'name', label: '姓名', required: true },
    { name: 'role', label: '拟任岗位', placeholder: '例如：项目经理' },
    { name: 'title', label: '职称', placeholder: '例如：高级工程师' },
    { name: 'certificates', label: '证书', type: 'list', placeholder: '回车添加，例如：一级建造师' },
  ],
  project: [
    { name: 'name', label: '项目名称', required: true },
    { name: 'owner', label: '业主单位' },
    { name: 'amount', label: '合同金额（元）', type: 'number' },
    { name: 'year', label: '年份', type: 'number' },
    { name: 'scope', label: '项目内容', type: 'text' },
  ],
  finance: [
    { name: 'year', label: '年份', type: 'number', required: true },
    { name: 'revenue', label: '营业收入（元）', type: 'number' },
    { name: 'profit', label: '净利润（元）', type: 'number' },
    { name: 'note', label: '说明', type: 'text' },
  ],
  other: [
    {
      name: 'name',
      label: '名称',
      required: true,
      placeholder: '例如：投标人名称、法定代表人、统一社会信用代码',
    },
    { name: 'value', label: '内容', required: true, type: 'text' },
  ],
};

const EXPIRY: Record<
  NonNullable<CompanyFact['expiry']>,
  { status: 'error' | 'warning' | 'success'; text: string }
> = {
  expired: { status: 'error', text: '已过期' },
  expiring: { status: 'warning', text: '即将到期' },
  valid: { status: 'success', text: '有效' },
};

function lines(f: CompanyFact): string[] {
  const d = f.data;
  return FIELDS[f.kind]
    .filter((x) => (x.name !== 'name' || f.kind === 'finance') && x.type !== 'picture')
    .map((x) => {
      const v = d[x.name];
      if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) return null;
      return `${x.label}：${Array.isArray(v) ? v.join('、') : String(v)}`;
    })
    .filter((s): s is string => Boolean(s));
}

/** The qualification fields a scan may propose, in the form's order. */
const SCAN_FIELDS = ['name', 'number', 'issuer', 'validUntil'] as const;

/**
 * 上传证书扫描件识别: the image or PDF is read by OCR on the server and the fields it found are put in
 * the form (overwriting what was typed there), marked for the writer to check; saving stays hers.
 */
function CertificateScan({ onRead }: { onRead(values: Record<string, unknown>): string[] }) {
  const [reading, setReading] = useState(false);
  const [found, setFound] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const read = async (file: File) => {
    setReading(true);
    setError(null);
    setFound(null);
    try {
      const r = await companyApi.readCertificate(file);
      const values: Record<string, unknown> = {};
      for (const k of SCAN_FIELDS) {
        const v = r[k];
        if (v) values[k] = k === 'validUntil' ? dayjs(v) : v;
      }
      setFound(onRead(values));
    } catch (e) {
      setError(e instanceof Error ? e.message : '识别失败');
    } finally {
      setReading(false);
    }
  };
  return (
    <div className="bs-kb-scan">
      <Upload
        accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
        showUploadList={false}
        beforeUpload={(file) => {
          void read(file);
          return false;
        }}
      >
        <Button icon={<ScanOutlined />} loading={reading} data-testid="fact-scan">
          {reading ? '正在识别证书…' : '上传证书扫描件，自动识别'}
        </Button>
      </Upload>
      {found ? (
        <Alert
          className="bs-kb-scan__result"
          type={found.length ? 'info' : 'warning'}
          showIcon
          data-testid="fact-scan-result"
          title={
            found.length
              ? `已从扫描件识别出${found.join('、')}，请核对后保存`
              : '没有识别出证书编号、发证机关或有效期，请直接填写'
          }
        />
      ) : null}
      {error ? (
        <Alert
          className="bs-kb-scan__result"
          type="error"
          showIcon
          title={error}
          data-testid="fact-scan-error"
        />
      ) : null}
    </div>
  );
}

function FactForm({
  kind,
  fact,
  onClose,
  onSaved,
}: {
  kind: FactKind;
  fact: CompanyFact | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm();
  const pictures = useQuery({
    queryKey: ['picture', 'list', 'scans'],
    queryFn: () => pictureApi.list({ current: 1, size: 100 }),
    enabled: kind === 'qualification',
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initial = Object.fromEntries(
    FIELDS[kind].map((x) => [
      x.name,
      x.type === 'date' && fact?.data[x.name] ? dayjs(String(fact.data[x.name])) : fact?.data[x.name],
    ]),
  );
  const save = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    for (const x of FIELDS[kind]) {
      const v = values[x.name];
      if (v === undefined || v === null || v === '') continue;
      data[x.name] = x.type === 'date' ? dayjs(v as string).format('YYYY-MM-DD') : v;
    }
    setSaving(true);
    setError(null);
    try {
      await companyApi.saveFact({ id: fact?.id, kind, data });
      toastSuccess('已保存');
      onSaved();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`${fact ? '编辑' : '添加'}${FACT_KIND_LABEL[kind]}`}
      onCancel={onClose}
      onOk={() => void save()}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
    >
      {kind === 'qualification' ? (
        <CertificateScan
          onRead={(values) => {
            form.setFieldsValue(values);
            return FIELDS.qualification.filter((x) => x.name in values).map((x) => x.label);
          }}
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={initial}>
        {FIELDS[kind].map((x) => (
          <Form.Item
            key={x.name}
            name={x.name}
            label={x.label}
            rules={x.required ? [{ required: true, message: `请填写${x.label}` }] : undefined}
          >
            {x.type === 'date' ? (
              <DatePicker style={{ width: '100%' }} />
            ) : x.type === 'number' ? (
              <InputNumber style={{ width: '100%' }} min={0} />
            ) : x.type === 'picture' ? (
              <Select
                allowClear
                placeholder={x.placeholder}
                loading={pictures.isPending}
                options={(pictures.data?.records ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            ) : x.type === 'list' ? (
              <Select mode="tags" placeholder={x.placeholder} open={false} />
            ) : x.type === 'text' ? (
              <Input.TextArea rows={3} placeholder={x.placeholder} />
            ) : (
              <Input placeholder={x.placeholder} />
            )}
          </Form.Item>
        ))}
      </Form>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}

/** The company library: cards per kind, expiry badges on qualifications, add/edit/delete. */
export function CompanyFacts() {
  const qc = useQueryClient();
  const [kind, setKind] = useState<FactKind>('qualification');
  const [editing, setEditing] = useState<{ fact: CompanyFact | null } | null>(null);
  const q = useQuery({ queryKey: knowledgeKeys.facts, queryFn: () => companyApi.listFacts() });
  const refresh = () => void qc.invalidateQueries({ queryKey: knowledgeKeys.facts });
  const facts = (q.data ?? []).filter((f) => f.kind === kind);

  const remove = async (f: CompanyFact) => {
    const yes = await confirmDialog({
      title: '删除卡片',
      content: `确定删除“${String(f.data.name ?? f.data.year)}”吗？`,
      okText: '删除',
      danger: true,
    });
    if (!yes) return;
    await companyApi.removeFact(f.id);
    toastSuccess('已删除');
    refresh();
  };

  return (
    <Panel
      title="企业资料库"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ fact: null })}
          data-testid="fact-add"
        >
          添加{FACT_KIND_LABEL[kind]}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        资质、人员、业绩等结构化资料。AI
        写作和生成商务标时直接使用这里的信息填写，资质在招标文件开标日前到期会在标书上提示。
      </Typography.Paragraph>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as FactKind)}
        items={FACT_KINDS.map((k) => ({
          key: k,
          label: `${FACT_KIND_LABEL[k]}（${(q.data ?? []).filter((f) => f.kind === k).length}）`,
        }))}
      />
      {facts.length ? (
        <div className="bs-kb-cards">
          {facts.map((f) => (
            <Card
              key={f.id}
              size="small"
              className="bs-kb-card"
              title={String(f.kind === 'finance' ? `${String(f.data.year)} 年财务` : f.data.name)}
              extra={
                f.expiry ? (
                  <Badge
                    status={EXPIRY[f.expiry].status}
                    text={EXPIRY[f.expiry].text}
                    data-testid="fact-expiry"
                  />
                ) : null
              }
              actions={[
                <Button
                  key="e"
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ fact: f })}
                >
                  编辑
                </Button>,
                <Button
                  key="d"
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => void remove(f)}
                >
                  删除
                </Button>,
              ]}
            >
              {f.kind === 'qualification' && f.data.fileId ? (
                <div className="bs-kb-card__line">扫描件：已关联图片</div>
              ) : null}
              {lines(f).map((l) => (
                <div key={l} className="bs-kb-card__line">
                  {l}
                </div>
              ))}
            </Card>
          ))}
        </div>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={q.isPending ? '加载中…' : `还没有${FACT_KIND_LABEL[kind]}，添加后写作时会直接使用`}
        >
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => setEditing({ fact: null })}>
              添加{FACT_KIND_LABEL[kind]}
            </Button>
          </Space>
        </Empty>
      )}
      {editing ? (
        <FactForm
          kind={editing.fact?.kind ?? kind}
          fact={editing.fact}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      ) : null}
    </Panel>
  );
}
