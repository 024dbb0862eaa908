import { Tag, Tooltip } from 'antd';
import { engineText } from './writingJob.ts';

/** Which engine wrote the chapter: honest about offline drafts. */
export function EngineBadge({ engine }: { engine: string | null | undefined }) {
  const e = engineText(engine);
  if (!e) return null;
  return (
    <Tooltip
      title={engine === 'offline' ? '离线引擎按模板生成的草稿，【待填写】处需要补充' : '由 AI 模型写作'}
    >
      <Tag color={e.color} data-testid="engine-badge">
        {e.label}
      </Tag>
    </Tooltip>
  );
}
