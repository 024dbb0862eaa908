import { Alert, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { totalsMismatches, type AnalysisTotals, type SumKey } from '@bid/shared';

const COLUMNS: Array<[SumKey, string]> = [
  ['total', '总分'],
  ['price', '价格'],
  ['technical', '技术'],
  ['commercial', '商务'],
  ['other', '其他'],
];

/**
 * The scoring sums of the draft against the totals the tender states, per 包: a cell is red where
 * they disagree, and each disagreement is said in plain words under the table.
 */
export function TotalsPanel({ totals }: { totals: AnalysisTotals[] }) {
  return (
    <div className="rv-totals" data-testid="review-totals">
      {totals.map((t) => (
        <LotTotals key={t.lot ?? 'all'} t={t} several={totals.length > 1} />
      ))}
    </div>
  );
}

function LotTotals({ t, several }: { t: AnalysisTotals; several: boolean }) {
  const mismatches = totalsMismatches(t);
  const wrong = new Set(mismatches.map((m) => m.key));
  // A category neither stated nor scored is left out (most tenders have no 其他).
  const shown = COLUMNS.filter(([k]) => k === 'total' || t.found[k] !== 0 || t.stated?.[k] != null);
  const lot = several && t.lot != null ? `第 ${t.lot} 包 · ` : '';
  return (
    <div className="rv-totals__lot" data-testid="review-totals-lot" data-ok={mismatches.length ? '0' : '1'}>
      <table className="rv-totals__table">
        <thead>
          <tr>
            <th>{lot}分值</th>
            {shown.map(([k, label]) => (
              <th key={k}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>评分项合计（{t.items} 项）</th>
            {shown.map(([k]) => (
              <td
                key={k}
                className={wrong.has(k) ? 'rv-totals__cell is-wrong' : 'rv-totals__cell'}
                data-testid={`review-sum-${k}`}
              >
                {t.found[k]}
              </td>
            ))}
          </tr>
          <tr>
            <th>招标文件规定</th>
            {shown.map(([k]) => (
              <td key={k} className={wrong.has(k) ? 'rv-totals__cell is-wrong' : 'rv-totals__cell'}>
                {t.stated?.[k] ?? <Typography.Text type="secondary">未写明</Typography.Text>}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {!t.stated ? (
        <Typography.Paragraph type="secondary" className="rv-totals__note">
          招标文件没有写明总分和各部分分值，无法核对合计，请对照评分办法逐项检查。
        </Typography.Paragraph>
      ) : mismatches.length ? (
        <Alert
          type="error"
          showIcon
          className="rv-totals__note"
          data-testid="review-totals-mismatch"
          title="评分项的分值合计与招标文件不一致，可能有评分项漏识别或识别错了"
          description={
            <ul className="rv-totals__list">
              {mismatches.map((m) => (
                <li key={m.key} data-testid="review-mismatch">
                  {m.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : (
        <Typography.Paragraph className="rv-totals__note rv-totals__ok" data-testid="review-totals-ok">
          <CheckCircleFilled /> 各部分分值合计与招标文件一致
        </Typography.Paragraph>
      )}
    </div>
  );
}
