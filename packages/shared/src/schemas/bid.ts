import { z } from 'zod';
import { longText, plainText } from './text.ts';
import { idSchema } from './common.ts';
import { tenderAnalysisSchema } from './analysis.ts';
import { pageQuerySchema } from '../envelope.ts';

/** Bid states (API.md): writing until finished; a finished bid is read-only. */
export const BID_STATUS = ['writing', 'finished'] as const;
export type BidStatus = (typeof BID_STATUS)[number];

export const MODEL_TYPES = ['standard', 'premium'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

/**
 * Quota buckets in the order a new bid consumes them. `unlimited` is logged (delta 0) when an
 * unlimited package covers the bid.
 */
export const QUOTA_BUCKETS = ['month', 'temporary', 'grant', 'purchased', 'unlimited'] as const;
export type QuotaBucket = (typeof QUOTA_BUCKETS)[number];

export const BID_LIMITS = {
  nameMax: 100,
  /** Pasted tender text; the JSON body limit (2 MB) caps it too. */
  tenderTextMax: 300_000,
  pageCountMin: 1,
  pageCountMax: 2_000,
  /** Below this a chapter of a notice and two sentences would count as written. */
  writtenShareMin: 10,
  writtenShareDefault: 60,
  feedbackContentMax: 2_000,
  /** Screenshots per feedback: pictures the user uploaded to the picture library. */
  feedbackImagesMax: 3,
} as const;

export const BID_MSG = {
  notFound: '标书不存在',
  quotaExhausted: '标书额度已用完，请在“套餐与订单”购买套餐，或联系客服增加额度（页面左下角“联系客服”）',
  finished: '标书已完成，只能查看，不能修改',
  inRecycle: '标书在回收站中，请先恢复后再修改',
  modelDisabled: (label: string) => `${label}已停用，请选择其他模型`,
  progressNotReached: (progress: number, unwritten: number, share: number) =>
    unwritten === 0
      ? '标书还没有章节，不能完成标书'
      : `还有 ${unwritten} 个章节未写够（正文未达到目标字数的 ${share}%，也未标记「无需正文」），写作进度 ${progress}%，不能完成标书`,
} as const;

export const MODEL_LABELS: Record<ModelType, string> = { standard: '标准模型', premium: '高级模型' };

/** Booleans from JSON, forms or query strings. */
export const bidFlagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

const optionalText = (max: number, msg: string) => longText().max(max, msg).nullish();

export const saveBidSchema = z.object({
  name: plainText({ error: '标书名称不能为空' })
    .trim()
    .min(1, '标书名称不能为空')
    .max(BID_LIMITS.nameMax, `标书名称不能超过 ${BID_LIMITS.nameMax} 个字`),
  tenderText: optionalText(BID_LIMITS.tenderTextMax, `招标文件内容不能超过 ${BID_LIMITS.tenderTextMax} 个字`),
  fileId: idSchema.nullish(),
  modelType: z.enum(MODEL_TYPES, { error: '模型类型只能是 standard（标准）或 premium（高级）' }),
  pageCount: z.coerce
    .number({ error: '目标页数必须是数字' })
    .int('目标页数必须是整数')
    .min(
      BID_LIMITS.pageCountMin,
      `目标页数须在 ${BID_LIMITS.pageCountMin} 到 ${BID_LIMITS.pageCountMax} 之间`,
    )
    .max(
      BID_LIMITS.pageCountMax,
      `目标页数须在 ${BID_LIMITS.pageCountMin} 到 ${BID_LIMITS.pageCountMax} 之间`,
    )
    .nullish(),
  templateId: plainText().max(64, '模板编号格式不正确').nullish(),
  /** The 采购包 / 标段 number the bid answers when the tender has several (its analysis keeps that 包 only). */
  lot: z.coerce
    .number({ error: '采购包编号必须是数字' })
    .int('采购包编号必须是整数')
    .min(1, '采购包编号须在 1 到 999 之间')
    .max(999, '采购包编号须在 1 到 999 之间')
    .nullish(),
  /** A chapter counts as written when its own text reaches this share of its target, in percent. */
  writtenShare: z.coerce
    .number({ error: '达标比例必须是数字' })
    .int('达标比例必须是整数')
    .min(BID_LIMITS.writtenShareMin, `达标比例须在 ${BID_LIMITS.writtenShareMin}% 到 100% 之间`)
    .max(100, `达标比例须在 ${BID_LIMITS.writtenShareMin}% 到 100% 之间`)
    .nullish(),
});
export type SaveBidInput = z.infer<typeof saveBidSchema>;

export const updateBidSchema = saveBidSchema.partial().extend({ id: idSchema });
export type UpdateBidInput = z.infer<typeof updateBidSchema>;

export const bidListQuerySchema = pageQuerySchema.extend({
  keyword: plainText().trim().max(100, '搜索关键字不能超过 100 个字').optional(),
  status: z.enum(BID_STATUS, { error: '状态只能是 writing（编写中）或 finished（已完成）' }).optional(),
  /** true: the recycle bin. */
  recycle: bidFlagSchema.optional(),
});
export type BidListQuery = z.infer<typeof bidListQuerySchema>;

export const bidListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  progress: z.number(),
  status: z.enum(BID_STATUS),
  modelType: z.enum(MODEL_TYPES),
  pageCount: z.number().nullable(),
  /** Who wrote it: a company administrator sees every employee's bids. */
  userId: z.string(),
  authorName: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  finishTime: z.string().nullable(),
  deleteTime: z.string().nullable(),
});
export type BidListItem = z.infer<typeof bidListItemSchema>;

