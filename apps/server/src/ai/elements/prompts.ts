import type { ChatMessage } from '../providers/types.ts';
import { blocksText, type ElementContext } from './context.ts';

/**
 * Prompts for chapter elements. Shared material (bid, chapter path, chapter text) first, the task
 * and its JSON format last; a 【任务：…】 marker names the task (the fake model server in tests
 * scripts replies by it).
 */

export type ElementTask = 'table' | 'mindmap' | 'flowchart' | 'gantt' | 'images';

const SYSTEM =
  '你是资深的中文投标文件编写专家，擅长把方案内容整理成评标专家喜欢的图表。只依据提供的资料，不编造单位名称、人名、金额、证书编号；资料中没有的事实写【待填写】。只输出一个 JSON 对象，不要解释。';

const MAX_CHAPTER_CHARS = 6000;

function material(ctx: ElementContext, periodDays: number | null): string {
  const chapter = blocksText(ctx.blocks);
  const body =
    chapter.length > MAX_CHAPTER_CHARS ? `${chapter.slice(0, MAX_CHAPTER_CHARS)}\n（后文略）` : chapter;
  return [
    `项目：${ctx.bidName}`,
    periodDays ? `工期/服务期：${periodDays} 日历天` : ctx.periodText ? `工期/服务期：${ctx.periodText}` : '',
    `章节位置：${ctx.path.join(' > ')}`,
    ctx.childTitles.length ? `本章下级标题：${ctx.childTitles.join('；')}` : '',
    '本章正文：',
    body || '（本章暂无正文）',
  ]
    .filter(Boolean)
    .join('\n');
}

const FORMATS: Record<ElementTask, { marker: string; ask: string; format: string }> = {
  table: {
    marker: '生成表格',
    ask: '把本章内容整理成一张表格（3～6 列，3～20 行），第一列通常为“序号”。',
    format: '{"caption":"表名","columns":["序号","项目","内容"],"rows":[["1","…","…"]]}',
  },
  mindmap: {
    marker: '生成思维导图',
    ask: '为本章生成思维导图：中心主题为本章主题，4～8 个一级分支，每个分支 2～5 个子节点，节点文字不超过 16 个字。',
    format:
      '{"caption":"图名","root":{"text":"中心主题","children":[{"text":"分支","children":[{"text":"要点"}]}]}}',
  },
  flowchart: {
    marker: '生成流程图',
    ask: '为本章描述的工作生成流程图：以“开始”(terminal) 起、以“结束”(terminal) 止，5～15 个节点；检查、验收、审批等判断用 decision 并给出“是/否”分支。节点文字不超过 16 个字。shape 取 process、decision、terminal、data、subprocess 之一；direction 取 TB 或 LR。',
    format:
      '{"caption":"图名","direction":"TB","nodes":[{"id":"n1","label":"开始","shape":"terminal"},{"id":"n2","label":"…","shape":"process"}],"edges":[{"from":"n1","to":"n2","label":""}]}',
  },
  gantt: {
    marker: '生成甘特图',
    ask: '为本项目生成进度计划甘特图：5～15 个任务，按阶段分组 (group)，start 为从开工起算的第几天（从 0 开始），duration 为持续天数，dependsOn 为紧前任务 id，关键节点用 milestone:true。所有任务必须在工期之内结束。',
    format:
      '{"caption":"图名","unit":"day","tasks":[{"id":"t1","name":"施工准备","group":"准备阶段","start":0,"duration":10,"dependsOn":[]},{"id":"m1","name":"竣工验收","start":180,"milestone":true,"dependsOn":["t1"]}]}',
  },
  images: {
    marker: '配图关键词',
    ask: '为本章配图给出 5～10 个检索关键词（名词，2～6 个字，例如“塔吊”“组织机构”“质量检测”），用于在图片库中按名称和标签查找。',
    format: '{"keywords":["…","…"]}',
  },
};

export function elementMessages(
  task: ElementTask,
  ctx: ElementContext,
  periodDays: number | null,
): ChatMessage[] {
  const f = FORMATS[task];
  const extra = ctx.instruction?.trim() ? `\n补充要求：${ctx.instruction.trim()}` : '';
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `${material(ctx, periodDays)}\n\n【任务：${f.marker}】${f.ask}${extra}\n输出格式（JSON）：${f.format}`,
    },
  ];
}

export function elementRepairMessages(original: ChatMessage[], answer: string, error: string): ChatMessage[] {
  return [
    ...original,
    { role: 'assistant', content: answer.slice(0, 12_000) },
    {
      role: 'user',
      content: `【任务：修正JSON】上面的输出无法使用：${error}。请只输出修正后的完整 JSON 对象，不要任何解释或代码块标记。`,
    },
  ];
}
