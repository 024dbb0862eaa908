import { z } from 'zod';
import { idSchema } from './common.ts';
import { plainText } from './text.ts';
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

/** A 分项报价 line as stored and answered: the writer's four values and what they come to, in yuan. */
export const priceLineSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  /** 不含税单价. */
  unitPrice: z.number(),
  /** Percent (13 for 13 %). */
  taxRate: z.number(),
  /** 数量 × 单价, to the fen. */
  subtotal: z.number(),
  /** 小计 × 税率, to the fen. */
  tax: z.number(),
  /** 小计 + 税额. */
  total: z.number(),
});
export type PriceLine = z.infer<typeof priceLineSchema>;

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
  /** 分项报价 lines; when there are any, the 报价 is their 合计. */
  lines: z.array(priceLineSchema),
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

/** Cents of an amount of yuan, exactly: every 分项 sum is done in whole fen. */
const fen = (n: number) => Math.round(n * 100);

/**
 * A line's 小计, 税额 and 合计 from its 数量, 不含税单价 and 税率 (the server and the screen compute
 * alike): 小计 rounded to the fen, 税额 on the rounded 小计, 合计 their sum.
 */
export function priceLineTotals(l: { quantity: number; unitPrice: number; taxRate: number }): {
  subtotal: number;
  tax: number;
  total: number;
} {
  const subtotal = Math.round(l.quantity * fen(l.unitPrice));
  const tax = Math.round((subtotal * Math.round(l.taxRate * 100)) / 10_000);
  return { subtotal: subtotal / 100, tax: tax / 100, total: (subtotal + tax) / 100 };
}

/** The 合计 of every line, to the fen. */
export function priceLinesTotal(
  lines: Array<{ quantity: number; unitPrice: number; taxRate: number }>,
): number {
  return lines.reduce((sum, l) => sum + fen(priceLineTotals(l).total), 0) / 100;
}

const decimals = (n: number, places: number) =>
  Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;

export const priceLineInputSchema = z.object({
  name: plainText().trim().min(1, '分项名称不能为空').max(200, '分项名称过长'),
  quantity: z
    .number({ error: '数量须为数字' })
    .positive('数量须大于 0')
    .max(1e9, '数量过大')
    .refine((n) => decimals(n, 4), '数量最多保留四位小数'),
  unitPrice: z
    .number({ error: '单价须为数字' })
    .min(0, '单价不能为负')
    .max(RMB_MAX, '单价过大')
    .refine((n) => decimals(n, 2), '单价最多保留两位小数（到分）'),
  taxRate: z
    .number({ error: '税率须为数字' })
    .min(0, '税率不能为负')
    .max(100, '税率不能超过 100%')
    .refine((n) => decimals(n, 2), '税率最多保留两位小数'),
});
export type PriceLineInput = z.infer<typeof priceLineInputSchema>;

/** saveBidPriceLines: the 分项报价 lines in order; their 合计 becomes the 报价. An empty list removes them. */
export const saveBidPriceLinesSchema = z
  .object({ id: idSchema, lines: z.array(priceLineInputSchema).max(200, '分项最多 200 行') })
  .refine((v) => !v.lines.length || priceLinesTotal(v.lines) > 0, {
    message: '分项合计须大于 0',
    path: ['lines'],
  })
  .refine((v) => priceLinesTotal(v.lines) <= RMB_MAX, { message: '分项合计金额过大', path: ['lines'] });
export type SaveBidPriceLinesInput = z.infer<typeof saveBidPriceLinesSchema>;
