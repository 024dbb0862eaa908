import type { ChapterContext } from '../types.ts';

/**
 * The plan's lines of a chapter prompt. Split in two so that the prompt begins with what every
 * chapter of the bid shares (a provider caches that prefix) and ends with what is this chapter's.
 */

/** Shared by every chapter of the bid: the tender's layout rules. */
export function sharedPlanLines(ctx: ChapterContext): string[] {
  const rules = ctx.plan?.formatRules ?? [];
  return rules.length ? [`招标文件的格式要求：\n${rules.map((r) => `- ${r}`).join('\n')}`] : [];
}

/** This chapter's own: its aim, its neighbours' aims, the clauses and requirement items it answers. */
export function chapterPlanLines(ctx: ChapterContext): string[] {
  const p = ctx.plan;
  if (!p) return avoidLines(ctx);
  const out = [`本章的写作目的：${p.aim}`];
  const near = p.neighbours.filter((n) => n.aim);
  if (near.length)
    out.push(
      `其他章节各写什么（本章不要写它们的内容）：\n${near
        .slice(0, 40)
        .map((n) => `- ${n.title}：${n.aim}`)
        .join('\n')}`,
    );
  if (p.clauses.length) {
    out.push(
      `本章须响应的实质性条款（★ 不得负偏离，▲ 为重要条款），逐条写明我方如何满足：\n${p.clauses.map((c) => `- ${c.mark} ${c.text}`).join('\n')}`,
    );
  }
  if (p.requirements.length) {
    out.push(
      `本章须逐条响应的招标要求（点对点：先复述要求，再写我方承诺和具体做法；数量、型号、人员等只有投标人知道的，用【待填写：…】占位）：\n${p.requirements.map((r) => `- [${r.id}] ${r.star ? '★' : ''}${r.text}`).join('\n')}`,
    );
  }
  return [...out, ...avoidLines(ctx)];
}

/** After the overlap check: what the rewrite must leave out. */
function avoidLines(ctx: ChapterContext): string[] {
  if (!ctx.avoid?.length) return [];
  return [
    `以下内容其他章节已经写过，本章不得重复或改头换面地复述，只写本章独有的内容：\n${ctx.avoid.map((p) => `- ${p.slice(0, 200)}`).join('\n')}`,
  ];
}

/** The 暗标 rule of a chapter in an anonymous part. */
export const ANONYMOUS_RULE =
  '本章属于暗标：不得出现投标人名称、人员姓名、商标标识或任何可识别投标人身份的信息，用“我方”“项目经理”等代称。';
