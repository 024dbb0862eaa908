import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Collapse, Empty, InputNumber, Select, Space, Typography } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { JSONContent } from '@tiptap/react';
import { markdownToDoc } from '@bid/document';
import type { BusinessBidResult } from '@bid/shared';
import { DocPreview } from '../bid/versions/DocPreview.tsx';
import { Panel } from '../../components/PageFrame.tsx';
import { bidApi } from '../bid/api.ts';
import { toastSuccess } from '../../utils/feedback.ts';
import { companyApi } from './api.ts';

/**
 * 商务标 from the tender and the company library: 投标函, 授权书, 开标一览表, 资格证明文件, 业绩 and 人员
 * tables, 商务条款偏离表; findings (lapsing qualifications, terms that disagree); added to the bid on demand.
 */
export function BusinessBid() {
  const navigate = useNavigate();
  const [bidId, setBidId] = useState<string | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  const [result, setResult] = useState<BusinessBidResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bids = useQuery({
    queryKey: ['bid', 'list', { status: 'writing', size: 100 }],
    queryFn: () => bidApi.list({ status: 'writing', current: 1, size: 100 }),
  });

  const run = async (apply: boolean) => {
    if (!bidId) return;
    setBusy(apply ? 'apply' : 'preview');
    setError(null);
    try {
      const r = await companyApi.generateBusinessBid({ bidId, price: price ?? undefined, apply });
      setResult(r);
      if (apply) {
        toastSuccess('商务标已加入标书的“商务文件”章节');
        navigate(`/home/book/BidingWrite?id=${encodeURIComponent(bidId)}`);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : '生成失败');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel title="生成商务标">
      <Typography.Paragraph type="secondary">
        按招标文件和上面的企业资料生成投标函、法定代表人授权书、开标一览表、资格证明文件、业绩与人员表和商务条款偏离表，并检查工期、质保期、投标有效期和报价在全部章节中是否一致。
      </Typography.Paragraph>
      <Space wrap>
        <Select
          style={{ width: 320 }}
          placeholder="选择标书"
          loading={bids.isPending}
          value={bidId}
          onChange={(v: string) => (setBidId(v), setResult(null))}
          options={(bids.data?.records ?? []).map((b) => ({ value: b.id, label: b.name }))}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有编写中的标书" />}
          data-testid="business-bid-select"
        />
        <InputNumber<number>
          style={{ width: 220 }}
          min={0.01}
          placeholder="投标总报价（元，可选）"
          value={price}
          onChange={(v) => setPrice(v)}
        />
        <Button
          icon={<FileDoneOutlined />}
          disabled={!bidId}
          loading={busy === 'preview'}
          onClick={() => void run(false)}
          data-testid="business-bid-preview"
        >
          预览
        </Button>
        <Button type="primary" disabled={!bidId} loading={busy === 'apply'} onClick={() => void run(true)}>
          加入标书
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
      {result ? (
        <div style={{ marginTop: 12 }} data-testid="business-bid-result">
          {result.findings.length ? (
            <Alert
              type="warning"
              showIcon
              title={`发现 ${result.findings.length} 个问题`}
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {result.findings.map((f) => (
                    <li key={f.message}>{f.message}</li>
                  ))}
                </ul>
              }
              style={{ marginBottom: 12 }}
            />
          ) : (
            <Alert
              type="success"
              showIcon
              title="资质有效期、工期、质保期、投标有效期和报价检查未发现问题"
              style={{ marginBottom: 12 }}
            />
          )}
          <Collapse
            items={result.sections.map((s) => ({
              key: s.title,
              label: s.title,
              children: <DocPreview content={markdownToDoc(s.markdown) as JSONContent} />,
            }))}
          />
        </div>
      ) : null}
    </Panel>
  );
}
