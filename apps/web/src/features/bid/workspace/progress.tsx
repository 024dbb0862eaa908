import { Tag, Tooltip, Typography } from 'antd';
import type { CatalogNode, checkSummary } from '@bid/shared';

/** What the writing screen shows about progress and what is still open (issue 26). */

/** The check summary as the finish dialog shows it: the same title and lines as the panel and export. */
export function FinishFindings({ summary }: { summary: ReturnType<typeof checkSummary> }) {
  return (
    <div data-testid="finish-findings">
      <Typography.Paragraph type={summary.blocking ? 'danger' : undefined}>
        <span data-testid="findings-title">{summary.title}</span>：
      </Typography.Paragraph>
      <ul className="bs-finish-findings">
        {summary.lines.map((f, i) => (
          <li key={i}>{f}</li>
        ))}
      </ul>
    </div>
  );
}

/** Leaf chapters and those that count as written (the same rule as the bid's progress). */
export function countLeaves(nodes: CatalogNode[]): { total: number; written: number } {
  let total = 0;
  let written = 0;
  const walk = (list: CatalogNode[]) => {
    for (const n of list) {
      if (n.children.length) walk(n.children);
      else {
        total += 1;
        if (n.written) written += 1;
      }
    }
  };
  walk(nodes);
  return { total, written };
}

/** Whether the open chapter counts toward progress, and what it still needs. */
export function WrittenTag({ node }: { node: CatalogNode }) {
  const text = node.settings.noText
    ? '无需正文'
    : node.written
      ? `已写够（正文 ${node.ownWords} 字）`
      : `正文 ${node.ownWords}/${node.wordsNeeded} 字，未写够`;
  return (
    <Tooltip title="【待填写】、提示和照抄的招标要求不计入正文；可在章节设置中标记「无需正文」">
      <Tag
        color={node.written ? 'success' : 'warning'}
        data-testid="chapter-written"
        data-written={String(node.written)}
      >
        {text}
      </Tag>
    </Tooltip>
  );
}
