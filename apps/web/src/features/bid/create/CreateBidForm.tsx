import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { BulbOutlined, ThunderboltFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { BID_LIMITS, formatTime, MODEL_LABELS, type ModelType } from '@bid/shared';
import { contactLine, useClientConfig } from '../../../components/useClientConfig.ts';
import { useSession } from '../../../stores/session.ts';
import { toastSuccess } from '../../../utils/feedback.ts';
import { bidApi, bidKeys, useQuota, useTemplates } from '../api.ts';
import { TenderInput } from '../../ai/TenderInput.tsx';
import { useInterpretation } from '../../interpretation/api.ts';
import '../bid.css';

interface Values {
  name: string;
  tenderText: string;
  /** ai: the uploaded tender (TenderInput sets it). */
  fileId: string | null;
  /** ai: generate the outline right after creating. */
  aiOutline: boolean;
  modelType: ModelType;
  pageCount: number | null;
  templateId: string;
  /** The 采购包 the bid answers, when the tender has several (TenderInput asks). */
  lot?: number | null;
}

const MODEL_HINT: Record<ModelType, string> = {
  standard: '速度快，适合常规技术标和商务标',
  premium: '写作质量更高，适合评分竞争激烈的项目',
};

/** `/home/crtBidBook`: name, tender text, model tier, page count, template; costs one quota unit. */
export function CreateBidForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const loadUserInfo = useSession((s) => s.loadUserInfo);
  const quota = useQuota();
  const templates = useTemplates();
  const [saving, setSaving] = useState(false);
  // "用此解读新建标书": the interpretation's tender (its file, else its text) and its report fill the form.
  const [params] = useSearchParams();
  const from = useInterpretation(params.get('interpretation'));
  const source = from.data?.status === 'done' ? from.data : null;
  useEffect(() => {
    if (!source) return;
    form.setFieldsValue({
      name: source.name.slice(0, BID_LIMITS.nameMax),
      fileId: source.file ? source.fileId : null,
      tenderText: source.file ? '' : (source.text ?? ''),
    });
  }, [source, form]);

  const disabled: Record<ModelType, boolean> = {
    standard: user?.modelData?.standard_status === 1,
    premium: user?.modelData?.premium_status === 1,
  };
  const preferred: ModelType =
    user?.preferredModel && !disabled[user.preferredModel]
      ? user.preferredModel
      : !disabled.standard
        ? 'standard'
        : 'premium';
  const noQuota = quota.data ? !quota.data.unlimited && quota.data.total <= 0 : false;
  const contact = contactLine(useClientConfig().customerService);

  // The template list comes from the server: preselect its first entry when the default is not in it.
  useEffect(() => {
    const list = templates.data;
    if (!list?.length) return;
    const current = form.getFieldValue('templateId') as string | undefined;
    if (!list.some((t) => t.id === current)) form.setFieldValue('templateId', list[0].id);
  }, [templates.data, form]);

  async function submit(v: Values) {
    setSaving(true);
    try {
      const { id } = await bidApi.save({
        name: v.name.trim(),
        tenderText: v.tenderText?.trim() || null,
        fileId: v.fileId || null,
        modelType: v.modelType,
        pageCount: v.pageCount ?? null,
        templateId: v.templateId || null,
        lot: v.lot ?? null,
      });
      toastSuccess('标书已创建');
      await Promise.all([qc.invalidateQueries({ queryKey: bidKeys.all }), loadUserInfo()]);
      // ai: the writer reviews the analysis first; the outline is planned from what was confirmed there.
      navigate(
        v.aiOutline
          ? `/home/crtBidBook?review=${encodeURIComponent(id)}`
          : `/home/book/BidingWrite?id=${encodeURIComponent(id)}`,
      );
    } catch {
      // 601 (quota used up, model disabled) and 400 are shown by the request layer.
      void quota.refetch();
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="bs-create">
      <div className="bs-create__quota" data-testid="quota-remaining">
        <ThunderboltFilled />
        {quota.data ? (
          quota.data.unlimited ? (
            <span>
              不限次数套餐有效
              {quota.data.unlimitedUntil ? `至 ${formatTime(quota.data.unlimitedUntil, 'YYYY-MM-DD')}` : ''}
              ，新建标书不消耗额度
            </span>
          ) : (
            <span>
              剩余标书额度 <strong>{quota.data.total}</strong> 份
              {quota.data.holder === 'tenant' ? '（企业额度）' : ''}，新建一份标书消耗 1 份
            </span>
          )
        ) : (
          <span>正在查询剩余额度…</span>
        )}
      </div>
      {source ? (
        <Alert
          type="info"
          showIcon
          title={`已载入解读“${source.name}”的招标文件和解析结果，确认下面的设置后创建标书`}
          style={{ marginBottom: 16 }}
          data-testid="create-from-interpretation"
        />
      ) : null}
      {noQuota ? (
        <Alert
          type="warning"
          showIcon
          data-testid="no-quota"
          title="标书额度已用完，暂时不能新建标书"
          description={`可以在“套餐与订单”购买套餐，或联系客服${contact ? `（${contact}）` : ''}（页面左下角“联系客服”）。已有的标书仍可继续写作和导出。`}
          action={
            <Button type="primary" onClick={() => navigate('/home/packages')}>
              购买套餐
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{
          modelType: preferred,
          pageCount: 100,
          templateId: undefined,
          tenderText: '',
          fileId: null,
          aiOutline: true,
        }}
        onFinish={(v) => void submit(v)}
        disabled={saving}
      >
        <Form.Item
          name="name"
          label="标书名称"
          rules={[
            { required: true, whitespace: true, message: '标书名称不能为空' },
            { max: BID_LIMITS.nameMax, message: `标书名称不能超过 ${BID_LIMITS.nameMax} 个字` },
          ]}
        >
          <Input placeholder="例如：某市智慧园区建设项目技术标" maxLength={BID_LIMITS.nameMax} showCount />
        </Form.Item>
        <Form.Item name="fileId" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          label="招标文件"
          extra="上传招标文件或在下方粘贴内容，解析结果会显示项目信息、评分项、★条款和废标条款"
        >
          <TenderInput form={form} initial={source} />
        </Form.Item>
        <Form.Item
          name="tenderText"
          label="招标文件内容"
          extra={
            <span className="bs-create__hint">
              <BulbOutlined />{' '}
              从招标文件中复制“项目概况”和“评分标准（评分办法）”粘贴到这里，生成效果最好；★号条款和废标条款也建议一并粘贴。
            </span>
          }
          rules={[
            {
              max: BID_LIMITS.tenderTextMax,
              message: `招标文件内容不能超过 ${BID_LIMITS.tenderTextMax} 个字`,
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 8, maxRows: 20 }}
            placeholder="粘贴项目概况、评分标准、技术要求……"
          />
        </Form.Item>
        <Form.Item name="modelType" label="写作模型" rules={[{ required: true, message: '请选择写作模型' }]}>
          <Radio.Group>
            {(['standard', 'premium'] as const).map((m) => (
              <Tooltip key={m} title={disabled[m] ? '该模型已停用' : MODEL_HINT[m]}>
                <Radio.Button value={m} disabled={disabled[m]} data-testid={`model-${m}`}>
                  {MODEL_LABELS[m]}
                  {disabled[m] ? '（已停用）' : ''}
                </Radio.Button>
              </Tooltip>
            ))}
          </Radio.Group>
        </Form.Item>
        <Space size={24} wrap align="start">
          <Form.Item label="目标页数" htmlFor="bid-page-count" extra="AI 按页数为各章节分配字数">
            <Space.Compact style={{ width: 180 }}>
              <Form.Item name="pageCount" noStyle>
                <InputNumber
                  id="bid-page-count"
                  min={BID_LIMITS.pageCountMin}
                  max={BID_LIMITS.pageCountMax}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Space.Addon>页</Space.Addon>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="templateId" label="Word 模板" extra="导出时也可以再换">
            <Select
              style={{ width: 280 }}
              loading={templates.isLoading}
              options={(templates.data ?? []).map((t) => ({
                value: t.id,
                label: t.name,
                title: t.description,
              }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="aiOutline" valuePropName="checked">
          <Checkbox data-testid="create-ai-outline">创建后核对解析结果，再由 AI 按评分标准生成大纲</Checkbox>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={saving}
              disabled={noQuota}
              data-testid="create-bid-submit"
            >
              创建标书
            </Button>
            <Button onClick={() => navigate('/home/book')}>取消</Button>
          </Space>
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          勾选“核对解析结果”时，创建后先核对评分项、★条款和废标条款，确认后生成大纲再进入写作页面；不勾选则直接进入写作页面手动搭建目录。
        </Typography.Paragraph>
      </Form>
    </div>
  );
}
