import { useEffect, useState } from 'react';
import { Modal, Spin, Steps, Typography } from 'antd';

/** Seconds since `since` (null: not waiting), ticking once a second. */
export function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since == null) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [since]);
  return since == null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** A wait the server does not report progress for: what is happening and, after a second, for how long. */
export function Waiting({ label, since, hint }: { label: string; since: number; hint?: string }) {
  const s = useElapsed(since);
  return (
    <div className="rv-wait" data-testid="review-waiting">
      <Spin />
      <Typography.Paragraph style={{ marginTop: 12 }}>{label}</Typography.Paragraph>
      {s >= 1 ? <Typography.Paragraph type="secondary">已用时 {s} 秒</Typography.Paragraph> : null}
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
    </div>
  );
}

/** A sequence of steps after the writer confirmed (save, plan, open): which one runs, and for how long. */
export function StepsDialog({
  title,
  steps,
  current,
  since,
}: {
  title: string;
  steps: string[];
  /** Index of the running step; null when closed. */
  current: number | null;
  since: number | null;
}) {
  const s = useElapsed(since);
  return (
    <Modal open={current != null} title={title} footer={null} closable={false} mask={{ closable: false }}>
      <div data-testid="review-steps" data-step={current ?? ''}>
        <Steps
          orientation="vertical"
          size="small"
          current={current ?? 0}
          items={steps.map((t, i) => ({ title: t, icon: i === current ? <Spin size="small" /> : undefined }))}
        />
        {s >= 1 ? <Typography.Text type="secondary">已用时 {s} 秒</Typography.Text> : null}
      </div>
    </Modal>
  );
}
