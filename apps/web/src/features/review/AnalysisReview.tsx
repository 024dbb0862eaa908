import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Select, Space, Tabs, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import {
  reviewTotals,
  totalsMismatches,
  type MandatedSection,
  type ReviewTarget,
  type StarClause,
  type TenderAnalysis,
} from '@bid/shared';
import {
  disqualificationRows,
  draftProblems,
  replaceScoring,
  settledWarnings,
  withDisqualifications,
  type TextRow,
} from './draft.ts';
import { ListEditor } from './ListEditor.tsx';
import { PasteScoringDialog } from './PasteScoringDialog.tsx';
import { ScoringEditor } from './ScoringEditor.tsx';
import { SourcePassage, type PassageRequest } from './SourcePassage.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import '../interpretation/interpretation.css';
import './review.css';

const MARK_OPTIONS = [
  { value: '★', label: '★' },
  { value: '▲', label: '▲' },
];
const LEVEL_OPTIONS = [1, 2, 3].map((l) => ({ value: l, label: `${['一', '二', '三'][l - 1]}级` }));

/**
 * The writer's review of a tender analysis (新建标书 before the outline, the bid's analysis later,
 * 招标文件解读): the scoring items with their sums against the tender's totals, ★/▲ clauses, 废标
 * clauses and the bid outline the tender prescribes, all editable; the draft is handed to
 * `onConfirm` whole once nothing in it would be refused.
 */
