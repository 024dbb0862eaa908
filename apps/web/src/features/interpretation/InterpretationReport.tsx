import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Empty, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ItemList, ListItem } from '../../components/ItemList.tsx';
import { AimOutlined } from '@ant-design/icons';
import {
  locatePassage,
  materialsToPrepare,
  SCORING_CATEGORY_LABELS,
  scoringTotals,
  type InterpretationDetail,
  type ScoringItem,
  type SourceSpan,
  type TenderAnalysis,
} from '@bid/shared';
import { CATEGORY_COLORS, FACTS } from '../ai/TenderAnalysisView.tsx';
import { PassageDrawer, type Passage } from './PassageDrawer.tsx';

/** Opens the passage of an item, or says it could not be found in the text. */
function SourceLink({ span, onOpen }: { span: SourceSpan | null; onOpen: () => void }) {
  if (!span)
    return (
      <Tooltip title="未能在原文中定位这一项">
        <Typography.Text type="secondary" className="ip-source ip-source--none">
          未定位
        </Typography.Text>
      </Tooltip>
    );
  return (
    <Button
      type="link"
      size="small"
      icon={<AimOutlined />}
      className="ip-source"
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
      data-testid="open-passage"
    >
      原文
    </Button>
  );
}

interface Located<T> {
  item: T;
  span: SourceSpan | null;
}

/** A clickable list: each entry opens its passage. */
function PassageList<T>({
  rows,
  render,
  title,
  testId,
  empty,
  open,
}: {
  rows: Located<T>[];
  render: (t: T) => ReactNode;
  title: (t: T) => string;
  testId: string;
  empty: string;
  open: (p: Passage) => void;
}) {
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ItemList
      size="small"
      data-testid={testId}
      items={rows}
      renderItem={(r, i) => (
        <ListItem
          key={i}
          className={r.span ? 'ip-row ip-row--linked' : 'ip-row'}
          onClick={r.span ? () => open({ title: title(r.item), span: r.span! }) : undefined}
          extra={<SourceLink span={r.span} onOpen={() => open({ title: title(r.item), span: r.span! })} />}
        >
          {render(r.item)}
        </ListItem>
      )}
    />
  );
}

function ScoringTable({
  a,
  rows,
  open,
}: {
  a: TenderAnalysis;
  rows: Located<ScoringItem>[];
  open: (p: Passage) => void;
}) {
  if (!rows.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="未识别到评分标准，请对照招标文件“评分办法”核对"
      />
    );
  const totals = scoringTotals(a.scoringItems);
  const lotName = (n: number | null | undefined) =>
    n == null ? '全部' : (a.lots.find((l) => l.no === n)?.name ?? `第 ${n} 包`);
  return (
    <>
      <Typography.Paragraph type="secondary">
        共 {rows.length} 项，合计 {totals.total} 分（技术 {totals.technical}、商务 {totals.commercial}、价格{' '}
        {totals.price}）。点击任一行查看它在招标文件中的原文。
      </Typography.Paragraph>
      <Table<Located<ScoringItem>>
        size="small"
        rowKey={(r) => r.item.id}
        pagination={false}
        data-testid="ip-scoring"
        dataSource={rows}
        onRow={(r) =>
          ({
            onClick: r.span ? () => open({ title: r.item.name, span: r.span! }) : undefined,
            className: r.span ? 'ip-row--linked' : undefined,
            'data-testid': 'ip-scoring-row',
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: '类别',
            width: 72,
            render: (_, r) => (
              <Tag color={CATEGORY_COLORS[r.item.category]}>{SCORING_CATEGORY_LABELS[r.item.category]}</Tag>
            ),
          },
          {
            title: '评分因素',
            width: 260,
            render: (_, r) => (r.item.group ? `${r.item.group} / ${r.item.name}` : r.item.name),
          },
          {
            title: '分值',
            width: 64,
            align: 'right',
            render: (_, r) => (r.item.points == null ? '—' : r.item.points),
          },
          {
            title: '评分标准',
            render: (_, r) => <span className="ip-criteria">{r.item.criteria || '—'}</span>,
          },
          ...(a.lots.length
            ? [
                {
                  title: '采购包',
                  width: 110,
                  render: (_: unknown, r: Located<ScoringItem>) => lotName(r.item.lot),
                },
              ]
            : []),
          {
            title: '',
            width: 80,
            render: (_, r) => (
              <SourceLink span={r.span} onOpen={() => open({ title: r.item.name, span: r.span! })} />
            ),
          },
        ]}
      />
    </>
  );
}

/**
 * The report of a finished interpretation, in tabs per kind; every item that the text states links to
 * its passage (a drawer with the tender's text, the passage highlighted and scrolled into view).
 */
