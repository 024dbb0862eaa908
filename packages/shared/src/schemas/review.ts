import { z } from 'zod';
import { longText, plainText, textTree } from './text.ts';
import {
  SCORING_CATEGORIES,
  SCORING_CATEGORY_LABELS,
  clauseSchema,
  lotSchema,
  mandatedSectionSchema,
  scoringItemSchema,
  sourceSpanSchema,
  statedTotalsSchema,
  tenderAnalysisSchema,
  type ScoringCategory,
  type ScoringItem,
  type StatedTotals,
  type TenderAnalysis,
} from './analysis.ts';
import { idSchema } from './common.ts';
import { catalogTreeSchema } from './responses.ts';

/**
 * The writer's review of a tender analysis before anything is planned (新建标书 and 招标文件解读):
 * the analysis as the writer corrected it, the sums of its scoring items against the totals the
 * tender states, a re-read of a pasted scoring table, and the passage an item came from.
 */

export const REVIEW_LIMITS = {
  scoringItems: 500,
  clauses: 500,
  outline: 300,
  lots: 50,
  warnings: 100,
  /** A pasted scoring table: a few pages, not a whole tender. */
  fragmentChars: 100_000,
  /** Characters of context shown on each side of a passage. */
  passageContext: { min: 0, max: 5_000, default: 400 },
  /** The longest marked passage sent (a longer span is cut and says so). */
  passageSpan: 4_000,
} as const;

export const REVIEW_MSG = {
  stale: '招标文件解析已在别处修改（另一个窗口或重新解析），请重新加载后再修改',
  interpretationRunning: '解读尚未完成，完成后才能修改解析结果',
  noText: '没有招标文件原文，无法显示出处',
  outsideText: '原文位置超出了招标文件的范围',
} as const;

// ---------------------------------------------------------------- what the writer may save

const itemIdSchema = z
  .string({ error: '评分项编号不能为空' })
  .regex(/^[A-Za-z0-9_.-]{1,20}$/, '评分项编号只能由 1-20 个字母、数字、下划线、点或短横组成');

const pointsSchema = z
  .number({ error: '分值必须是数字' })
  .min(0, '分值不能小于 0')
  .max(1000, '分值不能超过 1000')
  .nullable();

const lotNoSchema = z
  .number({ error: '采购包编号必须是数字' })
  .int('采购包编号必须是整数')
  .min(1, '采购包编号至少为 1')
  .max(999, '采购包编号不能超过 999')
  .nullish();

const orderedSpanSchema = sourceSpanSchema.refine(
  (s) => s.end >= s.start,
  '原文位置不正确：结束位置在开始位置之前',
);
const spanSchema = orderedSpanSchema.nullish();

export const reviewedScoringItemSchema = scoringItemSchema.extend({
  id: itemIdSchema,
  category: z.enum(SCORING_CATEGORIES, { error: '评分项类别只能是技术、商务、价格或其他' }),
  name: plainText({ error: '评分项名称不能为空' })
    .trim()
    .min(1, '评分项名称不能为空')
    .max(200, '评分项名称不能超过 200 字'),
  group: plainText().trim().max(200, '评分项分组不能超过 200 字').nullable().default(null),
  points: pointsSchema,
  criteria: longText({ error: '评分标准必须是文字' }).max(4000, '评分标准不能超过 4000 字'),
  lot: lotNoSchema,
  source: spanSchema,
});

const reviewedClauseSchema = clauseSchema.extend({
  mark: z.enum(['★', '▲'], { error: '条款标记只能是 ★ 或 ▲' }),
  text: z
    .string({ error: '条款内容不能为空' })
    .trim()
    .min(1, '★/▲ 条款内容不能为空')
    .max(2000, '★/▲ 条款不能超过 2000 字'),
  lot: lotNoSchema,
  source: spanSchema,
});