export function AnalysisReview({
  target,
  id,
  analysis,
  bidLot = null,
  readOnly = false,
  busy,
  confirmLabel,
  confirmTestId = 'review-confirm',
  onConfirm,
  extra,
}: {
  target: ReviewTarget;
  id: string;
  analysis: TenderAnalysis;
  /** The 包 a bid answers (its items must be that 包's); null for an interpretation. */
  bidLot?: number | null;
  readOnly?: boolean;
  busy: boolean;
  confirmLabel: string;
  confirmTestId?: string;
  onConfirm: (draft: TenderAnalysis) => void;
  /** More buttons beside the confirm (cancel, skip). */
  extra?: ReactNode;
}) {
  const [draft, setDraft] = useState(analysis);
  const [pasting, setPasting] = useState(false);
  const [passage, setPassage] = useState<PassageRequest | null>(null);
  const [tab, setTab] = useState('scoring');

  const totals = useMemo(() => reviewTotals(draft, bidLot), [draft, bidLot]);
  const mismatched = totals.some((t) => totalsMismatches(t).length > 0);
  const problems = useMemo(() => draftProblems(draft, bidLot), [draft, bidLot]);
  const bad = (field: string) =>
    new Set(problems.filter((p) => p.field === field && p.row != null).map((p) => p.row!));
  const dq = useMemo(() => disqualificationRows(draft), [draft]);
  const patch = (p: Partial<TenderAnalysis>) => setDraft((d) => ({ ...d, ...p }));
  // An interpretation keeps every 包; a bid's items belong to its own (moving them is not offered).
  const lots = target === 'interpretation' ? draft.lots : [];
  const count = (label: string, n: number, alert = false) => (
    <span>
      {label}
      <Typography.Text type={alert ? 'danger' : 'secondary'} className="ip-tab-count">
        {n}
      </Typography.Text>
      {alert ? <Badge status="error" style={{ marginLeft: 4 }} /> : null}
    </span>
  );

  return (
    <div className="rv-review" data-testid="analysis-review">
      <Space size={8} wrap className="rv-review__tags">
        <Tag color={draft.engine === 'offline' ? 'default' : 'green'}>
          {draft.engine === 'offline' ? '规则解析' : `AI 解析${draft.model ? ` · ${draft.model}` : ''}`}
        </Tag>
        {draft.scoringMethod ? <Tag>{draft.scoringMethod}</Tag> : null}
        {draft.lowestPrice ? <Tag color="blue">最低价中标，无评分表</Tag> : null}
        {bidLot != null ? <Tag color="blue">投标第 {bidLot} 包</Tag> : null}
      </Space>
      {draft.warnings.map((w) => (
        // Said when the tender was read: the sums below follow the edits, these do not.
        <Alert key={w} type="warning" showIcon title={`解析时：${w}`} className="rv-review__warning" />
      ))}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'scoring',
            label: count('评分项', draft.scoringItems.length, mismatched),
            children: (
              <>
                <TotalsPanel totals={totals} />
                <ScoringEditor
                  items={draft.scoringItems}
                  lots={lots}
                  readOnly={readOnly}
                  badRows={bad('scoringItems')}
                  onChange={(scoringItems) => patch({ scoringItems })}
                  onPaste={() => setPasting(true)}
                  openPassage={setPassage}
                />
              </>
            ),
          },
          {
            key: 'stars',
            label: count('★/▲条款', draft.starClauses.length),
            children: (
              <ListEditor<StarClause>
                rows={draft.starClauses}
                onChange={(starClauses) => patch({ starClauses })}
                readOnly={readOnly}
                make={() => ({ mark: '★', text: '', lot: bidLot, source: null })}
                text={(c) => c.text}
                withText={(c, text) => ({ ...c, text })}
                source={(c) => c.source}
                before={(c, set) => (
                  <Select
                    size="small"
                    value={c.mark}
                    options={MARK_OPTIONS}
                    disabled={readOnly}
                    onChange={(mark) => set({ ...c, mark })}
                    style={{ width: 56 }}
                    aria-label="条款标记"
                  />
                )}
                maxLength={2000}
                empty="没有识别到★/▲条款。招标文件有实质性条款时请逐条添加。"
                addLabel="添加★/▲条款"
                deleteTitle="删除这条★/▲条款？"
                placeholder="条款内容"
                badRows={bad('starClauses')}
                openPassage={setPassage}
                testId="review-stars"
              />
            ),
          },
          {
            key: 'disq',
            label: count('废标条款', draft.disqualifications.length),
            children: (
              <ListEditor<TextRow>
                rows={dq}
                onChange={(rows) => setDraft((d) => withDisqualifications(d, rows))}
                readOnly={readOnly}
                make={() => ({ text: '', source: null })}
                text={(r) => r.text}
                withText={(r, text) => ({ ...r, text })}
                source={(r) => r.source}
                maxLength={2000}
                empty="没有识别到废标（无效投标）条款。"
                addLabel="添加废标条款"
                deleteTitle="删除这条废标条款？"
                placeholder="条款内容"
                badRows={bad('disqualifications')}
                openPassage={setPassage}
                testId="review-disq"
              />
            ),
          },
          {
            key: 'outline',
            label: count('投标文件目录', draft.mandatedOutline.length),
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  招标文件规定的投标文件组成和顺序。大纲会按这里的顺序安排章节；没有规定时可以留空。
                </Typography.Paragraph>
                <ListEditor<MandatedSection>
                  rows={draft.mandatedOutline}
                  onChange={(mandatedOutline) => patch({ mandatedOutline })}
                  readOnly={readOnly}
                  make={() => ({ title: '', level: 1, source: null })}
                  text={(s) => s.title}
                  withText={(s, title) => ({ ...s, title })}
                  source={(s) => s.source}
                  before={(s, set) => (
                    <Select
                      size="small"
                      value={s.level}
                      options={LEVEL_OPTIONS}
                      disabled={readOnly}
                      onChange={(level) => set({ ...s, level })}
                      style={{ width: 76 }}
                      aria-label="目录层级"
                    />
                  )}
                  multiline={false}
                  maxLength={200}
                  empty="招标文件没有规定投标文件目录，大纲按评分项和常用结构安排。"
                  addLabel="添加目录项"
                  deleteTitle="删除这个目录项？"
                  placeholder="目录标题"
                  badRows={bad('mandatedOutline')}
                  openPassage={setPassage}
                  testId="review-outline"
                />
              </>
            ),
          },
        ]}
      />
      <div className="rv-review__footer">
        {problems.length ? (
          <Alert
            type="error"
            showIcon
            data-testid="review-problems"
            title="以下内容需要先改好才能保存"
            description={
              <ul className="rv-totals__list">
                {problems.slice(0, 8).map((p, i) => (
                  <li key={i}>
                    {p.where}：{p.message}
                  </li>
                ))}
                {problems.length > 8 ? <li>……还有 {problems.length - 8} 处</li> : null}
              </ul>
            }
          />
        ) : mismatched && !readOnly ? (
          <Typography.Text type="danger" className="rv-review__hint">
            分值合计与招标文件仍不一致，也可以确认后继续（大纲按列表中的评分项安排）。
          </Typography.Text>
        ) : null}
        <Space className="rv-review__actions">
          {extra}
          {readOnly ? null : (
            <Button
              type="primary"
              icon={<CheckOutlined />}
              loading={busy}
              disabled={problems.length > 0}
              onClick={() => onConfirm({ ...draft, warnings: settledWarnings(draft, totals) })}
              data-testid={confirmTestId}
            >
              {confirmLabel}
            </Button>
          )}
        </Space>
      </div>
      <PasteScoringDialog
        open={pasting}
        target={target}
        id={id}
        current={draft.scoringItems.length}
        statedTotals={draft.statedTotals}
        bidLot={bidLot}
        onClose={() => setPasting(false)}
        onApply={(read) => setDraft((d) => replaceScoring(d, read))}
      />
      <SourcePassage target={target} id={id} passage={passage} onClose={() => setPassage(null)} />
    </div>
  );
}
