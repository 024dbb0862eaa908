import type { ChapterContext } from '../types.ts';

/** What the offline engine knows of a topic: measures a bid of that kind states. */
export interface GearTopic {
  measures: string[];
}

/**
 * The offline engine's way of following the gear without quoting it: the requirement chooses which
 * topic's measures the chapter stresses, and every 应包含 item gets a subsection of its own (with a
 * placeholder for what only the bidder knows). `topicFor` answers null when nothing matches.
 */
export function gearSections(
  ctx: Pick<ChapterContext, 'requirement' | 'include'>,
  topicFor: (text: string) => GearTopic | null,
  ph: (label: string) => string,
  used: GearTopic,
): string[] {
  const out: string[] = [];
  if (ctx.requirement?.trim()) {
    const focus = topicFor(ctx.requirement);
    const measures = focus && focus !== used ? focus.measures.slice(0, 3) : [];
    out.push('', '### 重点措施', '');
    if (measures.length) out.push(...measures.map((m) => `- ${m}`));
    out.push(ph('按本章写作要求补充的重点做法和具体安排'));
  }
  const items = (ctx.include ?? '')
    .split(/[、，,；;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    const topic = topicFor(item);
    out.push('', `### ${item}`, '');
    if (topic && topic !== used) out.push(topic.measures[0]);
    out.push(ph(`${item}的具体内容`));
  }
  return out;
}
