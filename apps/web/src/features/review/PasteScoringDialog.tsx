import { useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import {
  REVIEW_LIMITS,
  reviewTotals,
  SCORING_CATEGORY_LABELS,
  type AnalysisTotals,
  type ReparseScoringResult,
  type StatedTotals,
  type ReviewTarget,
  type ScoringItem,
} from '@bid/shared';
import { CATEGORY_COLORS } from '../ai/TenderAnalysisView.tsx';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { reviewApi } from './api.ts';
import { TotalsPanel } from './TotalsPanel.tsx';

/**
 * 「只粘贴评分表」: the writer pastes the scoring table (copied from the tender or its paper original),
 * it is read on its own, the items found are shown with their sums, and the writer replaces the list
 * with them. Nothing is saved here: the review's confirm saves.
 */
export function PasteScoringDialog({
  open,
  target,
  id,
  current,
  statedTotals,
  bidLot,
  onApply,
  onClose,
}: {
  open: boolean;
  target: ReviewTarget;
  id: string;
  /** Items in the list now (the button says how many it replaces). */
  current: number;
  /** The totals the tender states (the pasted items are checked against them when it states any). */
  statedTotals: StatedTotals[];
  bidLot: number | null;
  onApply: (read: ReparseScoringResult) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [read, setRead] = useState<ReparseScoringResult | null>(null);
  const { busy, run } = useBusyAction<'read'>();

  const close = () => {
    setRead(null);
    onClose();
  };
  const readIt = () =>
    void run('read', async () => {
      setRead(await reviewApi.reparseScoring(id, text, target));
    });

  return (
    <Modal
      open={open}
      onCancel={close}
      width={960}
      title="只粘贴评分表"
      destroyOnHidden
      data-testid="paste-scoring-dialog"
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button
            type="primary"
            disabled={!read?.scoringItems.length}
            onClick={() => {
              if (!read) return;
              onApply(read);
              setText('');
              close();
            }}
            data-testid="paste-scoring-apply"
          >
            {current ? `用这 ${read?.scoringItems.length ?? 0} 项替换当前 ${current} 项` : '使用这些评分项'}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        从招标文件中复制“评分办法/评分标准”表格（含总分和各部分分值的说明更好），粘贴到下面。只识别粘贴的这部分，识别结果确认后替换当前的评分项列表。
      </Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setRead(null);
        }}
        autoSize={{ minRows: 6, maxRows: 14 }}
        maxLength={REVIEW_LIMITS.fragmentChars}
        placeholder={
          '例如：\n序号  评分因素  分值  评分标准\n1  投标报价  30  满足招标文件要求且投标价格最低的…'
        }
        data-testid="paste-scoring-text"
      />
      <Space style={{ marginTop: 8 }}>
        <Button
          type="primary"
          ghost
          loading={busy === 'read'}
          disabled={!text.trim()}
          onClick={readIt}
          data-testid="paste-scoring-read"
        >
          识别评分表
        </Button>
        {busy === 'read' ? <Typography.Text type="secondary">正在识别粘贴的评分表…</Typography.Text> : null}
      </Space>
      {read ? (
        <ReadResult
          read={read}
          // The tender's own totals when it states them, else those the pasted text states.
          totals={reviewTotals(
            {
              scoringItems: read.scoringItems,
              statedTotals: statedTotals.length ? statedTotals : read.statedTotals,
            },
            bidLot,
          )}
        />
      ) : null}
    </Modal>
  );
}

function ReadResult({ read, totals }: { read: ReparseScoringResult; totals: AnalysisTotals[] }) {
  if (!read.scoringItems.length)
    return (
      <Empty
        className="rv-paste__empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="没有从粘贴的内容中识别到评分项。请确认粘贴的是评分表（每项有评分因素和分值）。"
      />
    );
  return (
    <div className="rv-paste__result" data-testid="paste-scoring-result">
      <Typography.Title level={5}>识别到 {read.scoringItems.length} 项</Typography.Title>
      {read.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon title={w} style={{ marginBottom: 8 }} />
      ))}
      <TotalsPanel totals={totals} />
      <Table<ScoringItem>
        size="small"
        rowKey={(r, i) => `${r.id}-${i}`}
        pagination={false}
        scroll={{ y: 280 }}
        dataSource={read.scoringItems}
        data-testid="paste-scoring-items"
        columns={[
          {
            title: '类别',
            width: 72,
            render: (_, r) => (
              <Tag color={CATEGORY_COLORS[r.category]}>{SCORING_CATEGORY_LABELS[r.category]}</Tag>
            ),
          },
          { title: '评分因素', dataIndex: 'name', width: 200 },
          { title: '分值', width: 64, align: 'right', render: (_, r) => r.points ?? '—' },
          { title: '评分标准', dataIndex: 'criteria', ellipsis: true },
          {
            title: '招标文件中',
            width: 100,
            render: (_, r) =>
              r.source ? (
                <Typography.Text type="success">已找到</Typography.Text>
              ) : (
                <Typography.Text type="warning">未找到</Typography.Text>
              ),
          },
        ]}
      />
    </div>
  );
}
