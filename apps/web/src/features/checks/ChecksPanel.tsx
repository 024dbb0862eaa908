import { useState } from 'react';
import { Alert, Badge, Button, Empty, Progress, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  ANONYMITY_LABELS,
  checkSummary,
  type BidChecks,
  type CatalogNode,
  type CheckChapterRef,
  type ClauseCheck,
  type CoverageCheck,
  type TenderAnalysis,
} from '@bid/shared';
import { toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { aiApi } from '../ai/api.ts';
import { bidApi, bidKeys } from '../bid/api.ts';
import { checksKeys, openCounts, useBidChecks } from './api.ts';
import { bestParentFor } from './placement.ts';
import './checks.css';

export interface ChecksPanelProps {
  bidId: string;
  tree: CatalogNode[];
  analysis: TenderAnalysis | null;
  readOnly: boolean;
  /** Opens a chapter in the editor. */
  onJump: (catalogId: string) => void;
}

function Chapters({ list, onJump }: { list: CheckChapterRef[]; onJump: (id: string) => void }) {
  if (!list.length) return <Typography.Text type="danger">没有章节响应</Typography.Text>;
  return (
    <span className="bs-checks__chapters">
      {list.map((c) => (
        <Button key={c.id} type="link" size="small" onClick={() => onJump(c.id)}>
          {c.title}
        </Button>
      ))}
    </span>
  );
}

const Status = ({ ok, yes, no }: { ok: boolean; yes: string; no: string }) =>
  ok ? (
    <Tag icon={<CheckCircleFilled />} color="success">
      {yes}
    </Tag>
  ) : (
    <Tag icon={<CloseCircleFilled />} color="error">
      {no}
    </Tag>
  );

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span className="bs-checks__tab">
      {text}
      <Badge count={count} size="small" color={count ? '#ff4d4f' : undefined} showZero={false} />
    </span>
  );
}

function ClauseList({
  title,
  list,
  onJump,
  empty,
}: {
  title: string;
  list: ClauseCheck[];
  onJump: (id: string) => void;
  empty: string;
}) {
  return (
    <section className="bs-checks__section">
      <Typography.Title level={5}>{title}</Typography.Title>
      {list.length ? (
        list.map((c, i) => (
          <div key={i} className={`bs-checks__row${c.answered ? '' : ' is-open'}`} data-testid="check-clause">
            <div className="bs-checks__row-head">
              <Status ok={c.answered} yes="已响应" no="未响应" />
              <span className="bs-checks__clause">{c.text}</span>
            </div>
            {c.sentence ? <blockquote className="bs-checks__quote">{c.sentence}</blockquote> : null}
            {c.answered ? (
              <Chapters list={c.chapters} onJump={onJump} />
            ) : (
              <Typography.Text type="danger">
                正文中找不到响应这一条的句子，请在相应章节中明确响应。
              </Typography.Text>
            )}
          </div>
        ))
      ) : (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      )}
    </section>
  );
}

/**
 * The 检查 panel: scoring coverage, ★/废标 clauses, 暗标, open placeholders and pages, each finding
 * linked to its chapter. Red for what is still open.
 */
