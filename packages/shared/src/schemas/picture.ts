import { z } from 'zod';
import { plainText } from './text.ts';
import { pageQuerySchema } from '../envelope.ts';
import { idSchema } from './common.ts';

/**
 * Picture library (/home/picture): the user's images, which image search and chapters use.
 * Upload: POST /api/picture/client/upload (multipart, field `file`, optional fields `name`, `tags`).
 * Files: GET /api/picture/client/file/{id} and /thumb/{id} (authenticated by the Admin-Token
 * cookie so that <img> tags work; no client headers needed).
 */
export const PICTURE_LIMITS = {
  /** Largest picture accepted. */
  maxBytes: 10 * 1024 * 1024,
  maxNameChars: 100,
  maxTags: 20,
  maxTagChars: 20,
  /** Longest side of a generated thumbnail, px. */
  thumbPx: 360,
  /** Pictures in one library (a guard against runaway scripts). */
  maxPerUser: 5000,
  /** Bytes of originals in one library. */
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
} as const;

export const PICTURE_TYPES = ['png', 'jpeg', 'gif', 'webp', 'svg'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];
export const PICTURE_MIME: Record<PictureType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export const PICTURE_MSG = {
  noFile: '请选择要上传的图片（字段 file）',
  notImage: '只能上传 PNG、JPEG、GIF、WebP 或 SVG 图片',
  tooLarge: `图片不能超过 ${PICTURE_LIMITS.maxBytes / 1024 / 1024} MB`,
  empty: '图片文件是空的',
  unsafeSvg: (why: string) => `SVG 图片包含不安全的内容（${why}），已拒绝上传`,
  badSvg: 'SVG 图片格式不正确',
  notFound: '图片不存在或已删除',
  inChapter: (name: string, bid: string, chapter: string) =>
    `图片“${name}”正在标书《${bid}》的章节“${chapter}”中使用，删除后导出的 Word 将缺少它。请先从章节中移除这张图片`,
  inFeedback: (name: string) => `图片“${name}”是您意见反馈的截图，删除后运营人员将看不到它，因此不能删除`,
  tooMany: `图片库最多保存 ${PICTURE_LIMITS.maxPerUser} 张图片，请先删除不用的图片`,
  full: `图片库空间已满（${PICTURE_LIMITS.maxTotalBytes / 1024 / 1024 / 1024} GB），请先删除不用的图片`,
} as const;

const tagSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, '标签不能为空')
      .max(PICTURE_LIMITS.maxTagChars, `每个标签不能超过 ${PICTURE_LIMITS.maxTagChars} 个字`),
  );

/** Tags as an array, or one string separated by commas (the upload form sends that). */
export const pictureTagsSchema = z
  .union([z.array(plainText()), plainText()])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[,，;；、\n]/)))
  .transform((list) => [...new Set(list.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean))])
  .pipe(z.array(tagSchema).max(PICTURE_LIMITS.maxTags, `标签最多 ${PICTURE_LIMITS.maxTags} 个`));

export const pictureNameSchema = plainText()
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    plainText()
      .min(1, '图片名称不能为空')
      .max(PICTURE_LIMITS.maxNameChars, `图片名称不能超过 ${PICTURE_LIMITS.maxNameChars} 个字`),
  );

export const pictureItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  type: z.enum(PICTURE_TYPES),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Authenticated URL of the original. */
  url: z.string(),
  /** A small PNG for lists (PNG, JPEG and SVG get one; GIF and WebP show the original scaled by CSS). */
  thumbUrl: z.string(),
  createTime: z.string(),
});
export type PictureItem = z.infer<typeof pictureItemSchema>;

export const pictureListQuerySchema = pageQuerySchema.extend({
  keyword: plainText().max(100, '搜索关键词不能超过 100 个字').optional(),
  tag: plainText().max(PICTURE_LIMITS.maxTagChars).optional(),
});
export type PictureListQuery = z.infer<typeof pictureListQuerySchema>;

export const pictureUpdateSchema = z.object({
  id: idSchema,
  name: pictureNameSchema.optional(),
  tags: pictureTagsSchema.optional(),
});
export type PictureUpdateInput = z.infer<typeof pictureUpdateSchema>;

export const pictureRemoveSchema = z
  .object({
    id: idSchema.optional(),
    ids: z.array(idSchema).max(100, '一次最多删除 100 张图片').optional(),
  })
  .refine((v) => Boolean(v.id) || Boolean(v.ids?.length), { message: '请选择要删除的图片', path: ['id'] });
export type PictureRemoveInput = z.infer<typeof pictureRemoveSchema>;
export const pictureRemovedSchema = z.object({ removed: z.number() });

export const pictureTagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export type PictureTagCount = z.infer<typeof pictureTagCountSchema>;

/** The path parameter of a picture's file or thumbnail (`<img src>` paths, so no body to carry it). */
export const pictureFileParamsSchema = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, '图片编号不正确'),
});

/** An operator reaches a user's screenshot only through the feedback it is attached to. */
export const feedbackImageParamsSchema = z.object({
  feedbackId: z.string().regex(/^[\w-]{1,64}$/, '反馈编号不正确'),
  pictureId: z.string().regex(/^[\w-]{1,64}$/, '截图编号不正确'),
});
