import {
  CUSTOMIZE_ACTION_LABELS,
  SCORING_CATEGORY_LABELS,
  type ProjectFacts,
  type ScoringItem,
  type TenderAnalysis,
} from '@bid/shared';
import { groundingPrompt } from './grounded.ts';
import type { ChapterContext, ChildrenInput, EditInput, OutlineInput } from './types.ts';
import { ANONYMOUS_RULE, chapterPlanLines, sharedPlanLines } from './plan/prompt.ts';
import type { ChatMessage } from './providers/types.ts';

/**
 * Prompts of the model engine. The long shared material (tender text, fact sheet) comes first
 * and the task last, so that a provider's prompt cache serves the shared prefix (AI-NOTES).
 * Task markers 【任务：…】 let the fake server in tests script replies per task.
 */

const SYSTEM = [
  '你是资深的中文投标文件编写专家，熟悉政府采购、工程建设和服务类项目的招标投标规则。',
  '严格依据提供的资料写作：不得编造项目名称、单位名称、人员姓名、金额、日期、证书编号等事实；',
  '资料中没有的事实，用占位符【待填写：内容说明】标出，由编写人补充。',
].join('');

export function factSheet(f: ProjectFacts): string {
  const rows: Array<[string, string | null]> = [
    ['项目名称', f.name],
    ['项目编号', f.number],
    ['采购人/招标人', f.owner],
    ['预算/最高限价', f.budget],
    ['工期/服务期', f.period],
    ['项目地点', f.location],
    ['采购范围/内容', f.scope],
  ];
  return rows.map(([k, v]) => `- ${k}：${v ?? '（未提供）'}`).join('\n');
}

function itemLine(i: ScoringItem): string {
  return `- [${i.id}] ${SCORING_CATEGORY_LABELS[i.category]}｜${i.group ? `${i.group}／` : ''}${i.name}｜${i.points ?? '未注明'} 分｜${i.criteria}`;
}

export function outlineMessages(input: OutlineInput): ChatMessage[] {
  const a = input.analysis;
  const mandated = a.mandatedOutline.length
    ? a.mandatedOutline.map((s) => `${'  '.repeat(s.level - 1)}- ${s.title}`).join('\n')
    : '（招标文件未规定，按常规投标文件结构）';
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `项目信息：\n${factSheet(a.project)}\n\n评分标准（id｜类别｜评分因素｜分值｜评分标准）：\n${a.scoringItems.map(itemLine).join('\n') || '（未识别到）'}\n\n招标文件规定的投标文件组成：\n${mandated}\n\n${a.darkBid ? '技术标为暗标，章节标题中不得出现投标人名称。\n\n' : ''}【任务：生成大纲】请为《${input.bidName}》生成投标文件大纲，只输出 JSON：{"chapters":[{"title":"章节标题","scoringItemIds":["S1"],"children":[...]}]}。
要求：
1. 有规定的组成时，一级章节严格按其顺序和名称；
2. 每个技术和商务评分项至少对应一个章节（在 scoringItemIds 中写明 id），价格评分项对应报价章节；
3. 技术评分项下再按评分标准中的要点分设二、三级标题，层级不超过 3 级；
4. 标题简洁，不要编号，不要重复。`,
    },
  ];
}

export function childrenMessages(input: ChildrenInput): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `${input.analysis ? `项目信息：\n${factSheet(input.analysis.project)}\n\n` : ''}章节路径：${input.path.join(' > ')}\n本章对应的评分项：\n${input.scoringItems.map(itemLine).join('\n') || '（无）'}\n同级章节：${input.siblings.join('、') || '（无）'}\n\n【任务：生成子目录】请为章节“${input.title}”生成 2 到 8 个下级标题，只输出 JSON：{"chapters":[{"title":"标题","scoringItemIds":[],"children":[]}]}。标题简洁，不要编号，不要与同级章节重复。`,
    },
  ];
}

