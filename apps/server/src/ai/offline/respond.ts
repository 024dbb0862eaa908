import type { Requirement, ScoringItem, StarClause } from '@bid/shared';
import type { ChapterContext } from '../types.ts';

/**
 * 点对点 response for the offline engine: what a chapter alone answers (its aim, the part of the
 * criterion it covers, its requirement items and ★/▲ clauses), each restated as a commitment with
 * a placeholder for what only the bidder knows. Built from the chapter's own material, so two
 * chapters never share a paragraph.
 */

const ph = (label: string) => `【待填写：${label}】`;

/** A requirement without its enumerator and closing stop. */
function bare(text: string): string {
  return text
    .replace(/^\s*([（(]?\d{1,3}[)）.、．]|[①-⑳]|[★▲]\s*)+/, '')
    .replace(/[。；;，,\s]+$/, '')
    .trim();
}

/** The thing a requirement is about (its subject), for the placeholder's label. */
export function subjectOf(text: string): string {
  const t = bare(text).replace(/^[★▲]/, '');
  const head = t.split(/应|须|需|必须|不少于|不低于|不超过|不大于|不小于|≥|≤|>|<|：|:|，|,/)[0].trim();
  const s = head.length >= 2 ? head : t;
  return s.length > 14 ? s.slice(0, 14) : s;
}

/** The bidder's part of a requirement: an actual figure when the requirement sets one, else the way it is done. */
function placeholderFor(text: string): string {
  const subject = subjectOf(text);
  if (/\d|[一二三四五六七八九十百千]+(台|套|个|人|名|天|小时|分钟|年|月|次|项|平方米|米|公里)/.test(text)) return ph(`${subject}的实际数值或配置（不低于招标要求）`);
  return ph(`${subject}的具体做法`);
}

export function requirementLines(reqs: Requirement[]): string[] {
  if (!reqs.length) return [];
  return [
    '',
    '### 招标要求逐条响应',
    '',
    ...reqs.map((r, i) => `${i + 1}. 招标要求${r.star ? '（★ 实质性要求）' : ''}：${bare(r.text)}。我方响应：完全满足${r.star ? '，不存在负偏离' : ''}，${placeholderFor(r.text)}。`),
  ];
}

export function clauseLines(clauses: StarClause[]): string[] {
  if (!clauses.length) return [];
  return [
    '',
    '### 实质性条款响应',
    '',
    ...clauses.map((c) => `- ${c.mark} 条款：${bare(c.text)}。我方承诺${c.mark === '★' ? '完全响应，无负偏离' : '予以响应'}，${ph(`“${subjectOf(c.text)}”的响应证明及所在页码`)}。`),
  ];
}

/** The clauses of a criterion that speak of this chapter's aspect (all of them for the owner). */
function criterionFor(items: ScoringItem[], title: string, owner: boolean): string[] {
  const clauses = items.flatMap((i) => i.criteria.split(/[。；;\n]/).map((s) => s.trim()).filter((s) => s.length >= 4));
  if (owner) return clauses.slice(0, 6);
  return clauses.filter((c) => c.includes(title)).slice(0, 3);
}

/**
 * The opening of a prose chapter: its aim and, point by point, the criterion clauses it answers.
 * `owner` is true when the chapter itself names the scoring items (not inherited from a parent).
 */
export function aimLines(ctx: ChapterContext, title: string, owner: boolean): string[] {
  const aim = ctx.plan?.aim;
  const out: string[] = [aim ? `本节${aim.replace(/^说明/, '说明')}。` : `本节说明“${title}”的具体安排。`];
  const points = criterionFor(ctx.scoringItems, title, owner);
  if (points.length) {
    out.push('', '**评审关注点及我方做法**', '');
    out.push(...points.map((p) => `- 关于“${p}”：${ph(`针对“${subjectOf(p)}”的具体做法`)}`));
  }
  return out;
}

/**
 * The share of a topic's measures a chapter gets: the n-th chapter on a topic the n-th pair, so
 * that no measure is printed twice in one bid (the rest is left to the placeholders).
 */
export function measureShare<T>(measures: T[], slot: number): T[] {
  return measures.slice(slot * 2, slot * 2 + 2);
}
