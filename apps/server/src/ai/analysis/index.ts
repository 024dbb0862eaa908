import type { TenderAnalysis } from '@bid/shared';
import { foldRadicals } from '@bid/shared';
import { readBlocks } from './blocks.ts';
import { extractDisqualifications, extractStarClauses, lotIndex } from './clauses.ts';
import { extractFacts, extractScoringMethod } from './facts.ts';
import {
  detectDarkBid,
  extractFormatRules,
  extractKeyDates,
  extractPageLimit,
  extractQualifications,
  extractResponseTables,
} from './format.ts';
import { linesOf, paragraphsOf, titleOf } from './lines.ts';
import { extractLots } from './lots.ts';
import { extractMandatedOutline } from './outline.ts';
import { pastedTablesAsRows, spansToOriginal } from './pasted-tables.ts';
import { extractRequirements } from './requirements.ts';
import { categoryOfName } from './scoring/category.ts';
import { readScoring } from './scoring/index.ts';
import { readStructure } from './structure.ts';
import { extractForms } from './forms.ts';
import { extractVolumes } from './volumes.ts';

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
  return withPastedTables(input, readFragment);
}

/** The text as the readers read it: line ends as \n, then one character for one (offsets kept). */
export function readableText(input: string): string {
  // A wave dash (0〜10, as some fonts' PDFs give the range sign) is the full-width tilde the readers
  // know; one character for one, so every offset stays the text's.
  // Tables drawn with box-drawing characters (┌─┬─┐ │ … │) read as the ASCII grid they draw.
  // Full-width digits and Latin letters (１００分, ７．５, ＩＳＯ) are the ASCII ones, as a full-width
  // dot between digits is the decimal point and a full-width comma before three digits the
  // thousands' separator (２０，０００．００).
  // A tree drawn with lines (├── 2 技术部分 / │ └── 2.1 …) is indentation: its glyphs read as spaces.
  return (
    foldRadicals(input)
      .replace(/\r\n?/g, '\n')
      .replace(/^[ \t│┃|]*[├└┣┗][─━]+/gm, (m) => ' '.repeat(m.length))
      .replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
      .replace(/(?<=[0-9０-９])．(?=[0-9０-９])/g, '.')
      .replace(/(?<=[0-9０-９])，(?=[0-9０-９]{3}(?![0-9０-９]))/g, ',')
      .replace(/[〜∼]/g, '～')
      // (And a range's figure dash, hyphen or minus between two numbers, 0‒15分, the en dash.)
      .replace(/(?<=\d\s*分?\s*)[\u2010-\u2012\u2212](?=\s*\d)/g, '–')
      .replace(/[│┃║]/g, '|')
      .replace(/[─━═]/g, '-')
      .replace(/[\u250c-\u254b\u2552-\u256c]/g, '+')
      .replace(/^.*[|丨].*[|丨].*$/gm, ocrTableLine)
      // Emoji a post pasted from an app marks its headings with (🔸价格分（20分）, 📊评分标准) are
      // spaces, as wide as they are in the text (★ and ▲, in the BMP, stay).
      .replace(/[\u{1F000}-\u{1FAFF}]\uFE0F?/gu, (m) => ' '.repeat(m.length))
  );
}

/**
 * A table row as OCR reads a scan (| 技术分 丨 2 | 系统总体设计方案 | 1O |, l 3 丨 …): its rules
 * misread as 丨, l or I are the bar, and the letter O inside a number is the digit — one character
 * for one, so offsets stay.
 */
function ocrTableLine(line: string): string {
  return (
    line
      .replace(/丨/g, '|')
      // (A lone l anywhere; an I only where the row's opening bar stands: I alone inside a row may be a
      // category numbered I, II.)
      .replace(/(^|\s)l(?=\s)/g, '$1|')
      .replace(/^(\s*)I(?=\s)/, '$1|')
      .replace(/(?<=\d)[Oo](?=[\d\s|分,，;；。-]|$)/g, '0')
  );
}

/**
 * A reading of the text with its drawn tables (a paste of pandoc or Markdown tables) read as table
 * rows, its passages moved back to the text as given. The rewrite only drops the drawing and joins
 * a cell's wrapped lines, so offsets stay exact wherever a passage lies within one line of a cell.
 */
function withPastedTables<T>(input: string, read: (text: string) => T): T {
  const text = readableText(input);
  const rows = pastedTablesAsRows(text);
  return rows ? spansToOriginal(read(rows.text), rows.at, text.length) : read(text);
}

function readFragment(text: string): Pick<TenderAnalysis, 'scoringItems' | 'statedTotals' | 'warnings'> {
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
  const analysis = withPastedTables(input, analyze);
  // The length of the text as read (what a stored analysis of the same text is compared by).
  return { ...analysis, chars: foldRadicals(input).replace(/\r\n?/g, '\n').length };
}

function analyze(text: string): TenderAnalysis {
  const lines = linesOf(text);
  const title = titleOf(lines);
  const paras = paragraphsOf(lines, title);
  // Requirements, qualifications, ★ clauses and 包 are read from blocks (wraps and page breaks
  // joined, page furniture dropped) and tables read by their header.
  const structure = readStructure(readBlocks(text));
  const found = extractLots(structure);
  const lotAt = found.length ? lotIndex(lines) : () => null;
  const qualifications = extractQualifications(structure.reading);
  const warnings: string[] = [];
  const project = extractFacts(paras.map((p) => p.text).join('\n'), lines);
  const scoring = readScoring(text, lines, title, found.length, lotAt);
  // A tender whose 包 only show in their own scoring tables still has 包.
  const lots = found.length ? found : scoring.lots.map((no) => ({ no, name: `包${no}` }));
  const scoringItems = scoring.items;
  // A tender that gives its budget per 包 only: the whole is theirs together.
  if (project.budgetAmount == null && found.length >= 2 && found.every((l) => l.budgetAmount != null)) {
    project.budgetAmount = Math.round(found.reduce((a, l) => a + l.budgetAmount!, 0) * 100) / 100;
    project.budget = found.map((l) => `包${l.no}：${l.budget ?? l.budgetAmount}`).join('；');
  }
  warnings.push(...scoring.warnings);
  if (!project.name) warnings.push('未识别到项目名称，请在项目信息中补充');
  const dq = extractDisqualifications(paras);
  return {
    project,
    scoringMethod: extractScoringMethod(text),
    qualifications: qualifications.map((q) => q.text),
    qualificationSources: qualifications.map((q) => q.source),
    scoringItems,
    statedTotals: scoring.stated.map((s) => ({
      lot: lots.length ? s.lot : null,
      total: s.total,
      parts: s.parts.map((p) => ({ label: p.label, category: p.category, points: p.points, source: p.span })),
      source: s.span,
    })),
    lowestPrice: scoring.lowestPrice,
    starClauses: extractStarClauses(structure, lots.length > 0),
    disqualifications: dq.map((d) => d.text),
    disqualificationSources: dq.map((d) => d.source),
    keyDates: extractKeyDates(lines),
    mandatedOutline: extractMandatedOutline(lines),
    darkBid: detectDarkBid(text),
    volumes: extractVolumes(text, detectDarkBid(text)),
    lots,
    pageLimit: extractPageLimit(paras),
    formatRules: extractFormatRules(paras),
    responseTables: extractResponseTables(structure.reading),
    requirements: extractRequirements(structure, lots.length > 0),
    forms: extractForms(text),
    engine: 'offline',
    model: null,
    warnings,
    chars: text.length,
  };
}
