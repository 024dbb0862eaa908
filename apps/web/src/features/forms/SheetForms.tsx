import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import {
  TERM_DURATION_RE,
  priceLinesTotal,
  priceLineTotals,
  rmbLower,
  type BidForms,
  type BidTermValues,
  type PriceLineInput,
} from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { useSaveLines, useSaveTerms } from './api.ts';

/** The 报价 sheet's parts beside the total (issue 31): its 分项 lines, and the terms the bid states. */

/** Two decimals at most (the fen), as the server checks too. */
export const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

type LineDraft = Partial<PriceLineInput>;

/** A draft line counts once its four values are there and valid (the server checks the same). */
const complete = (l: LineDraft | undefined): l is PriceLineInput =>
  Boolean(
    l &&
    l.name?.trim() &&
    typeof l.quantity === 'number' &&
    l.quantity > 0 &&
    typeof l.unitPrice === 'number' &&
    l.unitPrice >= 0 &&
    typeof l.taxRate === 'number' &&
    l.taxRate >= 0 &&
    l.taxRate <= 100,
  );

/**
 * 分项报价: 名称, 数量, 不含税单价 and 税率 per line, with 小计, 税额 and 合计 computed as the writer
 * types (as the server computes them); saved, their 合计 is the 报价 every form states.
 */
