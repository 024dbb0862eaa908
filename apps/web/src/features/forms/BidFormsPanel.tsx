import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Form, InputNumber, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { RMB_MAX, rmbLower, rmbUpper, type BidForm, type FilledBlock, type FormSegment } from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { useBidForms, useSavePrice } from './api.ts';
import { PriceLinesForm, TermsForm, twoDecimals } from './SheetForms.tsx';
import './forms.css';

/**
 * The 报价 and the tender's own forms (投标函, 开标一览表 …) filled for the bid: the writer enters
 * the price once in 小写, sees its 大写, and every form below states it; the Word export carries
 * these forms in place of the chapters of the same name.
 */

function Segments({ segments }: { segments: FormSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.blank === 'filled' ? (
          <Tooltip key={i} title={s.label}>
            <span className="bs-form-filled" data-testid="form-filled">
              {s.text}
            </span>
          </Tooltip>
        ) : s.blank === 'open' ? (
          <Tooltip key={i} title={`待填写：${s.label ?? '空白处'}`}>
            <span className="bs-form-open" data-testid="form-open">
              {s.text || '\u3000\u3000'}
            </span>
          </Tooltip>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

/** A cell of one space continues the merged cell before it (as the Word export writes it). */
function mergedCells(row: FormSegment[][]): Array<{ cell: FormSegment[]; span: number }> {
  const out: Array<{ cell: FormSegment[]; span: number }> = [];
  for (const cell of row) {
    const filler = cell.length === 1 && cell[0].text === ' ' && !cell[0].blank;
    if (filler && out.length) out[out.length - 1].span += 1;
    else out.push({ cell, span: 1 });
  }
  return out;
}

function Block({ block }: { block: FilledBlock }) {
  if (block.kind === 'paragraph')
    return (
      <p className="bs-form-p">
        <Segments segments={block.segments} />
      </p>
    );
  return (
    <table className="bs-form-table">
      <tbody>
        {block.rows.map((row, r) => (
          <tr key={r}>
            {mergedCells(row).map(({ cell, span }, c) => (
              <td key={c} colSpan={span}>
                <Segments segments={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FormCard({ form }: { form: BidForm }) {
  return (
    <section className="bs-form-card" data-testid="bid-form" data-title={form.title}>
      <header className="bs-form-card__head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {form.title}
        </Typography.Title>
        <Space size={4}>
          {form.catalogId ? (
            <Tag color="blue">导出时替换同名章节</Tag>
          ) : (
            <Tooltip title="大纲中没有同名章节：可在大纲中添加该章节后再导出">
              <Tag>大纲中无同名章节</Tag>
            </Tooltip>
          )}
          {form.open.length ? (
            <Tooltip title={form.open.join('、')}>
              <Tag color="orange">{form.open.length} 处待填写</Tag>
            </Tooltip>
          ) : form.blocks.some((b) => b.kind === 'table') && form.kind !== 'opening' ? (
            <Tooltip title="表格的各行（分项、偏离情况等）请在导出的 Word 中逐项填写">
              <Tag>表格逐项填写</Tag>
            </Tooltip>
          ) : (
            <Tag color="green">已填写完整</Tag>
          )}
        </Space>
      </header>
      {form.blocks.map((b, i) => (
        <Block key={i} block={b} />
      ))}
    </section>
  );
}

/** A price outside the tender's limits: such a bid is rejected, and the bid check lists it. */
function PriceLimitAlert({ title, what, testId }: { title: string; what: string; testId: string }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={title}
      description={`${what}的投标将被否决，提交前检查会把它列为可能导致废标的问题。`}
      data-testid={testId}
    />
  );
}

export function BidFormsPanel({ bidId, readOnly }: { bidId: string; readOnly: boolean }) {
  const forms = useBidForms(bidId);
  const save = useSavePrice(bidId);
  const [form] = Form.useForm<{ amount: number | null }>();
  const [typed, setTyped] = useState<number | null>(null);
  const saved = forms.data?.price?.amount ?? null;

  useEffect(() => {
    form.setFieldsValue({ amount: saved });
    setTyped(saved);
  }, [form, saved]);

  if (forms.isLoading) return <Spin />;
  if (forms.isError || !forms.data)
    return <Alert type="error" showIcon title="格式文件加载失败，请稍后重试" />;

  const { ceiling, floor, lot, issues } = forms.data;
  // With 分项 lines the 报价 is their 合计: it is changed there, not typed.
  const fromLines = forms.data.lines.length > 0;
  const valid = typed !== null && typed > 0 && typed <= RMB_MAX && twoDecimals(typed);
  // While typing, a preview of the limits; once saved, the server's findings below say it.
  const unsaved = valid && typed !== saved;
  const over = unsaved && ceiling !== null && typed > ceiling;
  const under = unsaved && floor !== null && typed < floor;

  const submit = async ({ amount }: { amount: number | null }) => {
    try {
      await save.mutateAsync(amount);
    } catch {
      return; // the request layer has shown the server's message
    }
    toastSuccess(amount === null ? '报价已清除' : '报价已保存，所有格式中的报价已更新');
  };

  return (
    <div className="bs-forms" data-testid="bid-forms">
      <section className="bs-form-price">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          投标报价{lot ? `（包${lot}）` : ''}
        </Typography.Title>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={readOnly || fromLines}>
          <Form.Item
            name="amount"
            label="投标总价（小写，元）"
            extra={
              fromLines
                ? '报价为下方分项报价的合计；修改分项即可，投标函、开标一览表等格式中的报价随之改变'
                : '只需填写一次小写金额，大写自动生成；投标函、开标一览表等格式中的报价都读取这里'
            }
            rules={[
              { required: true, message: '请输入报价' },
              {
                validator: (_r, v: number | null) => {
                  if (v === null || v === undefined) return Promise.resolve();
                  if (!(v > 0)) return Promise.reject(new Error('报价须大于 0'));
                  if (v > RMB_MAX) return Promise.reject(new Error('报价金额过大'));
                  if (!twoDecimals(v)) return Promise.reject(new Error('报价最多保留两位小数（到分）'));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber<number>
              style={{ width: 280 }}
              prefix="¥"
              placeholder="例如 11880000.00"
              controls={false}
              onChange={(v) => setTyped(typeof v === 'number' ? v : null)}
              data-testid="price-input"
            />
          </Form.Item>
          <div className="bs-form-upper" data-testid="price-upper">
            <Typography.Text type="secondary">大写：</Typography.Text>
            {valid ? (
              <Typography.Text strong>人民币{rmbUpper(typed)}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">输入小写金额后自动生成</Typography.Text>
            )}
          </div>
          {ceiling !== null ? (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
              招标文件最高限价（预算）：{rmbLower(ceiling)}
            </Typography.Paragraph>
          ) : null}
          {floor !== null ? (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
              招标文件最低限价：{rmbLower(floor)}
            </Typography.Paragraph>
          ) : null}
          {under ? (
            <PriceLimitAlert
              title="报价低于最低限价"
              what="低于招标文件最低限价"
              testId="price-under-floor"
            />
          ) : null}
          {over ? (
            <PriceLimitAlert title="报价超过最高限价" what="超过最高限价" testId="price-over-ceiling" />
          ) : null}
          {readOnly || fromLines ? null : (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="price-save">
                保存报价
              </Button>
              {saved !== null ? (
                <Button onClick={() => void submit({ amount: null })} disabled={save.isPending}>
                  清除报价
                </Button>
              ) : null}
            </Space>
          )}
          {saved === null ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="price-empty">
              尚未填写报价：格式中的报价处保留为空白。
            </Typography.Paragraph>
          ) : null}
        </Form>
        <PriceLinesForm bidId={bidId} data={forms.data} readOnly={readOnly} />
        <TermsForm bidId={bidId} data={forms.data} readOnly={readOnly} />
        {issues.length ? (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title="提交前检查会把以下问题列为可能导致废标的问题"
            description={
              <ul className="bs-form-issues">
                {issues.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            }
            data-testid="forms-issues"
          />
        ) : null}
      </section>
      {forms.data.forms.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="未在招标文件中找到“投标文件格式”章节：导出时按大纲章节的内容输出"
          data-testid="forms-empty"
        />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ margin: '16px 0' }}
            title="以下格式取自招标文件原文"
            description="空白处已按标书信息与企业资料库填写（带下划线）；仍为空白的会列入提交前检查的“待填写”。签字、盖章处请在打印后手签。"
          />
          {forms.data.forms.map((f, i) => (
            <FormCard key={`${f.title}-${i}`} form={f} />
          ))}
        </>
      )}
    </div>
  );
}
