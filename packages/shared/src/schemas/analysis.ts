import { z } from 'zod';
import { longText, plainText } from './text.ts';
import { idSchema } from './common.ts';
import { tenderFormSchema } from './forms.ts';
import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '../lot-words.ts';

/**
 * The structured tender analysis (招标文件解析): the project fact sheet every chapter uses, the
 * scoring items the outline must cover, ★/▲ clauses, disqualification clauses, key dates and the
 * bid outline the tender prescribes. Stored with the bid and with each file interpretation.
 */

export const SCORING_CATEGORIES = ['technical', 'commercial', 'price', 'other'] as const;
export type ScoringCategory = (typeof SCORING_CATEGORIES)[number];
export const SCORING_CATEGORY_LABELS: Record<ScoringCategory, string> = {
  technical: '技术',
  commercial: '商务',
  price: '价格',
  other: '其他',
};

export const projectFactsSchema = z.object({
  name: z.string().nullable(),
  number: z.string().nullable(),
  /** 采购人 / 招标人 / 建设单位. */
  owner: z.string().nullable(),
  agency: z.string().nullable(),
  budget: z.string().nullable(),
  /** 工期 / 服务期 / 交货期. */
  period: z.string().nullable(),
  location: z.string().nullable(),
  scope: z.string().nullable(),
  /** 投标保证金, as the tender states it (大写 and/or 小写). */
  bond: z.string().nullable(),
  /** 采购方式: 公开招标 / 邀请招标 / 竞争性磋商 / 竞争性谈判 / 单一来源 / 询价 ...; null when not found. */
  method: z.string().nullable().default(null),
  /** The bond in yuan, read from 大写 (伍拾万元) or 小写 (¥500,000.00 / 50 万元); null when not found. */
  bondAmount: z.number().min(0).nullable().default(null),
  /** The budget (预算金额 / 最高限价) in yuan; null when not found. */
  budgetAmount: z.number().min(0).nullable().default(null),
});
export type ProjectFacts = z.infer<typeof projectFactsSchema>;

/** Character offsets into the analysed text, so a screen can show the passage an item came from. */
export const sourceSpanSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type SourceSpan = z.infer<typeof sourceSpanSchema>;

/** 采购包 / 标段 number (1, 2, ...) an item belongs to; null when the tender has one 包 or the item serves all. */
const lotRefSchema = z.number().int().min(1).max(999).nullish();
/** Absent on analyses stored before offsets were kept, and on items a model found but the text does not show. */
const sourceRefSchema = sourceSpanSchema.nullish();

export const lotSchema = z.object({
  no: z.number().int().min(1).max(999),
  name: z.string().max(200),
  /** What the tender states for this 包 alone (its budget, bond, period); absent when it states it for all. */
  budget: z.string().max(200).nullish(),
  budgetAmount: z.number().min(0).nullish(),
  bond: z.string().max(200).nullish(),
  bondAmount: z.number().min(0).nullish(),
  period: z.string().max(200).nullish(),
  /** A page cap set for this 包 alone. */
  pageLimit: z.number().int().min(1).nullish(),
});
export type Lot = z.infer<typeof lotSchema>;

export const scoringItemSchema = z.object({
  /** Stable within one analysis (`S1`, `S2`, ...): chapters refer to items by this id. */
  id: z.string().min(1).max(20),
  category: z.enum(SCORING_CATEGORIES),
  name: z.string().min(1).max(200),
  /** The group the tender lists it under (e.g. 施工组织设计), when there is one. */
  group: z.string().max(200).nullable().default(null),
  /** Maximum points; null when the tender does not state them. */
  points: z.number().min(0).max(1000).nullable(),
  criteria: z.string().max(4000),
  lot: lotRefSchema,
  source: sourceRefSchema,
});
export type ScoringItem = z.infer<typeof scoringItemSchema>;

/**
 * What the tender says the points add up to (总分100分，其中价格分30分、技术分50分…), per 包 when it
 * says so per 包: the judge of the scoring readers checks the items against it, and the review screen
 * shows the sums against it.
 */
export const statedTotalsSchema = z.object({
  lot: lotRefSchema,
  total: z.number().min(0).max(1000).nullable(),
  parts: z
    .array(
      z.object({
        label: z.string().max(100),
        category: z.enum(SCORING_CATEGORIES).nullable(),
        points: z.number().min(0).max(1000),
        source: sourceRefSchema,
      }),
    )
    .max(20),
  source: sourceRefSchema,
});
export type StatedTotals = z.infer<typeof statedTotalsSchema>;

export const clauseSchema = z.object({
  /** '★' (substantive, failing it disqualifies) or '▲' (important). */
  mark: z.enum(['★', '▲']),
  text: z.string().max(2000),
  lot: lotRefSchema,
  source: sourceRefSchema,
});
export type StarClause = z.infer<typeof clauseSchema>;