export function InterpretationReport({ detail }: { detail: InterpretationDetail }) {
  const a = detail.analysis!;
  const text = detail.text ?? '';
  const [passage, setPassage] = useState<Passage | null>(null);

  const located = useMemo(() => {
    const at = (span: SourceSpan | null | undefined, quote: string) =>
      text ? locatePassage(text, span, quote) : null;
    return {
      facts: FACTS.map(([k, label]) => {
        const v = a.project[k];
        const value = v == null || v === '' ? null : String(v);
        return { item: { label, value }, span: value ? at(null, value) : null };
      }),
      scoring: a.scoringItems.map((item) => ({ item, span: at(item.source, item.name) })),
      stars: a.starClauses.map((item) => ({ item, span: at(item.source, item.text) })),
      disq: a.disqualifications.map((item, i) => ({ item, span: at(a.disqualificationSources[i], item) })),
      quals: a.qualifications.map((item) => ({ item, span: at(null, item) })),
      reqs: a.requirements.map((item) => ({ item, span: at(item.source, item.text) })),
      dates: a.keyDates.map((item) => ({ item, span: at(item.source, item.value) })),
    };
  }, [a, text]);
  const materials = useMemo(() => materialsToPrepare(a), [a]);

  const count = (label: string, n: number) => (
    <span>
      {label}
      <Typography.Text type="secondary" className="ip-tab-count">
        {n}
      </Typography.Text>
    </span>
  );

  return (
    <div className="ip-report" data-testid="interpretation-report">
      <Space size={8} wrap className="ip-report__tags">
        <Tag color={a.engine === 'offline' ? 'default' : 'green'}>
          {a.engine === 'offline' ? '规则解析' : `AI 解析${a.model ? ` · ${a.model}` : ''}`}
        </Tag>
        {a.project.method ? <Tag>{a.project.method}</Tag> : null}
        {a.scoringMethod ? <Tag>{a.scoringMethod}</Tag> : null}
        {a.darkBid ? <Tag color="red">技术标暗标</Tag> : null}
        {a.pageLimit ? <Tag color="orange">限 {a.pageLimit} 页</Tag> : null}
        {a.lots.length ? <Tag color="blue">{a.lots.length} 个采购包</Tag> : null}
        <Tag>{(detail.text?.length ?? a.chars).toLocaleString('zh-CN')} 字</Tag>
      </Space>
      {a.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon title={w} className="ip-report__warning" />
      ))}
      <Tabs
        defaultActiveKey="scoring"
        items={[
          {
            key: 'facts',
            label: '项目概况',
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  带虚线的内容可点击，查看它在招标文件中的原文。
                </Typography.Paragraph>
                <Descriptions size="small" bordered column={2} data-testid="ip-facts">
                  {located.facts.map(({ item, span }) => (
                    <Descriptions.Item
                      key={item.label}
                      label={item.label}
                      span={item.label.includes('范围') ? 2 : 1}
                    >
                      {item.value ? (
                        <span
                          className={span ? 'ip-row--linked' : undefined}
                          onClick={span ? () => setPassage({ title: item.label, span }) : undefined}
                        >
                          {item.value}
                        </span>
                      ) : (
                        <Typography.Text type="secondary">未识别</Typography.Text>
                      )}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              </>
            ),
          },
          {
            key: 'scoring',
            label: count('评分标准', a.scoringItems.length),
            children: <ScoringTable a={a} rows={located.scoring} open={setPassage} />,
          },
          {
            key: 'stars',
            label: count('★/▲条款', a.starClauses.length),
            children: (
              <PassageList
                rows={located.stars}
                testId="ip-stars"
                empty="未发现★/▲条款"
                title={(c) => c.text}
                open={setPassage}
                render={(c) => (
                  <span>
                    <Typography.Text type={c.mark === '★' ? 'danger' : 'warning'} strong>
                      {c.mark}
                    </Typography.Text>{' '}
                    {c.text}
                  </span>
                )}
              />
            ),
          },
          {
            key: 'disq',
            label: count('废标条款', a.disqualifications.length),
            children: (
              <PassageList
                rows={located.disq}
                testId="ip-disq"
                empty="未发现废标条款"
                title={(t) => t}
                open={setPassage}
                render={(t) => t}
              />
            ),
          },
          {
            key: 'quals',
            label: count('资格要求', a.qualifications.length),
            children: (
              <PassageList
                rows={located.quals}
                testId="ip-quals"
                empty="未识别到资格要求"
                title={(t) => t}
                open={setPassage}
                render={(t) => t}
              />
            ),
          },
          ...(a.requirements.length
            ? [
                {
                  key: 'reqs',
                  label: count('采购需求', a.requirements.length),
                  children: (
                    <PassageList
                      rows={located.reqs}
                      testId="ip-reqs"
                      empty="未识别到采购需求"
                      title={(r) => r.text}
                      open={setPassage}
                      render={(r) => (
                        <span>
                          {r.star ? (
                            <Typography.Text type="danger" strong>
                              ★{' '}
                            </Typography.Text>
                          ) : r.mark === '▲' ? (
                            <Typography.Text type="warning" strong>
                              ▲{' '}
                            </Typography.Text>
                          ) : null}
                          {r.text}
                        </span>
                      )}
                    />
                  ),
                },
              ]
            : []),
          {
            key: 'dates',
            label: '时间与保证金',
            children: (
              <>
                <PassageList
                  rows={located.dates}
                  testId="ip-dates"
                  empty="未识别到关键时间"
                  title={(d) => d.label}
                  open={setPassage}
                  render={(d) => (
                    <span>
                      <Typography.Text strong>{d.label}：</Typography.Text>
                      {d.value}
                    </span>
                  )}
                />
                <Descriptions size="small" bordered column={1} className="ip-bond">
                  <Descriptions.Item label="投标保证金">
                    {a.project.bond ?? (
                      <Typography.Text type="secondary">
                        未识别（可能无需缴纳，请核对招标公告）
                      </Typography.Text>
                    )}
                  </Descriptions.Item>
                </Descriptions>
              </>
            ),
          },
          {
            key: 'materials',
            label: count('需准备材料', materials.length),
            children: materials.length ? (
              <Table
                size="small"
                rowKey="text"
                pagination={false}
                data-testid="ip-materials"
                dataSource={materials}
                columns={[
                  { title: '序号', width: 64, render: (_, __, i) => i + 1 },
                  { title: '材料', dataIndex: 'text' },
                  { title: '依据', dataIndex: 'reason', width: 180 },
                ]}
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="未从招标文件中识别到需单独准备的材料"
              />
            ),
          },
        ]}
      />
      <PassageDrawer text={text} passage={passage} onClose={() => setPassage(null)} />
    </div>
  );
}
