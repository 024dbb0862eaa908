import type { ScoringCategory, TenderAnalysis } from '@bid/shared';
import { roleOf } from './outline.ts';
import type { BidPart } from '../types.ts';

export type { BidPart };

/**
 * The parts of a bid (商务/技术/报价/资格 and the formal letters). A chapter belongs to the part of
 * its top-level chapter (the first ancestor whose title names a part), so that a rule that applies
 * to a part — 暗标 above all — reaches every chapter in it, whatever the chapter's own title says.
 */

export const BID_PART_LABELS: Record<BidPart, string> = {
  form: '投标函及格式文件',
  qualification: '资格证明',
  commercial: '商务部分',
  technical: '技术部分',
  price: '报价部分',
  other: '其他',
};

const CATEGORY_PART: Record<ScoringCategory, BidPart> = {
  technical: 'technical',
  commercial: 'commercial',
  price: 'price',
  other: 'other',
};

/**
 * The part of a chapter from the titles of its path (top first) and, when no title names a part,
 * from the scoring items it answers.
 */
export function partOf(path: string[], categories: ScoringCategory[] = []): BidPart {
  for (const title of path) {
    const r = roleOf(title);
    if (r !== 'other') return r;
  }
  const cats = new Set(categories.map((c) => CATEGORY_PART[c]));
  if (cats.size === 1) return [...cats][0];
  if (cats.has('technical')) return 'technical';
  return 'other';
}

/** Whether the tender makes a part anonymous (暗标): the technical part when it calls for 暗标. */
export function anonymousPart(part: BidPart, a: Pick<TenderAnalysis, 'darkBid' | 'formatRules'>): boolean {
  if (!a.darkBid) return false;
  if (part === 'technical') return true;
  // A tender may extend 暗标 to the commercial part ("商务标、技术标均采用暗标").
  return (
    part === 'commercial' &&
    (a.formatRules ?? []).some((r) => /商务(标|部分|文件)[^。；]*暗标|暗标[^。；]*商务(标|部分)/.test(r))
  );
}
