import { Alert, Checkbox } from 'antd';
import { checkSummary, type BidChecks } from '@bid/shared';
import './checks.css';

/**
 * What is still open before a bid is handed over: the blocking findings first (red), then the rest.
 * With `onAcknowledge`, blocking findings need a tick before the caller goes on.
 */
export function Findings({
  checks,
  acknowledged,
  onAcknowledge,
  action,
}: {
  checks: BidChecks;
  acknowledged?: boolean;
  onAcknowledge?: (v: boolean) => void;
  action: string;
}) {
  const summary = checkSummary(checks);
  const all = summary.lines;
  if (summary.clear) return null;
  const blocking = checks.blocking > 0;
  return (
    <Alert
      className="bs-blockers"
      type={blocking ? 'error' : 'warning'}
      showIcon
      data-testid="blocking-findings"
      title={<span data-testid="summary-title">{summary.title}</span>}
      description={
        <>
          <ul>
            {all.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
          {blocking && onAcknowledge ? (
            <Checkbox
              checked={acknowledged}
              onChange={(e) => onAcknowledge(e.target.checked)}
              data-testid="acknowledge-findings"
            >
              我已了解以上问题，仍然{action}
            </Checkbox>
          ) : null}
        </>
      }
    />
  );
}