export function ChecksPanel({ bidId, tree, analysis, readOnly, onJump }: ChecksPanelProps) {
  const qc = useQueryClient();
  const checks = useBidChecks(bidId);
  const [tab, setTab] = useState('coverage');
  const { busy, run } = useBusyAction();

  async function addForItem(item: CoverageCheck) {
    const scoring = analysis?.scoringItems.find((i) => i.id === item.itemId);
    await run(item.itemId, async () => {
      const parent = bestParentFor(tree, item.itemId, scoring?.category ?? null);
      const { id } = parent
        ? await bidApi.addChild(parent, item.name)
        : await bidApi.addTopLevel(bidId, item.name);
      await qc.invalidateQueries({ queryKey: bidKeys.tree(bidId) });
      onJump(id);
      const criteria = scoring?.criteria ? `：${scoring.criteria.slice(0, 300)}` : '';
      await aiApi.writeChapter(
        id,
        `逐项响应评分项“${item.name}”${item.points != null ? `（${item.points} 分）` : ''}${criteria}`,
        () => undefined,
      );
      await Promise.all([
        qc.invalidateQueries({ queryKey: bidKeys.tree(bidId) }),
        qc.invalidateQueries({ queryKey: checksKeys.bid(bidId) }),
      ]);
      toastSuccess(`已新增并写好“${item.name}”一节`);
    });
  }

  if (checks.isLoading)
    return (
      <Spin description="正在检查…">
        <div style={{ height: 120 }} />
      </Spin>
    );
  if (checks.isError || !checks.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="检查失败，请稍后重试"
        action={
          <Button size="small" onClick={() => void checks.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const c: BidChecks = checks.data;
  const n = openCounts(c);
  const summary = checkSummary(c);
  const pagesOver = c.pages.limit !== null && c.pages.estimated > c.pages.limit;

  const items = [
    {
      key: 'coverage',
      label: <TabLabel text="评分覆盖" count={n.coverage} />,
      children: c.coverage.length ? (
        <div data-testid="checks-coverage">
          {c.coverage.map((i) => (
            <div
              key={i.itemId}
              className={`bs-checks__row${i.covered ? '' : ' is-open'}`}
              data-testid="check-coverage-item"
            >
              <div className="bs-checks__row-head">
                <Status ok={i.covered} yes="已覆盖" no="未覆盖" />
                <span className="bs-checks__clause">
                  {i.name}
                  {i.points != null ? (
                    <Typography.Text type="secondary">（{i.points} 分）</Typography.Text>
                  ) : null}
                </span>
                {!i.covered && !readOnly ? (
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    icon={<EditOutlined />}
                    loading={busy === i.itemId}
                    disabled={busy !== null && busy !== i.itemId}
                    onClick={() => void addForItem(i)}
                  >
                    为此评分项补写一节
                  </Button>
                ) : null}
              </div>
              <Chapters list={i.chapters} onJump={onJump} />
            </div>
          ))}
        </div>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="标书没有解析出评分项（粘贴或上传招标文件的评分标准后可检查覆盖情况）"
        />
      ),
    },
    {
      key: 'clauses',
      label: <TabLabel text="★/废标条款" count={n.clauses} />,
      children: (
        <div data-testid="checks-clauses">
          <ClauseList
            title="★ 实质性条款"
            list={c.stars}
            onJump={onJump}
            empty="招标文件中没有识别到 ★ 条款"
          />
          <ClauseList
            title="废标（无效投标）条款"
            list={c.disqualifications}
            onJump={onJump}
            empty="招标文件中没有识别到废标条款"
          />
        </div>
      ),
    },
    {
      key: 'anonymity',
      label: <TabLabel text="暗标" count={n.anonymity} />,
      children: !c.anonymousParts.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="招标文件没有要求暗标，无需检查" />
      ) : (
        <div data-testid="checks-anonymity">
          <Typography.Paragraph type="secondary">
            检查范围（暗标部分）：{c.anonymousParts.join('、')}
            。单位名称、人员姓名、电话、邮箱、图片、页眉和文档属性都不得透露投标人身份。
          </Typography.Paragraph>
          {c.anonymity.length ? (
            c.anonymity.map((a, i) => (
              <div key={i} className="bs-checks__row is-open" data-testid="check-anonymity-item">
                <div className="bs-checks__row-head">
                  <Tag color="error">{ANONYMITY_LABELS[a.kind]}</Tag>
                  <span className="bs-checks__clause">{a.text}</span>
                </div>
                {a.catalogId ? (
                  <Chapters list={[{ id: a.catalogId, title: a.title ?? '' }]} onJump={onJump} />
                ) : null}
              </div>
            ))
          ) : (
            <Alert type="success" showIcon title="暗标部分没有发现可识别投标人身份的信息" />
          )}
        </div>
      ),
    },
    {
      key: 'placeholders',
      label: <TabLabel text="待填写" count={n.placeholders} />,
      children: c.placeholders.length ? (
        <div data-testid="checks-placeholders">
          {c.placeholders.map((p, i) => (
            <div
              key={i}
              className="bs-checks__row is-open bs-checks__row--inline"
              data-testid="check-placeholder"
            >
              <Button type="link" size="small" onClick={() => onJump(p.catalogId)}>
                {p.title}
              </Button>
              <span className="bs-checks__placeholder">{p.text}</span>
            </div>
          ))}
        </div>
      ) : (
        <Alert type="success" showIcon title="没有未填写的【待填写】占位" />
      ),
    },
    {
      key: 'pages',
      label: <TabLabel text="页数" count={n.pages} />,
      children: (
        <div className="bs-checks__pages" data-testid="checks-pages">
          <Typography.Paragraph>
            按正文字数估算约 <strong>{c.pages.estimated}</strong> 页
            {c.pages.limit !== null ? (
              <>
                ，招标文件限制 <strong>{c.pages.limit}</strong> 页。
              </>
            ) : (
              '；招标文件没有规定页数上限。'
            )}
            {c.pages.target ? <>标书目标 {c.pages.target} 页。</> : null}
          </Typography.Paragraph>
          {c.pages.limit !== null ? (
            <Progress
              percent={Math.round((c.pages.estimated / c.pages.limit) * 100)}
              status={pagesOver ? 'exception' : 'normal'}
            />
          ) : null}
          <Typography.Text type="secondary">
            估算不含封面、目录和图表，导出后以 Word 中的实际页数为准。
          </Typography.Text>
        </div>
      ),
    },
  ];

  return (
    <div className="bs-checks" data-testid="checks-panel">
      <div className="bs-checks__summary">
        {summary.clear ? (
          <Alert
            type="success"
            showIcon
            title={<span data-testid="summary-title">{summary.title}</span>}
            data-testid="checks-summary"
          />
        ) : (
          <Alert
            type={c.blocking ? 'error' : 'warning'}
            showIcon
            data-testid="checks-summary"
            title={<span data-testid="summary-title">{summary.title}</span>}
            description={
              <ul className="bs-checks__blockers">
                {summary.lines.slice(0, 4).map((b, i) => (
                  <li key={i}>{b}</li>
                ))}
                {summary.lines.length > 4 ? <li>另有 {summary.lines.length - 4} 项，见下方各页</li> : null}
              </ul>
            }
          />
        )}
        <Tooltip title="重新检查">
          <Button
            icon={<ReloadOutlined />}
            aria-label="重新检查"
            loading={checks.isFetching}
            onClick={() => void checks.refetch()}
          />
        </Tooltip>
      </div>
      <Tabs activeKey={tab} onChange={setTab} items={items} />
    </div>
  );
}
