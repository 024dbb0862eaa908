import { chineseNumber } from '../money.ts';
import type { ScoringCategory } from '@bid/shared';
import { catCell, nameLike } from './cells.ts';
import { categoryOfLabel, categoryOfName } from './category.ts';
import { CATEGORY_LABEL, partsByCategory } from './stated.ts';
import type { Proposal, ProposedItem, StatedTotals } from './types.ts';

/**
 * The judge: scores each reader's complete proposal on evidence the tender itself states — the
 * total and the category totals read first, the items' points adding up to them, serial numbers
 * running without gaps, names that are names (not a score band, a sentence, or a category total
 * next to its own sub-items), each name written where the item says it is. The best proposal wins;
 * the checks it fails are said in plain words.
 */

export interface Verdict {
  score: number;
  sum: number;
  total: number | null;
  fitsTotal: boolean | null;
  /** Per stated category: what was found against what the tender says. */
  categories: Array<{ category: ScoringCategory; stated: number; found: number }>;
  badNames: number;
  missingPoints: number;
  evidenceMisses: number;
  serialGaps: number;
}

const squash = (s: string) => s.replace(/[\s|｜\t]+/g, '');

export function itemCategory(it: ProposedItem): ScoringCategory {
  // Price is what a name says is price: rows after a 价格分 heading are not price by position alone
  // (（一）价格分 … （二）客观分评审表 …: the second heading names no category the readers know).
  if (it.category === 'price') {
    const own = categoryOfName(it.name, null);
    return own === 'price' || it.pointsSpan == null ? 'price' : own;
  }
  // A price row under another part's label (商务标 … 2.2.4（3） 投标报价 70) is still the price.
  const own = categoryOfName(it.name, null);
  return own === 'price' ? 'price' : (it.category ?? own);
}

/** A table's title (表3-1 技术评分表（45分）, 商务评审表) read as a row. */
const TABLE_TITLE =
  /^(?:附)?表\s*[\d一二三四五六七八九十]+(?:\s*[-－.．—]\s*\d+)?|(?:评分|评审|打分)(?:明细)?表$/;