/** The chapter writing prompt: facts, path, scoring items, neighbours, budget and gear. */
export function chapterMessages(ctx: ChapterContext): ChatMessage[] {
  const title = ctx.path[ctx.path.length - 1];
  // The bid's shared material first (a provider caches the prefix), this chapter's last.
  const lines = [
    `项目信息（全文统一使用，不要在每章重复罗列）：\n${factSheet(ctx.facts)}`,
    ...sharedPlanLines(ctx),
    `投标文件一级章节：${ctx.outline.join('、')}`,
    `当前章节：${ctx.path.join(' > ')}`,
    `同级的其他章节（避免重复它们的内容）：${ctx.siblings.filter((s) => s !== title).join('、') || '（无）'}`,
    `本章需要响应的评分项：\n${ctx.scoringItems.map(itemLine).join('\n') || '（无，按章节标题写作）'}`,
    ...chapterPlanLines(ctx),
  ];
  if (ctx.requirement) lines.push(`编写人的要求：${ctx.requirement}`);
  if (ctx.include) lines.push(`本章应包含：${ctx.include}`);
  const grounded = groundingPrompt(ctx.grounding);
  if (grounded) lines.push(grounded);
  const rules = [
    `用 Markdown 撰写“${title}”的正文，约 ${ctx.targetWords} 字。`,
    '不要重复章节标题；需要分节时用 ###、#### 小标题；可以使用列表和表格。',
    '紧扣评分标准逐项响应，写具体做法和措施，避免空话套话。',
    '缺少的事实用【待填写：内容说明】占位，不得编造单位、人名、金额、日期和证书。',
  ];
  if (ctx.requirement || ctx.include)
    rules.push('按编写人的要求和本章应包含的内容组织正文，但不要在正文中复述这些要求本身。');
  if (ctx.darkBid) rules.push(ANONYMOUS_RULE);
  lines.push(`【任务：撰写章节】\n${rules.map((r, i) => `${i + 1}. ${r}`).join('\n')}`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n\n') },
  ];
}

/** The one continuation pass of a chapter below its floor. */
export function continueMessages(ctx: ChapterContext, written: string, missing: number): ChatMessage[] {
  return [
    ...chapterMessages(ctx),
    { role: 'assistant', content: written },
    {
      role: 'user',
      content: `【任务：续写章节】内容不足，请紧接上文继续撰写约 ${missing} 字，不要重复已写内容，不要重复标题，直接输出续写的 Markdown。`,
    },
  ];
}

const ACTION_TEXT: Record<EditInput['action'], string> = {
  rewrite: '换一种表达方式改写，意思不变，篇幅相近',
  expand: '在原意基础上扩写，补充具体做法和细节，篇幅约为原文的 2 倍',
  shorten: '精简压缩，保留要点，篇幅约为原文的一半',
  polish: '润色文字，使其更专业、通顺，纠正错别字和标点，意思和篇幅不变',
  continue: '紧接选中文字继续往下写一段，不要重复已有内容',
  custom: '按编写人的指令处理',
};

export function editMessages(input: EditInput): ChatMessage[] {
  const c = input.chapter;
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `项目信息：\n${factSheet(c.facts)}\n\n当前章节：${c.path.join(' > ')}\n${c.darkBid ? '本章属于暗标，不得出现投标人名称和人员姓名。\n' : ''}\n选中的文字：\n<<<\n${input.selection}\n>>>\n\n【任务：${CUSTOMIZE_ACTION_LABELS[input.action]}】请对选中的文字${ACTION_TEXT[input.action]}。${input.instruction ? `\n编写人的指令：${input.instruction}` : ''}\n只输出${input.action === 'continue' ? '续写的内容' : '替换选中文字的新内容'}（Markdown），不要解释，不要加引号。`,
    },
  ];
}

export function repairMessages(original: ChatMessage[], answer: string, error: string): ChatMessage[] {
  return [
    ...original,
    { role: 'assistant', content: answer.slice(0, 20_000) },
    {
      role: 'user',
      content: `【任务：修正JSON】上面的输出不符合要求：${error}。请只输出修正后的完整 JSON 对象。`,
    },
  ];
}

export type { TenderAnalysis };
