import type { TenderAnalysis } from '@bid/shared';
import { lotIndex, extractDisqualifications, extractRequirements, extractStarClauses } from './clauses.ts';
import { extractFacts, extractLots, extractScoringMethod } from './facts.ts';
import {
  detectDarkBid,
  extractFormatRules,
  extractKeyDates,
  extractPageLimit,
  extractQualifications,
  extractResponseTables,
} from './format.ts';
import { linesOf, paragraphsOf, titleOf } from './lines.ts';
import { extractMandatedOutline } from './outline.ts';
import { classifyCategory, extractScoringItems } from './scoring.ts';

export { classifyCategory };

/**
 * Rule-based tender analysis. Deterministic; every item keeps the offsets of the passage it came
 * from; what it cannot find stays null or empty with a warning rather than guessed.
 */
export function analyzeTenderByRules(input: string): TenderAnalysis {
  const text = input.replace(/\r\n?/g, '\n');
  const lines = linesOf(text);
  const title = titleOf(lines);
  const paras = paragraphsOf(lines, title);
  const lots = extractLots(lines);
  const lotAt = lots.length ? lotIndex(lines) : () => null;
  const warnings: string[] = [];
  const project = extractFacts(paras.map((p) => p.text).join('\n'), lines);
  const scoringItems = extractScoringItems(lines, title).map((i) => (lots.length ? i : { ...i, lot: null }));
  if (!scoringItems.length)
    warnings.push(
      '未识别到评分标准（评分因素及分值），大纲将按标准结构生成；建议粘贴招标文件中的评分标准原文',
    );
  if (!project.name) warnings.push('未识别到项目名称，请在项目信息中补充');
  const dq = extractDisqualifications(paras);
  return {
    project,
    scoringMethod: extractScoringMethod(text),
    qualifications: extractQualifications(lines),
    scoringItems,
    starClauses: extractStarClauses(paras, lotAt),
    disqualifications: dq.map((d) => d.text),
    disqualificationSources: dq.map((d) => d.source),
    keyDates: extractKeyDates(lines),
    mandatedOutline: extractMandatedOutline(lines),
    darkBid: detectDarkBid(text),
    lots,
    pageLimit: extractPageLimit(paras),
    formatRules: extractFormatRules(paras),
    responseTables: extractResponseTables(text),
    requirements: extractRequirements(paras, lotAt),
    engine: 'offline',
    model: null,
    warnings,
    chars: text.length,
  };
}
