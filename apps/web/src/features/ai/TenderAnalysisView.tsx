import { Alert, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { ItemList, ListItem } from '../../components/ItemList.tsx';
import {
  SCORING_CATEGORY_LABELS,
  scoringTotals,
  type ScoringCategory,
  type TenderAnalysis,
} from '@bid/shared';

export const CATEGORY_COLORS: Record<ScoringCategory, string> = {
  technical: 'blue',
  commercial: 'purple',
  price: 'orange',
  other: 'default',
};

/** The project facts in the order screens and reports show them. */
export const FACTS: Array<[keyof TenderAnalysis['project'], string]> = [
  ['name', '项目名称'],
  ['number', '项目编号'],
  ['owner', '采购人/招标人'],
  ['agency', '代理机构'],
  ['budget', '预算/最高限价'],
  ['period', '工期/服务期'],
  ['location', '项目地点'],
  ['bond', '投标保证金'],
  ['scope', '采购内容/范围'],
];

/** The tender analysis: project facts, scoring items with points, ★/▲ clauses, 废标 clauses, dates. */
export function TenderAnalysisView({
  analysis,
  compact = false,
}: {
  analysis: TenderAnalysis;
  compact?: boolean;
}) {
  const totals = scoringTotals(analysis.scoringItems);
  return (
    <div className="ai-analysis" data-testid="tender-analysis">
      <Space size={8} wrap style={{ marginBottom: 12 }}>
        <Tag color={analysis.engine === 'offline' ? 'default' : 'green'}>
          {analysis.engine === 'offline'
            ? '规则解析'
            : `AI 解析${analysis.model ? ` · ${analysis.model}` : ''}`}
        </Tag>
        {analysis.scoringMethod ? <Tag>{analysis.scoringMethod}</Tag> : null}
        {analysis.darkBid ? <Tag color="red">技术标暗标</Tag> : null}
      </Space>
      {analysis.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon title={w} style={{ marginBottom: 8 }} />
      ))}
      <Typography.Title level={5}>项目信息</Typography.Title>
      <Descriptions size="small" bordered column={compact ? 1 : 2} data-testid="analysis-facts">
        {FACTS.map(([k, label]) => (
          <Descriptions.Item key={k} label={label} span={k === 'scope' ? 2 : 1}>
            {analysis.project[k] ?? <Typography.Text type="secondary">未识别</Typography.Text>}
          </Descriptions.Item>
        ))}
      </Descriptions>

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        评分标准
        {analysis.scoringItems.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', marginLeft: 8 }}>
            共 {analysis.scoringItems.length} 项，合计 {totals.total} 分（技术 {totals.technical}、商务{' '}
            {totals.commercial}、价格 {totals.price}）
          </Typography.Text>
        ) : null}
      </Typography.Title>
      {analysis.scoringItems.length ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          data-testid="analysis-scoring"
          dataSource={analysis.scoringItems}
          columns={[
            {
              title: '类别',
              dataIndex: 'category',
              width: 70,
              render: (c: ScoringCategory) => (
                <Tag color={CATEGORY_COLORS[c]}>{SCORING_CATEGORY_LABELS[c]}</Tag>
              ),
            },
            {
              title: '评分因素',
              dataIndex: 'name',
              render: (n: string, r) => (r.group ? `${r.group} / ${n}` : n),
            },
            {
              title: '分值',
              dataIndex: 'points',
              width: 64,
              align: 'right',
              render: (p: number | null) => (p == null ? '—' : p),
            },
            ...(compact ? [] : [{ title: '评分标准', dataIndex: 'criteria', ellipsis: true }]),
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未识别到评分标准，建议粘贴评分办法原文" />
      )}

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        ★ / ▲ 条款（{analysis.starClauses.length}）
      </Typography.Title>
      {analysis.starClauses.length ? (
        <ItemList
          size="small"
          data-testid="analysis-stars"
          items={analysis.starClauses}
          renderItem={(c, i) => (
            <ListItem key={i}>
              <Typography.Text type={c.mark === '★' ? 'danger' : 'warning'} strong>
                {c.mark}
              </Typography.Text>
              <span style={{ marginLeft: 8, flex: 1 }}>{c.text}</span>
            </ListItem>
          )}
        />
      ) : (
        <Typography.Text type="secondary">未发现</Typography.Text>
      )}

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        废标 / 无效投标条款（{analysis.disqualifications.length}）
      </Typography.Title>
      {analysis.disqualifications.length ? (
        <ItemList
          size="small"
          data-testid="analysis-disqualifications"
          items={analysis.disqualifications}
          renderItem={(t, i) => <ListItem key={i}>{t}</ListItem>}
        />
      ) : (
        <Typography.Text type="secondary">未发现</Typography.Text>
      )}

      {!compact && analysis.keyDates.length ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            关键时间
          </Typography.Title>
          <Descriptions size="small" column={1}>
            {analysis.keyDates.map((d) => (
              <Descriptions.Item key={d.label} label={d.label}>
                {d.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      ) : null}
      {!compact && analysis.qualifications.length ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            资格要求
          </Typography.Title>
          <ItemList
            size="small"
            items={analysis.qualifications}
            renderItem={(t, i) => <ListItem key={i}>{t}</ListItem>}
          />
        </>
      ) : null}
    </div>
  );
}