const reviewedSectionSchema = mandatedSectionSchema.extend({
  title: z
    .string({ error: '目录标题不能为空' })
    .trim()
    .min(1, '招标文件规定的目录标题不能为空')
    .max(200, '目录标题不能超过 200 字'),
  level: z
    .number({ error: '目录层级必须是数字' })
    .int('目录层级必须是整数')
    .min(1, '目录层级只能是 1、2 或 3')
    .max(3, '目录层级只能是 1、2 或 3'),
  source: spanSchema,
});

/**
 * The analysis as the writer confirmed it: the stored analysis's shape, with limits and Chinese
 * messages for what the review screen edits, and the checks across fields (`analysisProblems`).
 */
export const reviewedAnalysisSchema = tenderAnalysisSchema
  .extend({
    scoringItems: z
      .array(reviewedScoringItemSchema, { error: '评分项必须是列表' })
      .max(REVIEW_LIMITS.scoringItems, `评分项不能超过 ${REVIEW_LIMITS.scoringItems} 项`),
    statedTotals: z.array(statedTotalsSchema).max(50, '招标文件的分值构成不能超过 50 组').default([]),
    starClauses: z
      .array(reviewedClauseSchema, { error: '★/▲ 条款必须是列表' })
      .max(REVIEW_LIMITS.clauses, `★/▲ 条款不能超过 ${REVIEW_LIMITS.clauses} 条`),
    disqualifications: z
      .array(
        plainText({ error: '废标条款必须是文字' })
          .trim()
          .min(1, '废标条款内容不能为空')
          .max(2000, '废标条款不能超过 2000 字'),
        { error: '废标条款必须是列表' },
      )
      .max(REVIEW_LIMITS.clauses, `废标条款不能超过 ${REVIEW_LIMITS.clauses} 条`),
    disqualificationSources: z.array(orderedSpanSchema.nullable()).default([]),
    mandatedOutline: z
      .array(reviewedSectionSchema, { error: '招标文件规定的目录必须是列表' })
      .max(REVIEW_LIMITS.outline, `招标文件规定的目录不能超过 ${REVIEW_LIMITS.outline} 项`),
    lots: z
      .array(
        lotSchema.extend({
          no: z
            .number({ error: '采购包编号必须是数字' })
            .int('采购包编号必须是整数')
            .min(1, '采购包编号至少为 1')
            .max(999, '采购包编号不能超过 999'),
          name: plainText().trim().max(200, '采购包名称不能超过 200 字'),
        }),
      )
      .max(REVIEW_LIMITS.lots, `采购包不能超过 ${REVIEW_LIMITS.lots} 个`)
      .default([]),
    pageLimit: z
      .number({ error: '页数上限必须是数字' })
      .int('页数上限必须是整数')
      .min(1, '页数上限至少为 1 页')
      .max(100_000, '页数上限不能超过 100000 页')
      .nullable()
      .default(null),
    warnings: z
      .array(plainText().max(500, '提示不能超过 500 字'))
      .max(REVIEW_LIMITS.warnings, `提示不能超过 ${REVIEW_LIMITS.warnings} 条`),
  })
  .superRefine((a, ctx) => {
    const problem = analysisProblems(a)[0];
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });
export type ReviewedAnalysis = z.infer<typeof reviewedAnalysisSchema>;

export interface AnalysisProblem {
  message: string;
  path: Array<string | number>;
}

const quote = (s: string) => `「${s.length > 20 ? `${s.slice(0, 20)}…` : s}」`;

/**
 * What makes a corrected analysis unusable, in words for the writer (the server refuses with the
 * first; the screen shows them all): repeated ids, items of a 包 the tender does not have.
 */
