import { Alert, Checkbox } from 'antd';
import type { BidChecks } from '@bid/shared';
import { findingsInWords } from './api.ts';
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
  const all = findingsInWords(checks);
  if (!all.length) return null;
  const blocking = checks.blocking > 0;
  return (
    <Alert
      className="bs-blockers"
      type={blocking ? 'error' : 'warning'}
      showIcon
      data-testid="blocking-findings"
      message={
        blocking ? `提交前检查发现 ${checks.blocking} 项可能导致废标的问题` : '提交前检查还有未处理的问题'
      }
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
