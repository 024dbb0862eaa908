import { Tooltip } from 'antd';
import { ThunderboltFilled } from '@ant-design/icons';
import { formatTime } from '@bid/shared';
import { useSession } from '../stores/session.ts';
import { quotaSummary } from './quota.ts';

/** Header pill with the remaining bid quota; the tooltip breaks it down by source. */
export function QuotaBadge() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  const q = quotaSummary(user);
  const detail = (
    <div>
      {q.unlimitedUntil ? <div>不限次数套餐有效期至 {formatTime(q.unlimitedUntil, 'YYYY-MM-DD')}</div> : null}
      {q.parts.map((p) => (
        <div key={p.label}>
          {p.label}：{p.value} 份
        </div>
      ))}
      <div style={{ marginTop: 4, opacity: 0.8 }}>新建一份标书消耗 1 份额度</div>
    </div>
  );
  return (
    <Tooltip title={detail} placement="bottom">
      <span className="bs-quota" data-testid="quota-badge">
        <ThunderboltFilled />
        {q.unlimitedUntil ? (
          <span>不限次数</span>
        ) : (
          <span>
            剩余额度 <strong>{q.total}</strong> 份
          </span>
        )}
      </span>
    </Tooltip>
  );
}
