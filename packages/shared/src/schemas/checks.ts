import { z } from 'zod';
import { idSchema } from './common.ts';
import { bidFlagSchema } from './bid.ts';

/**
 * Bid checks (API.md "Bid checks"): the writer's last look before export and finish. Computed in code
 * from the outline, the chapters' text and the tender analysis; nothing here is asked of a model.
 */

export const ANONYMITY_KINDS = [
  'company',
  'person',
  'phone',
  'email',
  'image',
  'header',
  'metadata',
] as const;
export type AnonymityKind = (typeof ANONYMITY_KINDS)[number];
export const ANONYMITY_LABELS: Record<AnonymityKind, string> = {
  company: '单位名称',
  person: '人员姓名',
  phone: '电话号码',
  email: '电子邮箱',
  image: '图片/标识',
  header: '页眉页脚',
  metadata: '文档属性',
};

export const checkChapterRefSchema = z.object({ id: z.string(), title: z.string() });
export type CheckChapterRef = z.infer<typeof checkChapterRefSchema>;

export const coverageCheckSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  points: z.number().nullable(),
  /** True when a chapter mapped to the item (or naming it in its text) has content. */
  covered: z.boolean(),
  chapters: z.array(checkChapterRefSchema),
});
export type CoverageCheck = z.infer<typeof coverageCheckSchema>;

export const clauseCheckSchema = z.object({
  text: z.string(),
  answered: z.boolean(),
  /** Chapters holding an answering sentence. */
  chapters: z.array(checkChapterRefSchema),
  /** The sentence that answers the clause (null when open). */
  sentence: z.string().nullable(),
});
export type ClauseCheck = z.infer<typeof clauseCheckSchema>;

export const anonymityCheckSchema = z.object({
  kind: z.enum(ANONYMITY_KINDS),
  /** What was found (a name, a number, "图片", the header text...). */
  text: z.string(),
  /** The chapter it is in; null for the document as a whole (header, metadata). */
  catalogId: z.string().nullable(),
  title: z.string().nullable(),
});
export type AnonymityCheck = z.infer<typeof anonymityCheckSchema>;

export const placeholderCheckSchema = z.object({
  catalogId: z.string(),
  title: z.string(),
  text: z.string(),
});
export type PlaceholderCheck = z.infer<typeof placeholderCheckSchema>;

export const bidChecksSchema = z.object({
  coverage: z.array(coverageCheckSchema),
  /** ★ clauses: failing one makes the bid invalid. */
  stars: z.array(clauseCheckSchema),
  disqualifications: z.array(clauseCheckSchema),
  /** Identity leaks, only in the parts the tender makes anonymous (empty when it has no 暗标). */
  anonymity: z.array(anonymityCheckSchema),
  placeholders: z.array(placeholderCheckSchema),
  /** Estimated pages, the tender's limit, and the bid's own target (its 目标页数). */
  pages: z.object({
    estimated: z.number().int(),
    limit: z.number().int().nullable(),
    target: z.number().int().nullable(),
  }),
  /** Findings that make the bid invalid: unanswered ★, identity leaks in a 暗标 part, pages over the limit. */
  blocking: z.number().int(),
  /** Those findings in words, most serious first (what finish and export show before confirming). */
  blockers: z.array(z.string()),
  /** Parts the checks treat as anonymous (暗标), by chapter title; empty when the tender has none. */
  anonymousParts: z.array(z.string()),
});
export type BidChecks = z.infer<typeof bidChecksSchema>;

export const bidChecksQuerySchema = z.object({ id: idSchema });

/** finishBid: `confirm: true` finishes despite blocking findings (the writer saw them). */
export const finishBidSchema = z.object({ id: idSchema, confirm: bidFlagSchema.optional() });
export type FinishBidInput = z.infer<typeof finishBidSchema>;

/** Pages under this share of the bid's target mean chapters are still missing text. */
export const PAGES_SHORT_SHARE = 0.8;

/** Open findings per kind (the panel's tab counts). */
export function openCounts(c: BidChecks) {
  return {
    coverage: c.coverage.filter((i) => !i.covered).length,
    stars: c.stars.filter((s) => !s.answered).length,
    disqualifications: c.disqualifications.filter((d) => !d.answered).length,
    clauses:
      c.stars.filter((s) => !s.answered).length + c.disqualifications.filter((d) => !d.answered).length,
    anonymity: c.anonymity.length,
    placeholders: c.placeholders.length,
    pages: pagesOver(c) || pagesShort(c) ? 1 : 0,
  };
}

export function pagesOver(c: BidChecks): boolean {
  return c.pages.limit !== null && c.pages.estimated > c.pages.limit;
}

export function pagesShort(c: BidChecks): boolean {
  return (
    c.pages.target !== null && c.pages.target > 0 && c.pages.estimated < c.pages.target * PAGES_SHORT_SHARE
  );
}

/**
 * Everything still open, in words, most serious first: the one summary the check panel, the export
 * dialog and the finish confirmation all show, so their counts cannot differ. `clear` only when
 * nothing is open: no unanswered ★ clause, no open placeholder, pages not short of the target.
 */
export function checkSummary(c: BidChecks): {
  lines: string[];
  blocking: number;
  clear: boolean;
  title: string;
} {
  const n = openCounts(c);
  const lines = [...c.blockers];
  if (n.coverage)
    lines.push(
      `${n.coverage} 个评分项没有章节响应：${c.coverage
        .filter((i) => !i.covered)
        .map((i) => i.name)
        .slice(0, 3)
        .join('、')}${n.coverage > 3 ? ' 等' : ''}`,
    );
  if (n.disqualifications) lines.push(`${n.disqualifications} 条废标条款在正文中找不到响应`);
  if (n.placeholders) lines.push(`${n.placeholders} 处【待填写】尚未填写`);
  if (pagesShort(c))
    lines.push(
      `正文约 ${c.pages.estimated} 页，不到目标 ${c.pages.target} 页的 ${Math.round(PAGES_SHORT_SHARE * 100)}%`,
    );
  const title = c.blocking
    ? `提交前检查发现 ${c.blocking} 项可能导致废标的问题，共 ${lines.length} 项未处理`
    : lines.length
      ? `提交前检查还有 ${lines.length} 项未处理`
      : '没有发现会导致废标的问题';
  return { lines, blocking: c.blocking, clear: lines.length === 0, title };
}

export const CHECK_MSG = {
  blockedFinish: (first: string, count: number) =>
    `${first}${count > 1 ? `等 ${count} 项问题` : ''}，可能导致废标。确认无误后请再次完成`,
} as const;
