import type { TenderAnalysis } from '@bid/shared';
import { analyzeTenderByRules } from './index.ts';

/** A tender analysis when the model fails (or there is no tender): the rules' result, saying so. */
export function rulesFallback(text: string, reason: string): TenderAnalysis {
  const a = analyzeTenderByRules(text);
  a.warnings.unshift(`AI 模型解析失败（${reason}），以下为规则解析结果`);
  return a;
}