export function analysisProblems(
  a: Pick<TenderAnalysis, 'scoringItems' | 'starClauses' | 'lots' | 'mandatedOutline'>,
  bidLot: number | null = null,
): AnalysisProblem[] {
  const out: AnalysisProblem[] = [];
  const seen = new Map<string, number>();
  a.scoringItems.forEach((it, i) => {
    if (seen.has(it.id))
      out.push({
        message: `评分项编号 ${it.id} 重复（第 ${seen.get(it.id)! + 1} 行和第 ${i + 1} 行），请刷新后重试`,
        path: ['scoringItems', i, 'id'],
      });
    else seen.set(it.id, i);
  });
  const lots = new Set<number>();
  a.lots.forEach((l, i) => {
    if (lots.has(l.no)) out.push({ message: `采购包编号 ${l.no} 重复`, path: ['lots', i, 'no'] });
    lots.add(l.no);
  });
  const lotOk = (lot: number | null | undefined) =>
    lot == null || (a.lots.length ? lots.has(lot) : false) || lot === bidLot;
  a.scoringItems.forEach((it, i) => {
    if (!lotOk(it.lot))
      out.push({
        message: `评分项${quote(it.name)}属于第 ${it.lot} 包，招标文件没有这个采购包`,
        path: ['scoringItems', i, 'lot'],
      });
    else if (bidLot != null && it.lot != null && it.lot !== bidLot)
      out.push({
        message: `本标书投标第 ${bidLot} 包，评分项${quote(it.name)}属于第 ${it.lot} 包`,
        path: ['scoringItems', i, 'lot'],
      });
  });
  a.starClauses.forEach((c, i) => {
    if (!lotOk(c.lot))
      out.push({
        message: `★/▲ 条款${quote(c.text)}属于第 ${c.lot} 包，招标文件没有这个采购包`,
        path: ['starClauses', i, 'lot'],
      });
  });
  if (a.mandatedOutline.length && a.mandatedOutline[0].level !== 1)
    out.push({
      message: '招标文件规定的目录应从一级标题开始',
      path: ['mandatedOutline', 0, 'level'],
    });
  return out;
}

// ---------------------------------------------------------------- sums against stated totals

export const categorySumsSchema = z.object({
  total: z.number(),
  price: z.number(),
  technical: z.number(),
  commercial: z.number(),
  other: z.number(),
});
export type CategorySums = z.infer<typeof categorySumsSchema>;

export const statedSumsSchema = z.object({
  total: z.number().nullable(),
  price: z.number().nullable(),
  technical: z.number().nullable(),
  commercial: z.number().nullable(),
  other: z.number().nullable(),
});
export type StatedSums = z.infer<typeof statedSumsSchema>;

/** One 包's (or the whole tender's, lot null) scoring sums: what the tender states and what the items add up to. */
export const analysisTotalsSchema = z.object({
  lot: z.number().int().nullable(),
  stated: statedSumsSchema.nullable(),
  found: categorySumsSchema,
  /** Items counted. */
  items: z.number().int(),
});
export type AnalysisTotals = z.infer<typeof analysisTotalsSchema>;

const SUM_KEYS = ['total', 'price', 'technical', 'commercial', 'other'] as const;
export type SumKey = (typeof SUM_KEYS)[number];

/** Float sums of points like 0.5 should compare equal when they print equal. */
const round = (n: number) => Math.round(n * 100) / 100;

function sumsOf(items: ScoringItem[]): CategorySums {
  const out: CategorySums = { total: 0, price: 0, technical: 0, commercial: 0, other: 0 };
  for (const it of items) {
    if (it.points == null) continue;
    out[it.category] += it.points;
    out.total += it.points;
  }
  for (const k of SUM_KEYS) out[k] = round(out[k]);
  return out;
}

function statedOf(s: StatedTotals | undefined): StatedSums | null {
  if (!s) return null;
  const out: StatedSums = { total: s.total, price: null, technical: null, commercial: null, other: null };
  for (const p of s.parts) {
    if (!p.category) continue;
    out[p.category] = round((out[p.category] ?? 0) + p.points);
  }
  return out;
}

/**
 * The scoring sums per 包 (computed in code, on the server and on the screen alike). A tender with
 * one 包 gives one row (lot null). With 包: a row per 包 that has items or stated totals, counting
 * the items of that 包 and those that serve every 包; `bidLot` keeps only the 包 a bid answers.
 */
