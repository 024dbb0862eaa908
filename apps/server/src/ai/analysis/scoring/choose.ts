import { categoryOfLabel } from './category.ts';
import { judge, withStatedPrice, type Judged } from './judge.ts';
import type { Proposal, ProposedItem, StatedTotals } from './types.ts';
import { withPartShares } from './part-shares.ts';
import { withSubItems } from './sub-items.ts';
import { withWeightedParts } from './weighted-parts.ts';
import { withDumpedValues } from './dumped-values.ts';
import { withBandRowsFolded } from './band-rows.ts';
import { withStatedRuns } from './stated-runs.ts';

/**
 * Choosing among the readers' proposals: each as read and in the variants the tender may mean
 * (headings dropped, rows without points dropped, weights as points, weighted parts, the stated price
 * added), judged on the tender's own statements; and whether the best is worth showing.
 */

/**
 * A reading without the rows that are not items: the parts of the stated split read back as rows
 * (分值构成 | 价格分：30分 …), and headings whose points are exactly those of the rows right after
 * them (技术部分评分标准（45分） over its eight items).
 */
/** A part's own label (商务分, 技术部分, 价格标), not a factor's name. */
const PART_NAME = /^(?:[一二三四五六七八九十]+[、.．])?[\u4e00-\u9fa5]{1,4}(?:分|部分|标|类)$/;

function withoutHeadings(p: Proposal, stated: StatedTotals | null): Proposal | null {
  const span = stated?.span;
  const items = p.items.filter(
    (it) => !(span && it.nameSpan.start >= span.start && it.nameSpan.end <= span.end),
  );
  const keep: ProposedItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const head = items[i];
    let sum = 0;
    let n = 0;
    for (let j = i + 1; j < items.length && sum < (head.points ?? 0) - 0.005; j++) {
      sum += items[j].points ?? 0;
      n += 1;
    }
    // (One row under it counts when it repeats the heading: 投标报价（50分） over 投标报价 50分.)
    const next = items[i + 1];
    const repeats = n === 1 && !!next && (next.name.includes(head.name) || head.name.includes(next.name));
    // A price row scored by its own formula is an item, whatever the rows after it add up to.
    const byFormula = n >= 2 && /基准价|评标价|×|\*\s*\d|公式/.test(head.criteria);
    if (head.points != null && (n >= 2 || repeats) && !byFormula && Math.abs(sum - head.points) < 0.01) {
      // Its rows are items, not headings of their own (项目经理 5 over 技术负责人 3 + 其他 2), and of
      // the part the heading names (二、技术因素 45% over 售后服务及备品备件 6%) when they say no other.
      const part = categoryOfLabel(head.name);
      keep.push(
        ...items
          .slice(i + 1, i + 1 + n)
          .map((it) => (it.category == null && part ? { ...it, category: part } : it)),
      );
      i += n;
      continue;
    }
    keep.push(head);
  }
  // A part's label placed after its rows (a merged 类别 cell PDF text prints below them: … 本地化服务
  // 能力 4 / 商务分（24分）), worth exactly the rows right before it, is their heading too.
  for (let i = keep.length - 1; i >= 2; i--) {
    const head = keep[i];
    if (head.points == null || !PART_NAME.test(head.name.replace(/\s+/g, '')) || !categoryOfLabel(head.name))
      continue;
    let sum = 0;
    let j = i - 1;
    while (j >= 0 && sum < head.points - 0.005) sum += keep[j--].points ?? 0;
    if (i - j - 1 >= 2 && Math.abs(sum - head.points) < 0.01) keep.splice(i, 1);
  }
  return keep.length && keep.length < p.items.length
    ? { ...p, reader: `${p.reader}-headings`, items: keep }
    : null;
}

/**
 * Weights written as fractions of the whole (权重 0.30 | 0.15 …, each factor scored out of 100 and
 * multiplied): the reading in points of 100.
 */
function asHundredths(p: Proposal): Proposal | null {
  const pts = p.items.map((i) => i.points);
  if (pts.length < 2 || pts.some((v) => v == null || v > 1)) return null;
  const sum = pts.reduce((a: number, v) => a + (v ?? 0), 0);
  if (Math.abs(sum - 1) > 0.005) return null;
  return {
    ...p,
    reader: `${p.reader}-weights`,
    items: p.items.map((i) => ({ ...i, points: Math.round(i.points! * 10000) / 100 })),
  };
}

/**
 * The reading without its "items" worth the whole total next to others: the scoring part's heading
 * (评审方法 … 总分100分). Null when there is none, or nothing else.
 */
export function withoutWhole(p: Proposal, whole: number): Proposal | null {
  const parts = p.items.filter((i) => i.points == null || i.points < whole - 0.005);
  return parts.length && parts.length < p.items.length ? { ...p, items: parts } : null;
}

export function best(proposals: Proposal[], stated: StatedTotals | null, text: string): Judged | null {
  let top: Judged | null = null;
  for (const read of proposals) {
    const bare = withoutHeadings(read, stated);
    const dumped = withDumpedValues(read, text);
    const bands = withBandRowsFolded(read, text);
    for (const base of [read, bare, dumped, bands].filter((x): x is Proposal => !!x)) {
      const trimmed = withoutWhole(base, stated?.total ?? 100);
      // Rows without points next to rows that add up are other tables' rows (形式评审标准 …).
      const pointed = base.items.filter((i) => i.points != null);
      const onlyPointed =
        pointed.length >= 2 && pointed.length < base.items.length ? { ...base, items: pointed } : null;
      // (The whole's own heading read as a row, 综合得分（满分100分）, stands before the weighted parts.)
      const weighted = withWeightedParts(base, text) ?? (trimmed && withWeightedParts(trimmed, text));
      const shares = withPartShares(base, text);
      const statedPrice = withStatedPrice(base, stated);
      const variants = [
        base,
        statedPrice,
        trimmed,
        onlyPointed,
        asHundredths(base),
        weighted,
        shares,
        shares && withStatedPrice(shares, stated),
      ].filter((p): p is Proposal => !!p);
      for (const variant of variants) {
        // Each also with its factors' listed sub-items as the items, and with its rows cut into the
        // stated parts when it read no category for them.
        for (const p of [variant, withSubItems(variant, text), withStatedRuns(variant, stated)]) {
          if (!p) continue;
          const v = judge(p, stated, text);
          // A reading that had to drop rows to fit ranks below one that fits as read.
          if (variant === trimmed || variant === onlyPointed)
            v.score -= 2 * (base.items.length - variant.items.length);
          // A price taken from the stated split ranks below a reading that found the price's row.
          if (variant === statedPrice) v.score -= 1;
          if (!top || v.score > top.v.score) top = { p, v };
        }
      }
    }
  }
  return top;
}

/**
 * A reading worth showing: it adds up to what the tender states, or it is a partial reading of a
 * real scoring table (most items with points, names that are names, a sum of the right order) that
 * the writer can complete. Rows of a parameter or price table are not that; in a tender that awards
 * on price alone, only a reading that adds up counts.
 */
export function acceptable(j: Judged, lowest: boolean): boolean {
  const { v, p } = j;
  if (v.fitsTotal) return true;
  if (v.total == null && Math.abs(v.sum - 100) < 0.01) return true;
  if (lowest) return false;
  const n = p.items.length;
  const target = v.total ?? 100;
  return (
    n >= 2 &&
    v.missingPoints * 3 <= n &&
    v.badNames * 3 <= n &&
    v.sum >= target * 0.3 &&
    v.sum <= target * 1.6
  );
}