export const keyDateSchema = z.object({
  label: z.string().max(100),
  value: z.string().max(200),
  source: sourceRefSchema,
});
export type KeyDate = z.infer<typeof keyDateSchema>;

export const mandatedSectionSchema = z.object({
  title: z.string().min(1).max(200),
  level: z.number().int().min(1).max(3),
  source: sourceRefSchema,
});
export type MandatedSection = z.infer<typeof mandatedSectionSchema>;

/** One stated requirement of 采购需求 / 技术参数 / 服务要求. */
export const requirementSchema = z.object({
  /** Stable within one analysis (`R1`, `R2`, ...). */
  id: z.string().min(1).max(20),
  text: z.string().max(2000),
  /** True for a ★ (substantive) requirement. */
  star: z.boolean(),
  /** The mark the tender puts on it ('★' substantive, '▲' important), null for a plain one. */
  mark: z.enum(['★', '▲']).nullish(),
  lot: lotRefSchema,
  source: sourceRefSchema,
});
export type Requirement = z.infer<typeof requirementSchema>;

/** The parts of a bid a volume gathers (the chapters' roles, as the outline names them). */
export const BID_VOLUME_PARTS = [
  'form',
  'qualification',
  'commercial',
  'technical',
  'price',
  'other',
] as const;

/**
 * A volume the tender asks the bid to be split into (资格证明文件 / 商务文件 / 技术文件 / 报价文件, or
 * 明标 + 暗标): its name as the tender writes it, the parts it gathers (empty: every part no other
 * volume takes) and whether it is anonymous (暗标).
 */
export const bidVolumeSchema = z.object({
  /** exportBid's key for it (EXPORT_VOLUME_KEYS): 明标 open, 暗标 dark, else the part it gathers. */
  key: z.enum(['qualification', 'business', 'technical', 'price', 'dark', 'open']),
  name: z.string().min(1).max(40),
  parts: z.array(z.enum(BID_VOLUME_PARTS)).max(6),
  anonymous: z.boolean(),
});
export type BidVolume = z.infer<typeof bidVolumeSchema>;

export const tenderAnalysisSchema = z.object({
  project: projectFactsSchema,
  /** 综合评分法 / 最低评标价法 / 经评审的最低投标价法 ...; null when not found. */
  scoringMethod: z.string().nullable(),
  qualifications: z.array(z.string().max(2000)),
  /** `source` of each entry of `qualifications`, index for index (empty or null when unknown). */
  qualificationSources: z.array(sourceSpanSchema.nullable()).default([]),
  scoringItems: z.array(scoringItemSchema),
  /** The totals the tender states, read before the items (empty when it states none). */
  statedTotals: z.array(statedTotalsSchema).max(50).default([]),
  /** The tender awards on price alone (最低评标价法, 最后报价最低): no scoring table is expected. */
  lowestPrice: z.boolean().default(false),
  starClauses: z.array(clauseSchema),
  disqualifications: z.array(z.string().max(2000)),
  /** `source` of each entry of `disqualifications`, index for index (null when unknown). */
  disqualificationSources: z.array(sourceSpanSchema.nullable()).default([]),
  keyDates: z.array(keyDateSchema),
  /** The bid outline the tender prescribes (投标文件格式/组成), in its order; empty when none. */
  mandatedOutline: z.array(mandatedSectionSchema),
  /** True when the technical bid must be anonymous (暗标). */
  darkBid: z.boolean(),
  /** The volumes the bid is split into, in the tender's order; empty when it is one document. */
  volumes: z.array(bidVolumeSchema).max(8).default([]),
  /** 采购包 / 标段 of the tender; empty when it has one. */
  lots: z.array(lotSchema).default([]),
  /** The tender's cap on pages (of the bid or its technical part); null when none. */
  pageLimit: z.number().int().min(1).nullable().default(null),
  /** Layout rules the bid must follow: fonts, spacing, binding, 暗标 layout. */
  formatRules: z.array(z.string().max(500)).default([]),
  /** Names of the response / deviation tables the tender demands (技术参数响应及偏离表 ...). */
  responseTables: z.array(z.string().max(200)).default([]),
  requirements: z.array(requirementSchema).default([]),
  /** The forms of its 投标文件格式 chapter, verbatim (absent on analyses stored before they were kept). */
  forms: z.array(tenderFormSchema).max(60).default([]),
  /**
   * Floors an amendment restates (最低限价为400万元, 包1最低限价为…), the latest first; the tender's
   * own floor is read from its text. Absent without one.
   */
  amendedFloors: z.array(z.string().max(500)).max(20).optional(),
  /** Which engine produced it: 'offline' (rules) or 'openai' (a model, rules as fallback). */
  engine: z.string(),
  model: z.string().nullable(),
  /** Things the writer should know (e.g. 未识别到评分标准). */
  warnings: z.array(z.string()),
  /** Characters of tender text analysed. */
  chars: z.number().int().min(0),
});
export type TenderAnalysis = z.infer<typeof tenderAnalysisSchema>;

