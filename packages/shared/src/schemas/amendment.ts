import { z } from 'zod';
import { idSchema } from './common.ts';
import { longText, plainText } from './text.ts';
import { sourceSpanSchema } from './analysis.ts';
import { tenderFormSchema } from './forms.ts';

/**
 * Amendments to a tender (补遗 / 澄清 / 答疑, issue 31 scope 5): a file or pasted text added to a bid
 * after its tender; what it changes is read as a list of changes (原文 / 变更为), and the checks use
 * the tender as amended.
 */

export const AMENDMENT_CHANGE_KINDS = [
  'date',
  'points',
  'star',
  'disqualification',
  'pages',
  'price-limit',
  'form',
] as const;
export type AmendmentChangeKind = (typeof AMENDMENT_CHANGE_KINDS)[number];
export const AMENDMENT_CHANGE_LABELS: Record<AmendmentChangeKind, string> = {
  date: '时间变更',
  points: '评分分值调整',
  star: '新增★条款',
  disqualification: '新增废标条款',
  pages: '页数限制调整',
  'price-limit': '限价调整',
  form: '格式变更',
};

export const amendmentChangeSchema = z.object({
  kind: z.enum(AMENDMENT_CHANGE_KINDS),
  /** What changed: 投标截止时间, the scoring item's name, ★条款. */
  label: z.string().max(200),
  /** 原文: what the tender said (null for an added clause). */
  before: z.string().max(2000).nullable(),
  /** 变更为: what the amendment says now. */
  after: z.string().max(2000),
  /** The scoring item a points change concerns. */
  itemId: z.string().max(20).nullable(),
  /** The amendment's passage (offsets into its text) and the tender's (into the tender text). */
  source: sourceSpanSchema,
  tenderSource: sourceSpanSchema.nullable(),
  /** The passages themselves, so the screen shows them without the texts. */
  sourceText: z.string().max(2000),
  tenderText: z.string().max(2000).nullable(),
  /** The 包 a 限价 change concerns (包1最高限价调整为…); absent when it names none. */
  lot: z.number().int().min(1).max(999).nullish(),
  /** The whole form a 'form' change replaces or adds (after holds its first 2000 characters). */
  form: tenderFormSchema.nullish(),
});
export type AmendmentChange = z.infer<typeof amendmentChangeSchema>;

export const bidAmendmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  changes: z.array(amendmentChangeSchema),
});
export type BidAmendment = z.infer<typeof bidAmendmentSchema>;

/** A chapter answering a scoring item an amendment changed. */
export const flaggedChapterSchema = z.object({
  catalogId: z.string(),
  title: z.string(),
  itemId: z.string(),
  reason: z.string(),
});

export const bidAmendmentsSchema = z.object({
  amendments: z.array(bidAmendmentSchema),
  /** The latest 投标截止时间 of the tender and its amendments (null when none is stated). */
  deadline: z.string().nullable(),
  flagged: z.array(flaggedChapterSchema),
});
export type BidAmendments = z.infer<typeof bidAmendmentsSchema>;

export const AMENDMENT_MSG = {
  empty: '请上传补遗/澄清文件或粘贴其文字',
  noChanges: '未从补遗/澄清中识别到变更内容（时间、分值、页数、★或废标条款、限价、格式），已保存原文',
  noTender: '该标书没有招标文件，无法对照补遗/澄清',
  fileMissing: '补遗文件不存在或已删除，请重新上传',
} as const;

export const addBidAmendmentSchema = z
  .object({
    id: idSchema,
    /** An upload of file/client/uploadTender. */
    fileId: idSchema.optional(),
    text: longText().max(200_000, '补遗/澄清文字过长').optional(),
    name: plainText().max(200, '名称过长').optional(),
  })
  .refine((v) => Boolean(v.fileId) || Boolean(v.text?.trim()), {
    message: AMENDMENT_MSG.empty,
    path: ['text'],
  });
export type AddBidAmendmentInput = z.input<typeof addBidAmendmentSchema>;