export function reviewTotals(
  a: Pick<TenderAnalysis, 'scoringItems' | 'statedTotals'>,
  bidLot: number | null = null,
): AnalysisTotals[] {
  const stated = a.statedTotals ?? [];
  const lots = new Set<number>();
  for (const it of a.scoringItems) if (it.lot != null) lots.add(it.lot);
  for (const s of stated) if (s.lot != null) lots.add(s.lot);
  if (bidLot != null) {
    lots.clear();
    lots.add(bidLot);
  }
  const whole = stated.find((s) => s.lot == null);
  if (!lots.size)
    return [
      {
        lot: null,
        stated: statedOf(whole ?? stated[0]),
        found: sumsOf(a.scoringItems),
        items: a.scoringItems.length,
      },
    ];
  return [...lots]
    .sort((x, y) => x - y)
    .map((lot) => {
      const items = a.scoringItems.filter((it) => it.lot == null || it.lot === lot);
      return {
        lot,
        stated: statedOf(stated.find((s) => s.lot === lot) ?? whole),
        found: sumsOf(items),
        items: items.length,
      };
    });
}

const SUM_LABELS: Record<SumKey, string> = {
  total: '总分',
  ...(Object.fromEntries(SCORING_CATEGORIES.map((c) => [c, `${SCORING_CATEGORY_LABELS[c]}分`])) as Record<
    ScoringCategory,
    string
  >),
};

export interface TotalsMismatch {
  key: SumKey;
  stated: number;
  found: number;
  /** In plain words: 「技术分：评分项合计 40 分，招标文件规定 50 分」. */
  message: string;
}

/** Where the items do not add up to what the tender states (a sum the tender does not state is not compared). */
export function totalsMismatches(t: AnalysisTotals): TotalsMismatch[] {
  if (!t.stated) return [];
  const out: TotalsMismatch[] = [];
  for (const key of SUM_KEYS) {
    const stated = t.stated[key];
    if (stated == null || round(stated) === t.found[key]) continue;
    out.push({
      key,
      stated,
      found: t.found[key],
      message:
        key === 'total'
          ? `评分项合计 ${t.found.total} 分，招标文件总分 ${stated} 分`
          : `${SUM_LABELS[key]}：评分项合计 ${t.found[key]} 分，招标文件规定 ${stated} 分`,
    });
  }
  return out;
}

// ---------------------------------------------------------------- calls

const versionSchema = z
  .number({ error: '版本号必须是数字' })
  .int('版本号必须是整数')
  .min(0, '版本号不能小于 0');

/** `POST bid/client/getBidAnalysis`: the bid's analysis with its version and sums. */
export const bidAnalysisSchema = z.object({
  version: z.number().int(),
  /** The 包 the bid answers (null: all, or a tender with one). */
  lot: z.number().int().nullable(),
  /** Null only when the bid has no analysis yet and cannot make one (finished or in the recycle bin). */
  analysis: tenderAnalysisSchema.nullable(),
  totals: z.array(analysisTotalsSchema),
  /** Chapters in the outline (0: none yet, the review comes before planning). */
  chapters: z.number().int(),
});
export type BidAnalysis = z.infer<typeof bidAnalysisSchema>;

/** `POST bid/client/updateBidAnalysis` and `ai/fileInterpretationClient/updateAnalysis`. */
// Every string of the analysis checked like a long text (issue 30: NUL cannot be stored on PostgreSQL).
export const updateAnalysisSchema = textTree(
  z.object({
    id: idSchema,
    version: versionSchema,
    analysis: reviewedAnalysisSchema,
  }),
);
export type UpdateAnalysisInput = z.input<typeof updateAnalysisSchema>;

export const analysisVersionSchema = z.object({ version: z.number().int() });
export type AnalysisVersion = z.infer<typeof analysisVersionSchema>;

/** Whose analysis a pasted scoring table is read for (its passages are looked up in that tender). */
export const REVIEW_TARGETS = ['bid', 'interpretation'] as const;
export type ReviewTarget = (typeof REVIEW_TARGETS)[number];