export const bidDetailSchema = bidListItemSchema.extend({
  templateId: z.string().nullable(),
  /** The 采购包 / 标段 the bid answers (its analysis keeps that 包 only); null: all, or a tender with one. */
  lot: z.number().int().nullable(),
  fileId: z.string().nullable(),
  tenderText: z.string().nullable(),
  /** The tender analysis (filled by the analysis step), null until then (or when the stored one is not valid). */
  analysis: tenderAnalysisSchema.nullable(),
  recycled: z.boolean(),
  /** true when the bid is finished or in the recycle bin: nothing may be changed. */
  readOnly: z.boolean(),
  chapterCount: z.number(),
  leafCount: z.number(),
  /** Leaf chapters whose own text reached `writtenShare` % of their target, or marked 无需正文. */
  doneLeafCount: z.number(),
  wordCount: z.number(),
  writtenShare: z.number().int(),
});
export type BidDetail = z.infer<typeof bidDetailSchema>;

export const quotaSchema = z.object({
  month: z.number(),
  temporary: z.number(),
  grant: z.number(),
  purchased: z.number(),
  total: z.number(),
  unlimited: z.boolean(),
  unlimitedUntil: z.string().nullable(),
  /** 'user' for a personal account, 'tenant' when the company's quota is drawn on. */
  holder: z.enum(['user', 'tenant']),
});
export type Quota = z.infer<typeof quotaSchema>;

export const saveFeedbackSchema = z.object({
  type: plainText().trim().min(1, '反馈类型不能为空').max(20, '反馈类型不能超过 20 个字').default('建议'),
  content: longText({ error: '反馈内容不能为空' })
    .trim()
    .min(1, '反馈内容不能为空')
    .max(BID_LIMITS.feedbackContentMax, `反馈内容不能超过 ${BID_LIMITS.feedbackContentMax} 个字`),
  contact: plainText().trim().max(100, '联系方式不能超过 100 个字').nullish(),
  /** Ids of the caller's own pictures (uploaded through picture/client/upload). */
  images: z
    .array(plainText().regex(/^[\w-]{1,64}$/, '截图编号不正确'))
    .max(BID_LIMITS.feedbackImagesMax, `反馈截图最多 ${BID_LIMITS.feedbackImagesMax} 张`)
    .nullish(),
});
export type SaveFeedbackInput = z.infer<typeof saveFeedbackSchema>;

export const feedbackListQuerySchema = pageQuerySchema;

export const feedbackItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  content: z.string(),
  contact: z.string().nullable(),
  images: z.array(z.string()),
  reply: z.string().nullable(),
  replyTime: z.string().nullable(),
  /** 'pending' until an operator replies. */
  status: z.enum(['pending', 'replied']),
  /** False while the user has not seen the operator's reply. */
  replyRead: z.boolean(),
  createTime: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
