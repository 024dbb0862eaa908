import { Progress, Tag } from 'antd';
import type { DiffStatus } from '@bid/shared';

/**
 * Colour of a 0–100 text score: the higher, the more urgent. Any shared passage, picture or
 * property is worth a look even when the score is low (`findings`).
 */
export function scoreColor(score: number, findings = false): 'red' | 'orange' | 'green' {
  if (score >= 30) return 'red';
  if (score >= 5 || findings) return 'orange';
  return 'green';
}

export function ScoreTag({ score, findings }: { score: number; findings?: boolean }) {
  return <Tag color={scoreColor(score, findings)}>{score} 分</Tag>;
}

export function DiffStatusTag({ status, progress }: { status: DiffStatus; progress: number }) {
  if (status === 'done') return <Tag color="success">已完成</Tag>;
  if (status === 'failed') return <Tag color="error">失败</Tag>;
  if (status === 'queued') return <Tag>排队中</Tag>;
  return <Progress percent={progress} size="small" style={{ width: 120, margin: 0 }} />;
}
