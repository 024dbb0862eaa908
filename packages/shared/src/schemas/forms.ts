import { z } from 'zod';
import { idSchema } from './common.ts';
import { RMB_MAX } from '../rmb.ts';

/**
 * The tender's own forms (投标文件格式: 投标函, 开标一览表, 授权书, 声明函, 偏离表 …), taken from the
 * tender verbatim and stored with its analysis; and a bid's 报价, entered once, which every price
 * blank of those forms reads.
 */

export const FORM_KINDS = [
  'letter',
  'opening',
  'price-detail',
  'authorization',
  'identity',
  'commitment',
  'deviation',
  'sme',
  'other',
] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** A paragraph as the tender writes it, or a Word table as rows of cell texts (TAB-free). */
export const formBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paragraph'), text: z.string().max(4000) }),
  z.object({
    kind: z.literal('table'),
    rows: z.array(z.array(z.string().max(2000)).max(40)).max(300),
  }),
]);
export type FormBlock = z.infer<typeof formBlockSchema>;

export const tenderFormSchema = z.object({
  /** The heading as the tender writes it, without its enumerator (投标函, 开标一览表). */
  title: z.string().min(1).max(200),
  kind: z.enum(FORM_KINDS),
  /** Text and tables in the tender's order; blanks (____, 【】, （ ）) are kept as written. */
  blocks: z.array(formBlockSchema).max(400),
  /** Offsets of the form in the analysed text. */
  source: z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).nullish(),
});
export type TenderForm = z.infer<typeof tenderFormSchema>;

/** A run of a filled form: tender text, a blank filled from the bid, or a blank still open. */
export const formSegmentSchema = z.object({
  text: z.string(),
  /** Absent for the tender's own words. */
  blank: z.enum(['filled', 'open']).optional(),
  /** What the blank asks for (投标人名称, 投标总价（大写）…), when known. */
  label: z.string().optional(),
});
export type FormSegment = z.infer<typeof formSegmentSchema>;

export const filledBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paragraph'), segments: z.array(formSegmentSchema) }),
  z.object({ kind: z.literal('table'), rows: z.array(z.array(z.array(formSegmentSchema))) }),
]);
export type FilledBlock = z.infer<typeof filledBlockSchema>;

export const bidFormSchema = z.object({
  title: z.string(),
  kind: z.enum(FORM_KINDS),
  /** The chapter of the outline the form is exported in place of; null when the outline has none. */
  catalogId: z.string().nullable(),
  blocks: z.array(filledBlockSchema),
  /** Labels of the blanks nobody filled (signatures excluded: they are signed by hand). */
  open: z.array(z.string()),
});
export type BidForm = z.infer<typeof bidFormSchema>;

export const bidPriceSchema = z.object({
  /** 小写, in yuan. */
  amount: z.number(),
  upper: z.string(),
  lower: z.string(),
});

/** 工期, 质保期 and 投标有效期 as durations (90日历天, 2年); null where none is stated. */
export const bidTermsSchema = z.object({
  period: z.string().nullable(),
  warranty: z.string().nullable(),
  validity: z.string().nullable(),
});
export type BidTermValues = z.infer<typeof bidTermsSchema>;

export const bidFormsSchema = z.object({
  /** The 采购包 the bid answers (its price is that 包's); null for a tender with one. */
  lot: z.number().int().nullable(),
  price: bidPriceSchema.nullable(),
  /** 最高限价 / 预算 of the bid's 包 in yuan, when the tender states it. */
  ceiling: z.number().nullable(),
  overCeiling: z.boolean(),
  /** The lowest price the tender accepts (最低限价, 报价不得低于…), in yuan, when it states one. */
  floor: z.number().nullable(),
  underFloor: z.boolean(),
  /** What the tender requires, and what the bid states (null: the forms state the tender's own). */
  terms: z.object({ required: bidTermsSchema, offered: bidTermsSchema }),
  /** The 报价 sheet's own blocking findings (limits and terms), as the checks word them. */
  issues: z.array(z.string()),
  forms: z.array(bidFormSchema),
});
export type BidForms = z.infer<typeof bidFormsSchema>;

/** saveBidPrice: the 报价 in yuan (小写, up to the fen); null clears it. */
export const saveBidPriceSchema = z.object({
  id: idSchema,
  amount: z
    .number({ error: '报价须为数字' })
    .positive('报价须大于 0')
    .max(RMB_MAX, '报价金额过大')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, '报价最多保留两位小数（到分）')
    .nullable(),
});
export type SaveBidPriceInput = z.infer<typeof saveBidPriceSchema>;

/** A duration as tenders write it: a number (digits or 九十) and a unit. */
export const TERM_DURATION_RE = /^[\d一二两三四五六七八九十百]+\s*(?:日历天|个日历日|天|日|个月|月|年)$/;

const termSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(20, `${label}过长`)
    .regex(TERM_DURATION_RE, `${label}须写成数字加单位，如 90日历天、2年`)
    .nullable();

/** saveBidTerms: the 工期, 质保期 and 投标有效期 the bid states; null states the tender's own. */
export const saveBidTermsSchema = z.object({
  id: idSchema,
  period: termSchema('工期'),
  warranty: termSchema('质保期'),
  validity: termSchema('投标有效期'),
});
export type SaveBidTermsInput = z.infer<typeof saveBidTermsSchema>;