/** `POST ai/client/reparseScoring`: re-reads only a pasted scoring table (「只粘贴评分表」). */
export const reparseScoringSchema = z.object({
  id: idSchema,
  text: longText({ error: '请粘贴评分表的内容' })
    .max(
      REVIEW_LIMITS.fragmentChars,
      `粘贴的评分表不能超过 ${REVIEW_LIMITS.fragmentChars} 字，请只粘贴评分部分`,
    )
    .refine((t) => t.trim().length > 0, '请粘贴评分表的内容'),
  target: z
    .enum(REVIEW_TARGETS, { error: 'target 只能是 bid（标书）或 interpretation（文件解读）' })
    .default('bid'),
});
export type ReparseScoringInput = z.input<typeof reparseScoringSchema>;

export const reparseScoringResultSchema = z.object({
  /** Items read from the pasted text; `source` points into the tender when the item is found there, else null. */
  scoringItems: z.array(scoringItemSchema),
  statedTotals: z.array(statedTotalsSchema),
  warnings: z.array(z.string()),
  /** The sums of the pasted table alone. */
  totals: z.array(analysisTotalsSchema),
});
export type ReparseScoringResult = z.infer<typeof reparseScoringResultSchema>;

const offsetSchema = z.coerce
  .number({ error: '原文位置必须是数字' })
  .int('原文位置必须是整数')
  .min(0, '原文位置不能小于 0')
  .max(100_000_000, '原文位置不正确');

/** `POST bid/client/getTenderPassage` and `ai/fileInterpretationClient/passage`: a window around a span. */
export const tenderPassageQuerySchema = z
  .object({
    id: idSchema,
    start: offsetSchema,
    end: offsetSchema,
    context: z.coerce
      .number({ error: '上下文字数必须是数字' })
      .int('上下文字数必须是整数')
      .min(REVIEW_LIMITS.passageContext.min, '上下文字数不能小于 0')
      .max(REVIEW_LIMITS.passageContext.max, `上下文字数不能超过 ${REVIEW_LIMITS.passageContext.max}`)
      .default(REVIEW_LIMITS.passageContext.default),
  })
  .refine((q) => q.end >= q.start, { message: '原文位置不正确：结束位置在开始位置之前', path: ['end'] });
export type TenderPassageQuery = z.input<typeof tenderPassageQuerySchema>;

export const tenderPassageSchema = z.object({
  /** The marked span (clamped into the text; cut at REVIEW_LIMITS.passageSpan). */
  start: z.number().int(),
  end: z.number().int(),
  /** Offsets of the first and after the last character sent (before + text + after). */
  from: z.number().int(),
  to: z.number().int(),
  /** Characters of the whole tender text. */
  total: z.number().int(),
  before: z.string(),
  text: z.string(),
  after: z.string(),
  /** True when the span was longer than what was sent. */
  cut: z.boolean(),
  /**
   * When the passage is on a page read by OCR: that page of the uploaded file (its image from
   * file/client/pageImage) and the boxes of the passage's lines, in the image's pixels.
   */
  scan: z
    .object({
      fileId: z.string(),
      page: z.number().int(),
      width: z.number(),
      height: z.number(),
      boxes: z.array(z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() })),
    })
    .optional(),
});
export type TenderPassage = z.infer<typeof tenderPassageSchema>;

/** `POST ai/client/replanBidCatalog`: the outline re-planned from the confirmed items, written chapters kept. */
export const replanOutlineSchema = z.object({ bidId: idSchema });
export const replanOutlineResultSchema = z.object({
  outline: catalogTreeSchema,
  /** Chapters added for items no chapter answered. */
  added: z.number().int(),
  /** Chapters whose items (names, points, criteria) were refreshed or renamed. */
  updated: z.number().int(),
  /** Chapters with text whose items were all removed: kept, their titles marked. */
  marked: z.number().int(),
  /** Chapters without text whose items were all removed: deleted. */
  removed: z.number().int(),
});
export type ReplanOutlineResult = z.infer<typeof replanOutlineResultSchema>;

/** The title mark of a chapter with text whose scoring items the writer removed. */
export const REMOVED_ITEM_MARK = '【评分项已删除】';
