import type { ChapterContext, GroundingMaterial } from './types.ts';

/**
 * How both engines use the company's own material: the model gets it in its prompt, the offline
 * draft quotes it. Retrieval and placeholder filling live in modules/knowledge/grounding.ts.
 */
export function groundingPrompt(g: GroundingMaterial | null | undefined): string | null {
  if (!g || (!g.passages.length && !g.facts.length)) return null;
  const parts: string[] = [];
  if (g.facts.length)
    parts.push(`企业资料库（真实信息，涉及时原样使用）：\n${g.facts.map((f) => `- ${f}`).join('\n')}`);
  if (g.passages.length)
    parts.push(
      `知识库中与本章相关的资料（优先使用其中的事实和做法，不要照抄原文）：\n${g.passages.map((p, i) => `[${i + 1}]《${p.documentName}》${p.text}`).join('\n')}`,
    );
  return `${parts.join('\n\n')}\n写作时优先使用以上企业资料中的事实；资料中没有的信息仍用【待填写：…】占位。`;
}

/** The first sentences of a passage, up to about `max` characters. */
function gist(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('；'));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut}…`;
}

/** The offline draft's grounded part: the cards' tables and what the knowledge base says. */
export function groundedAppendix(
  ctx: Pick<ChapterContext, 'grounding' | 'darkBid'>,
  opts: { passages: boolean } = { passages: true },
): string {
  const g = ctx.grounding;
  if (!g || ctx.darkBid) return '';
  const out: string[] = [];
  for (const t of g.tables) out.push(t);
  if (g.passages.length && opts.passages) {
    out.push('### 类似项目经验');
    for (const p of g.passages) out.push(`- 依据我方《${p.documentName}》：${gist(p.text)}`);
  }
  return out.length ? `\n\n${out.join('\n\n')}\n` : '';
}
