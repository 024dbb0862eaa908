import type { Requirement, ScoringItem, StarClause } from '@bid/shared';
import { TO_CONFIRM } from '../plan/tables.ts';
import type { ChapterContext } from '../types.ts';

/**
 * 点对点 response for the offline engine: what a chapter alone answers (its aim, the part of the
 * criterion it covers, its requirement items and ★/▲ clauses), each restated with its response
 * left 【待确认】 and a placeholder for what only the bidder knows. Built from the chapter's own material, so two
 * chapters never share a paragraph.
 */

const ph = (label: string) => `【待填写：${label}】`;

/** A requirement without its enumerator and closing stop. */
function bare(text: string): string {
  return (
    text
      .replace(/^\s*([（(]?\d{1,3}[)）.、．]|[①-⑳]|[★▲]\s*)+/, '')
      // Restated as our commitment: the tender's subject and its stock consequence go.
      .replace(
        /^(投标人|供应商|中标人|成交供应商|磋商供应商|响应人)(必须|须|应当|应|需)?(承诺)?[：:，,]?/,
        '',
      )
      .replace(
        /[，,；;]?\s*(否则|不满足|未满足|不响应|未响应|达不到)[^。；;]*(无效|否决|废标|不予)[^。；;]*[。；;]?\s*$/,
        '',
      )
      .replace(
        /[，,]?\s*(的，?|者，?)?其?(投标|响应)(文件)?将?(被)?(作)?(否决|无效|废标)[^。；;]*[。；;]?\s*$/,
        '',
      )
      .replace(/[。；;，,\s]+$/, '')
      .trim()
  );
}

/** The thing a requirement is about (its subject), for the placeholder's label. */
export function subjectOf(text: string): string {
  const t = bare(text).replace(/^[★▲]/, '');
  const head = t
    .split(/应|须|需|必须|不少于|不低于|不超过|不大于|不小于|≥|≤|>|<|：|:|，|,|、|；|;|（|\(/)[0]
    .trim();
  const s = head.length >= 2 ? head : t;
  return s.length > 14 ? s.slice(0, 14) : s;
}

/** The bidder's part of a requirement: an actual figure when the requirement sets one, else the way it is done. */
function placeholderFor(text: string): string {
  const subject = subjectOf(text);
  if (/\d|[一二三四五六七八九十百千]+(台|套|个|人|名|天|小时|分钟|年|月|次|项|平方米|米|公里)/.test(text))
    return ph(`${subject}的实际数值或配置（不低于招标要求）`);
  return ph(`${subject}的具体做法`);
}

export function requirementLines(reqs: Requirement[], title: string): string[] {
  if (!reqs.length) return [];
  return [
    '',
    `### 招标要求（${title}）`,
    '',
    ...reqs.map(
      (r, i) =>
        // Whether the bid meets it is for the writer to confirm; a draft never states it.
        `${i + 1}. ${r.star ? '★ ' : ''}${bare(r.text)}——响应情况${TO_CONFIRM}，${placeholderFor(r.text)}。`,
    ),
  ];
}

export function clauseLines(clauses: StarClause[], title: string): string[] {
  if (!clauses.length) return [];
  return [
    '',
    `### 实质性条款（${title}）`,
    '',
    ...clauses.map(
      (c) =>
        `- ${c.mark} ${bare(c.text)}——响应情况${TO_CONFIRM}，${ph(`“${subjectOf(c.text)}”的响应证明及所在页码`)}。`,
    ),
  ];
}

/** A criterion's content clauses, without the points bands ("优得5分，良得3-4分") every item repeats. */
function criterionClauses(items: ScoringItem[]): Array<{ item: ScoringItem; clause: string }> {
  return items.flatMap((item) =>
    item.criteria
      .split(/[。；;\n]/)
      .map((s) =>
        s
          .split(/[，,]/)
          .filter((part) => !/得\s*[\d.]+|[\d.]+\s*分|不得分|扣\s*[\d.]+/.test(part))
          .join('，')
          .trim(),
      )
      .filter((s) => s.length >= 4)
      .map((clause) => ({ item, clause })),
  );
}

/**
 * The opening of a prose chapter: its aim and, when it owns the scoring items, the criterion
 * clauses it answers point by point. An aspect chapter (items inherited from its parent) answers
 * only its aspect, named in its aim; the whole criterion belongs to the owner.
 */
export function aimLines(ctx: ChapterContext, owner: boolean): string[] {
  // The aim is an instruction (for a model); the draft opens with a sentence of the bid instead.
  // An aspect chapter opens with its own material (a formula would be the same in every chapter).
  const own = owner ? ctx.scoringItems[0] : undefined;
  const out: string[] = own
    ? [`本节响应评分项「${own.name}」${own.points != null ? `（${own.points} 分）` : ''}。`]
    : [];
  const points = owner ? criterionClauses(ctx.scoringItems).slice(0, 6) : [];
  if (points.length) {
    out.push('', `**「${points[0].item.name}」评审要求的逐项响应**`, '');
    out.push(...points.map((p) => `- ${p.clause}：${ph(`“${subjectOf(p.clause)}”的具体做法`)}`));
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