export function judge(p: Proposal, stated: StatedTotals | null, text: string): Verdict {
  const items = p.items;
  const sum = items.reduce((s, it) => s + (it.points ?? 0), 0);
  const total = stated?.total ?? null;
  const fitsTotal = total != null ? Math.abs(sum - total) < 0.01 : null;
  let score = 0;
  if (fitsTotal === true) score += 100;
  else if (fitsTotal === false) score -= Math.min(60, 10 + Math.abs(sum - total!));
  else if (Math.abs(sum - 100) < 0.01) score += 60;
  else if (sum >= 60 && sum <= 140) score += 5;

  const want = partsByCategory(stated);
  const got: Partial<Record<ScoringCategory, number>> = {};
  for (const it of items) {
    const c = itemCategory(it);
    got[c] = (got[c] ?? 0) + (it.points ?? 0);
  }
  const categories: Verdict['categories'] = [];
  for (const [c, v] of Object.entries(want) as Array<[ScoringCategory, number]>) {
    const f = got[c] ?? 0;
    categories.push({ category: c, stated: v, found: f });
    score += Math.abs(f - v) < 0.01 ? 20 : -10;
  }
  // The reading's own category labels with points: its rows under each should add up to it.
  for (const s of p.subtotals) {
    const under = items.filter((it) => it.group === s.label).reduce((a, it) => a + (it.points ?? 0), 0);
    if (under > 0) score += Math.abs(under - s.points) < 0.01 ? 5 : -3;
  }

  let badNames = 0;
  let missingPoints = 0;
  let evidenceMisses = 0;
  let whole = 0;
  const seen = new Set<string>();
  for (const it of items) {
    const n = it.name;
    const isCatTotal = CATEGORY_LABEL.test(n) && items.some((o) => o !== it && o.group === n);
    // A bare category label (技术部分) as the name of one item among others of its category is the
    // 类别 column read as a name; as the only item of its category (价格部分 30) it is the item.
    const label = catCell(n);
    const cat = label && label.points == null ? categoryOfLabel(label.label) : null;
    const isCatColumn = cat != null && items.some((o) => o !== it && itemCategory(o) === cat);
    // A 前附表's clause number glued to the name (2.2.4(1)施工组织设计) is another cell read into it.
    const clauseGlued = /^\d{1,2}(?:\.\d{1,2}){2,}/.test(n);
    // So is a serial glued to it (1带量供货保障能力): the row's 序号 cell read into the name.
    const serialGlued = /^\d{1,2}[\u4e00-\u9fa5]/.test(n);
    // A table's title (表3-1 技术评分表（45分）) over its rows is not one of them.
    const tableTitle = TABLE_TITLE.test(n);
    // Header labels read into a name (分值类型序号评审要素): the table's header, not a factor.
    const headerWords = (
      n.match(/序号|评审要素|评分因素|评审因素|评分项目|分值|评分标准|评审标准|类型/g) ?? []
    ).length;
    // The wrapped end of a bracket (分）、一般 after 良（2 / 分）) is a line's tail, not a name.
    const tail = /^\s*(?:分)?[）)]/.test(n);
    // A heading stating the whole read into a name (评分体系（总分100分）1谈判报价).
    const statesWhole = /(?:总分|满分)\s*\d/.test(n);
    if (
      !nameLike(n) ||
      tail ||
      statesWhole ||
      n.length < 2 ||
      isCatTotal ||
      isCatColumn ||
      clauseGlued ||
      serialGlued ||
      tableTitle ||
      headerWords >= 2 ||
      seen.has(n)
    )
      badNames += 1;
    seen.add(n);
    if (it.points == null) missingPoints += 1;
    const at = squash(text.slice(it.nameSpan.start, Math.min(text.length, it.nameSpan.end + 2)));
    if (!at.includes(squash(n).slice(0, Math.min(4, squash(n).length)))) evidenceMisses += 1;
    // A name written whole where it stands beats one pieced from wrapped cells (响应 + …为止).
    const near = squash(text.slice(it.nameSpan.start, it.nameSpan.start + n.length * 3 + 8));
    if (near.includes(squash(n))) whole += 1;
    if (it.pointsSpan && it.points != null) {
      const ps = text.slice(it.pointsSpan.start, it.pointsSpan.end);
      // (In Chinese numerals too: 八分 is 8.)
      const cn = [...ps.matchAll(/[零一二两三四五六七八九十百]+/g)].some(
        (m) => chineseNumber(m[0]) === it.points,
      );
      if (!ps.includes(String(it.points)) && !cn) evidenceMisses += 1;
    }
  }
  // Only category labels (价格分 30 | 技术分 50 | 商务分 20): the split, not the items under it.
  // (The column's header read into the first of them counts as nothing: 评分项目价格部分.)
  const bareLabel = (n: string) => n.replace(/^(?:评分项目|评审项目|评分类别|评审类别|类别|评分大类)/, '');
  if (
    items.length >= 2 &&
    items.every((it) => CATEGORY_LABEL.test(bareLabel(it.name)) || catCell(bareLabel(it.name)))
  ) {
    badNames += items.length;
    // (It fits the total as every split does; a reading of the rows under it that nearly fits wins.)
    score -= 100;
  }
  // Only the stated split read back (分值构成 | 技术部分：45分 …) fits every total and says nothing.
  const isStatedPart = (it: ProposedItem) =>
    !!stated?.parts.some(
      (s) =>
        Math.abs(s.points - (it.points ?? -1)) < 0.01 &&
        (s.label.includes(it.name) || it.name.includes(s.label)),
    );
  if (items.length >= 2 && items.every(isStatedPart)) score -= 200;
  // One "item" worth the whole (详细评审（100分）, 综合评分满分100分) is the scoring's heading read alone.
  if (
    items.length === 1 &&
    (items[0].points ?? 0) >= 50 &&
    Math.abs((items[0].points ?? 0) - (total ?? 100)) < 0.01
  )
    score -= 200;
  // Only tables' titles (表3-1 技术评分表 45 | 表3-2 商务评分表 40 …): the split again, not the items.
  if (items.length >= 2 && items.every((it) => TABLE_TITLE.test(it.name))) score -= 200;
  let serialGaps = 0;
  const serials = items.filter((it) => it.serial != null).map((it) => it.serial!);
  for (let k = 1; k < serials.length; k++) {
    const d = serials[k] - serials[k - 1];
    if (d !== 1 && d !== 0 && serials[k] !== 1) serialGaps += 1;
  }
  score += Math.min(items.length, 40) + whole / Math.max(1, items.length);
  score -= 15 * badNames + 8 * missingPoints + 15 * evidenceMisses + 10 * serialGaps;
  return { score, sum, total, fitsTotal, categories, badNames, missingPoints, evidenceMisses, serialGaps };
}

/**
 * A proposal that misses only the price (scored by a formula in prose, or a row the reading could
 * not see) gets it from the stated split, when that makes the sums agree: 价格分 with the stated
 * points, its source the statement.
 */
export function withStatedPrice(p: Proposal, stated: StatedTotals | null): Proposal | null {
  if (!stated?.total) return null;
  const price = stated.parts.find((x) => x.category === 'price');
  if (!price) return null;
  if (p.items.some((it) => itemCategory(it) === 'price')) return null;
  const sum = p.items.reduce((s, it) => s + (it.points ?? 0), 0);
  if (Math.abs(sum + price.points - stated.total) > 0.01) return null;
  const item: ProposedItem = {
    name: price.label,
    points: price.points,
    criteria: '',
    category: 'price',
    group: null,
    lot: p.lot,
    span: price.span,
    nameSpan: price.span,
    pointsSpan: price.span,
    serial: null,
  };
  return { ...p, reader: `${p.reader}+price`, items: [item, ...p.items] };
}

/** A reading with the judge's verdict on it. */
export interface Judged {
  p: Proposal;
  v: Verdict;
}
