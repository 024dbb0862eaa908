import type { ModelTier, TenderAnalysis } from '@bid/shared';
import { AiError } from '../errors.ts';
import { parseJsonLoose } from '../json.ts';
import { repairMessages } from '../prompts.ts';
import type { ChatMessage, ChatProvider, TokenUsage } from '../providers/types.ts';
import { analyzeTenderByRules } from './index.ts';
import { chunksFor, locateSections } from './sections.ts';
import { mergeAnalyses } from './merge.ts';
import { modelAnalysisSchema, type ModelAnalysis } from './model-schema.ts';
import { errorMessage } from '../../lib/unknown.ts';

/**
 * Tender analysis by a model. The sections that matter are located first and sent whole (in
 * chunks past the context budget), each call has a max_tokens and its finish_reason is checked; a
 * cut or invalid answer is repaired once; then model and rules are merged field by field so that
 * the result is never worse than what the rules found.
 */

/** Characters of tender text per analysis call. */
export const MAX_TENDER_CHARS = 60_000;
/** Tokens a model may spend on one analysis answer. */
export const ANALYSIS_MAX_TOKENS = 8_000;

const SYSTEM =
  '你是资深的中文招标文件分析专家，熟悉政府采购和工程建设项目的招标投标规则。只依据提供的招标文件内容提取信息，不得编造。';

const TASK = `【任务：招标分析】请从上述招标文件内容中提取信息，只输出一个 JSON 对象，字段如下（没有的信息用 null 或空数组，不要编造）：
{
  "project": {"name","number","owner","agency","budget","period","location","scope","bond","method"}（字符串或 null；method 为采购方式，如 公开招标、竞争性磋商）,
  "scoringMethod": 评标方法（如 综合评分法）或 null,
  "qualifications": [资格要求原文],
  "scoringItems": [{"category": "technical"|"commercial"|"price"|"other", "group": 所属大项或 null, "name": 评分因素, "points": 分值数字或 null, "criteria": 评分标准原文, "lot": 所属采购包/标段编号或 null}],
  "starClauses": [{"mark": "★"|"▲", "text": 条款原文, "lot": 采购包编号或 null}],
  "disqualifications": [废标/无效投标/否决投标条款原文],
  "keyDates": [{"label","value"}],
  "mandatedOutline": [{"title": 投标文件组成中的章节名, "level": 1|2|3}]（按招标文件规定的顺序）,
  "darkBid": 技术标是否暗标（true/false）,
  "pageLimit": 投标文件或技术标的页数上限（数字）或 null,
  "formatRules": [字体、字号、行距、装订、暗标排版等格式要求原文],
  "responseTables": [要求填写的响应表、偏离表名称]
}
评分因素须逐项列出，不要合并，不要把评分档次（优、良、中、差）当作评分因素；分值照抄原文，不要计算。评分标准原文过长时可以节选。`;

/** The analysis prompt: the tender (or one part of it) first, so a provider's cache serves it. */
export function analysisMessages(body: string, part?: { index: number; count: number }): ChatMessage[] {
  const note =
    part && part.count > 1
      ? `（这是招标文件中与分析相关的第 ${part.index + 1} / ${part.count} 部分，只提取本部分中出现的信息）\n`
      : '';
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `以下是招标文件内容：\n<<<\n${body}\n>>>\n\n${note}${TASK}` },
  ];
}

interface CallResult {
  value: ModelAnalysis | null;
  usage: TokenUsage;
  model: string;
  truncated: boolean;
}

/** One analysis call: max_tokens set, finish_reason checked, one repair of a cut or invalid answer. */
async function callOnce(
  provider: ChatProvider,
  messages: ChatMessage[],
  tier: ModelTier,
  signal?: AbortSignal,
): Promise<CallResult> {
  const usage = { promptTokens: 0, completionTokens: 0 };
  let model = provider.modelOf(tier);
  let truncated = false;
  let current = messages;
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await provider.chat({
      tier,
      messages: current,
      json: true,
      signal,
      temperature: attempt ? 0 : 0.2,
      maxTokens: ANALYSIS_MAX_TOKENS,
    });
    usage.promptTokens += res.usage.promptTokens;
    usage.completionTokens += res.usage.completionTokens;
    model = res.model;
    const cut = res.finishReason === 'length';
    truncated ||= cut;
    let error: string;
    try {
      const parsed = modelAnalysisSchema.safeParse(parseJsonLoose(res.text));
      if (parsed.success && !cut) return { value: parsed.data, usage, model, truncated };
      error = cut
        ? '回答超出长度被截断'
        : parsed.success
          ? ''
          : parsed.error.issues
              .slice(0, 5)
              .map((i) => `${i.path.join('.')}: ${i.message}`)
              .join('；');
    } catch (e) {
      error = cut ? '回答超出长度被截断' : errorMessage(e);
    }
    current = repairMessages(
      messages,
      res.text.slice(0, 4000),
      `${error}。请输出完整、有效的 JSON；评分标准原文只保留要点，确保不超过长度`,
    );
  }
  return { value: null, usage, model, truncated };
}

export interface ModelAnalysisResult {
  value: TenderAnalysis;
  model: string;
  usage: TokenUsage;
}

/** `rulesOf` runs the rule analysis (the server passes its worker pool: a long tender takes seconds). */
export async function analyzeWithModel(
  provider: ChatProvider,
  text: string,
  tier: ModelTier,
  signal?: AbortSignal,
  rulesOf: (text: string) => Promise<TenderAnalysis> = async (t) => analyzeTenderByRules(t),
): Promise<ModelAnalysisResult> {
  const rules = await rulesOf(text);
  const chunks = chunksFor(text, locateSections(text, rules), MAX_TENDER_CHARS);
  const usage = { promptTokens: 0, completionTokens: 0 };
  const readings: ModelAnalysis[] = [];
  let model = provider.modelOf(tier);
  let failed = 0;
  for (let i = 0; i < chunks.length; i++) {
    if (signal?.aborted) throw new AiError('aborted', '已取消');
    const r = await callOnce(
      provider,
      analysisMessages(chunks[i], { index: i, count: chunks.length }),
      tier,
      signal,
    );
    usage.promptTokens += r.usage.promptTokens;
    usage.completionTokens += r.usage.completionTokens;
    model = r.model;
    if (r.value) readings.push(r.value);
    else failed += 1;
  }
  if (!readings.length) throw new AiError('bad_output', 'AI 模型返回的内容格式不正确，请重试', false);
  const value = mergeAnalyses(text, rules, readings, model);
  if (failed) value.warnings.unshift(`AI 模型有 ${failed} 部分内容未能解析，该部分以规则解析结果为准`);
  return { value, model, usage };
}
