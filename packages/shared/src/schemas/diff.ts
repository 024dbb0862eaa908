import { z } from 'zod';
import { plainText } from './text.ts';
import { pageQuerySchema } from '../envelope.ts';
import { idSchema } from './common.ts';

/**
 * 查重 (SPEC /home/bidingDiff and bidingDiff/detail; API.md "查重"): 2 to 5 documents (the user's
 * bids and uploaded DOCX/PDF) compared as a background job; passages, pictures and document
 * properties found in more than one of them.
 */

export const DIFF_LIMITS = {
  minDocuments: 2,
  maxDocuments: 5,
  nameMax: 100,
  /** Characters of a passage's `text` (its start/end always cover the whole passage). */
  passageTextMax: 600,
} as const;

export const DIFF_MSG = {
  notFound: '查重记录不存在',
  count: `请选择 ${DIFF_LIMITS.minDocuments} 到 ${DIFF_LIMITS.maxDocuments} 份文件进行比对`,
  duplicate: '同一份文件不能重复选择',
  fileNotFound: '上传的文件不存在，请重新上传',
  empty: (name: string) => `“${name}”没有可比对的文字`,
  failed: '查重失败，请稍后重试',
  notReady: '查重尚未完成，请完成后再导出',
  busy: '正在进行的查重过多，请等待当前查重完成后再试',
} as const;

const idList = z
  .array(idSchema, { error: '文件编号格式不正确' })
  .max(DIFF_LIMITS.maxDocuments, DIFF_MSG.count);

export const diffCreateSchema = z
  .object({
    name: plainText()
      .trim()
      .max(DIFF_LIMITS.nameMax, `查重名称不能超过 ${DIFF_LIMITS.nameMax} 个字`)
      .nullish(),
    bidIds: idList.optional(),
    fileIds: idList.optional(),
    /** The tender (an uploaded file): text quoted from it is not counted as shared. */
    tenderFileId: idSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    const ids = [...(v.bidIds ?? []), ...(v.fileIds ?? [])];
    if (ids.length < DIFF_LIMITS.minDocuments || ids.length > DIFF_LIMITS.maxDocuments)
      ctx.addIssue({ code: 'custom', message: DIFF_MSG.count, path: ['bidIds'] });
    else if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: DIFF_MSG.duplicate, path: ['bidIds'] });
  });
export type DiffCreateInput = z.infer<typeof diffCreateSchema>;

export const diffIdSchema = z.object({ id: idSchema });
export const diffListQuerySchema = pageQuerySchema;

export const DIFF_STATUS = ['queued', 'running', 'done', 'failed'] as const;
export type DiffStatus = (typeof DIFF_STATUS)[number];

export const diffDocumentSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** bid: one of the user's bids; file: an uploaded DOCX/PDF. */
  source: z.enum(['bid', 'file']),
  /** The text compared (positions of passages refer to it); empty until the job has read it. */
  text: z.string(),
  images: z.number(),
});

const sideSchema = z.object({ key: z.string(), text: z.string(), start: z.number(), end: z.number() });

export const diffPassageSchema = z.object({ a: sideSchema, b: sideSchema, similarity: z.number() });

const imageSideSchema = z.object({
  key: z.string(),
  index: z.number(),
  /** A small PNG of the picture as a data: URL. */
  thumb: z.string(),
});
export const diffImageSchema = z.object({ a: imageSideSchema, b: imageSideSchema, distance: z.number() });

export const diffMetadataSchema = z.object({
  field: z.string(),
  value: z.string(),
  keys: z.array(z.string()),
});

export const diffPairSchema = z.object({
  a: z.string(),
  b: z.string(),
  /** 0..100: share of text found in the other document, weighted by similarity. */
  score: z.number(),
  passages: z.number(),
  images: z.number(),
  metadata: z.number(),
});

export const diffDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(DIFF_STATUS),
  /** 0..100. */
  progress: z.number(),
  stage: z.string(),
  error: z.string().nullable(),
  /** The highest pair score, 0..100. */
  score: z.number(),
  documents: z.array(diffDocumentSchema),
  pairs: z.array(diffPairSchema),
  passages: z.array(diffPassageSchema),
  images: z.array(diffImageSchema),
  metadata: z.array(diffMetadataSchema),
  /** Whether text quoted from a tender was left out. */
  tenderExcluded: z.boolean(),
  createTime: z.string(),
});
export type DiffDetail = z.infer<typeof diffDetailSchema>;
export type DiffPassage = z.infer<typeof diffPassageSchema>;
export type DiffImage = z.infer<typeof diffImageSchema>;
export type DiffPair = z.infer<typeof diffPairSchema>;
export type DiffDocument = z.infer<typeof diffDocumentSchema>;

export const diffListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(DIFF_STATUS),
  progress: z.number(),
  score: z.number(),
  documents: z.array(z.object({ key: z.string(), name: z.string() })),
  createTime: z.string(),
});
export type DiffListItem = z.infer<typeof diffListItemSchema>;

export const diffCreatedSchema = z.object({ id: z.string() });