export function PriceLinesForm({
  bidId,
  data,
  readOnly,
}: {
  bidId: string;
  data: BidForms;
  readOnly: boolean;
}) {
  const save = useSaveLines(bidId);
  const [form] = Form.useForm<{ lines: LineDraft[] }>();
  const drafts = Form.useWatch('lines', form) ?? [];
  const stored = data.lines;

  useEffect(() => {
    form.setFieldsValue({
      lines: stored.map(({ name, quantity, unitPrice, taxRate }) => ({ name, quantity, unitPrice, taxRate })),
    });
  }, [form, stored]);

  const submit = async (v: { lines?: LineDraft[] }) => {
    const lines = (v.lines ?? []).filter(complete).map((l) => ({ ...l, name: l.name.trim() }));
    try {
      await save.mutateAsync(lines);
    } catch {
      return; // the request layer has shown the server's message
    }
    toastSuccess(lines.length ? '分项报价已保存，报价为分项合计，所有格式中的报价已更新' : '分项报价已清空');
  };

  const ready = drafts.filter(complete);
  const money = (n: number) => rmbLower(n);
  return (
    <Form
      form={form}
      onFinish={(v) => void submit(v)}
      disabled={readOnly}
      data-testid="lines-form"
      style={{ marginTop: 16 }}
    >
      <Typography.Title level={5}>分项报价</Typography.Title>
      <Typography.Paragraph type="secondary">
        单价为不含税单价；税额 = 小计 × 税率，合计 = 小计 + 税额（均到分）。保存后，报价为各分项合计之和。
      </Typography.Paragraph>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <>
            <table className="bs-lines-table">
              <thead>
                <tr>
                  <th>名称</th>
                  <th>数量</th>
                  <th>单价（不含税，元）</th>
                  <th>税率（%）</th>
                  <th>小计</th>
                  <th>税额</th>
                  <th>合计</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {fields.map((field, i) => {
                  const d = drafts[i];
                  const t = complete(d) ? priceLineTotals(d) : null;
                  return (
                    <tr key={field.key} data-testid="price-line">
                      <td>
                        <Form.Item
                          name={[field.name, 'name']}
                          rules={[{ required: true, message: '请填写名称' }]}
                        >
                          <Input placeholder="例如 路灯维修" data-testid="line-name" />
                        </Form.Item>
                      </td>
                      <td>
                        <Form.Item
                          name={[field.name, 'quantity']}
                          rules={[{ required: true, message: '请填写数量' }]}
                        >
                          <InputNumber<number> min={0} controls={false} data-testid="line-quantity" />
                        </Form.Item>
                      </td>
                      <td>
                        <Form.Item
                          name={[field.name, 'unitPrice']}
                          rules={[
                            { required: true, message: '请填写单价' },
                            {
                              validator: (_r, v: number | null) =>
                                v === null || v === undefined || twoDecimals(v)
                                  ? Promise.resolve()
                                  : Promise.reject(new Error('单价最多保留两位小数（到分）')),
                            },
                          ]}
                        >
                          <InputNumber<number> min={0} controls={false} data-testid="line-price" />
                        </Form.Item>
                      </td>
                      <td>
                        <Form.Item
                          name={[field.name, 'taxRate']}
                          rules={[{ required: true, message: '请填写税率' }]}
                        >
                          <InputNumber<number> min={0} max={100} controls={false} data-testid="line-rate" />
                        </Form.Item>
                      </td>
                      <td data-testid="line-subtotal">{t ? money(t.subtotal) : '—'}</td>
                      <td data-testid="line-tax">{t ? money(t.tax) : '—'}</td>
                      <td data-testid="line-total">{t ? money(t.total) : '—'}</td>
                      <td>
                        {readOnly ? null : (
                          <Button type="link" onClick={() => remove(field.name)}>
                            删除
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="bs-lines-foot">
              <Typography.Text data-testid="lines-total">
                分项合计：{ready.length ? money(priceLinesTotal(ready)) : '—'}
              </Typography.Text>
              {readOnly ? null : (
                <Space>
                  <Button onClick={() => add({ taxRate: 13 })} data-testid="line-add">
                    添加分项
                  </Button>
                  <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="lines-save">
                    {fields.length || !stored.length ? '保存分项报价' : '清空分项报价'}
                  </Button>
                </Space>
              )}
            </div>
          </>
        )}
      </Form.List>
    </Form>
  );
}

const TERM_FIELDS: Array<{ key: keyof BidTermValues; label: string; example: string }> = [
  { key: 'period', label: '工期（交货期）', example: '90日历天' },
  { key: 'warranty', label: '质保期', example: '2年' },
  { key: 'validity', label: '投标有效期', example: '90日历天' },
];

type TermsDraft = Record<keyof BidTermValues, string | undefined>;

/**
 * The 工期, 质保期 and 投标有效期 the bid states: each blank of the forms asking for one reads it;
 * left empty, the forms state what the tender requires (shown beside each field).
 */
export function TermsForm({ bidId, data, readOnly }: { bidId: string; data: BidForms; readOnly: boolean }) {
  const save = useSaveTerms(bidId);
  const [form] = Form.useForm<TermsDraft>();
  const { required, offered } = data.terms;

  useEffect(() => {
    form.setFieldsValue({
      period: offered.period ?? undefined,
      warranty: offered.warranty ?? undefined,
      validity: offered.validity ?? undefined,
    });
  }, [form, offered.period, offered.warranty, offered.validity]);

  const submit = async (v: TermsDraft) => {
    const one = (x: string | undefined) => (x && x.trim() ? x.trim() : null);
    try {
      await save.mutateAsync({ period: one(v.period), warranty: one(v.warranty), validity: one(v.validity) });
    } catch {
      return; // the request layer has shown the server's message
    }
    toastSuccess('工期与期限已保存，所有格式中的对应空白已更新');
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      disabled={readOnly}
      data-testid="terms-form"
      style={{ marginTop: 16 }}
    >
      <Typography.Title level={5}>工期与期限</Typography.Title>
      <Space wrap align="start">
        {TERM_FIELDS.map(({ key, label, example }) => (
          <Form.Item
            key={key}
            name={key}
            label={label}
            extra={required[key] ? `招标文件要求：${required[key]}` : '招标文件未规定，留空则格式中保留空白'}
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  !v || !v.trim() || TERM_DURATION_RE.test(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(`须写成数字加单位，如 ${example}`)),
              },
            ]}
          >
            <Input
              style={{ width: 200 }}
              placeholder={required[key] ? `留空则按 ${required[key]}` : `例如 ${example}`}
              data-testid={`term-${key}`}
            />
          </Form.Item>
        ))}
      </Space>
      {readOnly ? null : (
        <Button htmlType="submit" loading={save.isPending} data-testid="terms-save">
          保存工期与期限
        </Button>
      )}
    </Form>
  );
}