/**
 * The one reader of a stored analysis (a bid's, an interpretation's JSON text): validated against
 * the schema, older shapes filled with the defaults; null when absent, not JSON or not an analysis.
 */
export function parseAnalysis(text: string | null | undefined): TenderAnalysis | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const r = tenderAnalysisSchema.safeParse(value);
  return r.success ? r.data : null;
}

/** Sum of points per category, computed in code (never asked from a model). */
export function scoringTotals(items: ScoringItem[]): Record<ScoringCategory, number> & { total: number } {
  const out = { technical: 0, commercial: 0, price: 0, other: 0, total: 0 };
  for (const it of items) {
    if (it.points == null) continue;
    out[it.category] += it.points;
    out.total += it.points;
  }
  return out;
}

const CN_DIGIT: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

const LOTS_IN = new RegExp(
  `${LOT_WORD_BEFORE_NO}\\s*([1-9]\\d{0,2}|[一二三四五六七八九十])(?!\\d)|第\\s*([1-9]\\d{0,2}|[一二三四五六七八九十])\\s*${LOT_WORD_AFTER_NO}`,
  'g',
);

/** The 包 / 标段 numbers a sentence names (包1、包2 → [1, 2]; 第二标段 → [2]). */
export function lotsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(LOTS_IN)) {
    const raw = m[1] ?? m[2];
    const n = /^\d+$/.test(raw) ? Number(raw) : CN_DIGIT[raw];
    if (n && !out.includes(n)) out.push(n);
  }
  return out;
}

/**
 * The analysis a bid answering 包 `lot` works from: that 包's scoring items, ★ clauses and
 * requirements plus those that serve every 包 (lot null). An interpretation keeps them all.
 */
export function analysisForLot(a: TenderAnalysis, lot: number | null | undefined): TenderAnalysis {
  if (lot == null || a.lots.length === 0) return a;
  const keep = <T extends { lot?: number | null }>(xs: T[]) =>
    xs.filter((x) => x.lot == null || x.lot === lot);
  // The 包's own budget, bond and period replace the whole tender's; the other 包 are not named.
  const own = a.lots.find((l) => l.no === lot);
  const project = { ...a.project };
  if (own?.budget) {
    project.budget = own.budget;
    project.budgetAmount = own.budgetAmount ?? null;
  }
  if (own?.bond) {
    project.bond = own.bond;
    project.bondAmount = own.bondAmount ?? null;
  }
  if (own?.period) project.period = own.period;
  // A 废标 clause about another 包 alone (包2的投标人以进口产品投标的…) does not bind this bid.
  const dq = a.disqualifications
    .map((text, i) => ({ text, source: a.disqualificationSources[i] ?? null }))
    .filter((d) => {
      const named = lotsIn(d.text);
      return !named.length || named.includes(lot);
    });
  return {
    ...a,
    disqualifications: dq.map((d) => d.text),
    disqualificationSources: a.disqualificationSources.length ? dq.map((d) => d.source) : [],
    project,
    pageLimit: own?.pageLimit ?? a.pageLimit,
    scoringItems: keep(a.scoringItems),
    starClauses: keep(a.starClauses),
    requirements: keep(a.requirements),
  };
}

/** POST /api/ai/chat/start-analysis: analyse an uploaded file or pasted text (file interpretation). */
export const startAnalysisSchema = z
  .object({
    fileId: idSchema.optional(),
    text: longText().max(2_000_000, '招标文件文字不能超过 200 万字').optional(),
    name: plainText().trim().max(200, '名称不能超过 200 字').optional(),
    modelType: z.enum(['standard', 'premium']).default('standard'),
  })
  .refine((v) => Boolean(v.fileId) || Boolean(v.text?.trim()), {
    message: '请上传招标文件或粘贴招标文件内容',
    path: ['fileId'],
  });
export type StartAnalysisInput = z.infer<typeof startAnalysisSchema>;

export const ANALYSIS_STATUSES = ['running', 'done', 'error'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

export const interpretationSchema = z.object({
  id: z.string(),
  name: z.string(),
  fileId: z.string().nullable(),
  status: z.enum(ANALYSIS_STATUSES),
  error: z.string().nullable(),
  analysis: tenderAnalysisSchema.nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Interpretation = z.infer<typeof interpretationSchema>;

export const interpretationDetailQuerySchema = z.object({ id: idSchema });
