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
import { categoryOfName } from './scoring/category.ts';
import { readScoring } from './scoring/index.ts';

/** The category an item's name suggests (价格/技术/商务), with a context category when one is known. */
export const classifyCategory = (name: string, context: Parameters<typeof categoryOfName>[1] = null) =>
  categoryOfName(name, context);

/**
 * Scoring items read from a pasted fragment only (the writer's 「只粘贴评分表」: the scoring pages
 * copied out of the tender), with the totals the fragment states and what does not add up.
 */
export function readScoringFragment(
  input: string,
): Pick<TenderAnalysis, 'scoringItems' | 'statedTotals' | 'warnings'> {
  const text = input.replace(/\r\n?/g, '\n');
  const lines = linesOf(text);
  const r = readScoring(text, lines, titleOf(lines), 0, () => null);
  return {
    scoringItems: r.items,
    statedTotals: r.stated.map((s) => ({
      lot: s.lot,
      total: s.total,
      parts: s.parts.map((p) => ({ label: p.label, category: p.category, points: p.points, source: p.span })),
      source: s.span,
    })),
    warnings: r.warnings,
  };
}

/**
 * Rule-based tender analysis. Deterministic; every item keeps the offsets of the passage it came
 * from; what it cannot find stays null or empty with a warning rather than guessed.
 */
export function analyzeTenderByRules(input: string): TenderAnalysis {
  const text = input.replace(/\r\n?/g, '\n');
  const lines = linesOf(text);
  const title = titleOf(lines);
  const paras = paragraphsOf(lines, title);
  const found = extractLots(lines);
  const lotAt = found.length ? lotIndex(lines) : () => null;
  const warnings: string[] = [];
  const project = extractFacts(paras.map((p) => p.text).join('\n'), lines);
  const scoring = readScoring(text, lines, title, found.length, lotAt);
  // A tender whose 包 only show in their own scoring tables still has 包.
  const lots = found.length ? found : scoring.lots.map((no) => ({ no, name: `包${no}` }));
  const scoringItems = scoring.items;
  warnings.push(...scoring.warnings);
  if (!project.name) warnings.push('未识别到项目名称，请在项目信息中补充');
  const dq = extractDisqualifications(paras);
  return {
    project,
    scoringMethod: extractScoringMethod(text),
    qualifications: extractQualifications(lines),
    scoringItems,
    statedTotals: scoring.stated.map((s) => ({
      lot: lots.length ? s.lot : null,
      total: s.total,
      parts: s.parts.map((p) => ({ label: p.label, category: p.category, points: p.points, source: p.span })),
      source: s.span,
    })),
    lowestPrice: scoring.lowestPrice,
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
