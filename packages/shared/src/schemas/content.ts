import { z } from 'zod';
import { longText, plainText } from './text.ts';
import { idSchema } from './common.ts';
import { CONTENT_KINDS, type ContentKind } from './contentKinds.ts';

// ---- Public content (help, FAQ, news) and notices, managed in the operators' console ----

export { CONTENT_KINDS, contentHref, type ContentKind } from './contentKinds.ts';
export const contentKindSchema = z.enum(CONTENT_KINDS, { message: '内容类型只能是 help、question 或 news' });

export const CONTENT_KIND_LABEL: Record<ContentKind, string> = {
  help: '帮助',
  question: '常见问题',
  news: '动态',
};

export const CONTENT_LIMITS = {
  code: 64,
  title: 100,
  summary: 200,
  category: 20,
  body: 50_000,
  query: 50,
} as const;

const codeSchema = z
  .string()
  .trim()
  .min(1, '编码不能为空')
  .max(CONTENT_LIMITS.code, `编码不能超过 ${CONTENT_LIMITS.code} 个字符`)
  .regex(/^[a-z0-9-]+$/, '编码只能包含小写字母、数字和连字符');

/** GET content/client/list */
export const contentListQuerySchema = z.object({ kind: contentKindSchema });
export const contentListItemSchema = z.object({
  id: z.string(),
  kind: contentKindSchema,
  code: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type ContentListItem = z.infer<typeof contentListItemSchema>;

/** GET content/client/detail: by code (or id); unknown or unpublished -> 404. */
export const contentDetailQuerySchema = z.object({
  kind: contentKindSchema,
  code: plainText().trim().min(1, '编码不能为空').max(CONTENT_LIMITS.code, '编码格式不正确'),
});
export const contentDetailSchema = contentListItemSchema.extend({
  /** Rendered on the server from the Markdown body by the one safe renderer (no raw HTML). */
  html: z.string(),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

/** GET content/client/search: every keyword (split on spaces) must occur in the title, summary or body. */
export const contentSearchQuerySchema = z.object({
  q: plainText().trim().max(CONTENT_LIMITS.query, `搜索词不能超过 ${CONTENT_LIMITS.query} 个字符`),
});
/** [start, end) offsets into the string they belong to. */
const rangesSchema = z.array(z.tuple([z.number().int(), z.number().int()]));
export const contentSearchHitSchema = z.object({
  id: z.string(),
  kind: contentKindSchema,
  code: z.string(),
  href: z.string(),
  title: z.string(),
  titleHighlights: rangesSchema,
  snippet: z.string(),
  snippetHighlights: rangesSchema,
});
export type ContentSearchHit = z.infer<typeof contentSearchHitSchema>;

/** POST admin/content/save (API.md): create without id, update with it. */
export const saveContentSchema = z.object({
  id: idSchema.optional(),
  kind: contentKindSchema,
  code: codeSchema.optional(),
  title: plainText()
    .trim()
    .min(1, '标题不能为空')
    .max(CONTENT_LIMITS.title, `标题不能超过 ${CONTENT_LIMITS.title} 个字`),
  summary: longText()
    .trim()
    .max(CONTENT_LIMITS.summary, `摘要不能超过 ${CONTENT_LIMITS.summary} 个字`)
    .optional(),
  category: plainText()
    .trim()
    .max(CONTENT_LIMITS.category, `分类不能超过 ${CONTENT_LIMITS.category} 个字`)
    .optional(),
  body: longText()
    .min(1, '正文不能为空')
    .max(CONTENT_LIMITS.body, `正文不能超过 ${CONTENT_LIMITS.body} 个字符`),
  published: z.boolean(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type SaveContent = z.input<typeof saveContentSchema>;
export const savedContentSchema = z.object({ id: z.string(), code: z.string() });

/** GET admin/content/list: every item of a kind, published or not. */
export const adminContentListQuerySchema = z.object({ kind: contentKindSchema });
export const adminContentItemSchema = contentListItemSchema.extend({
  body: z.string(),
  published: z.boolean(),
  sort: z.number(),
});
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;

export const contentPublishSchema = z.object({ id: idSchema, published: z.boolean() });

// ---- Notices: the banner (head) and release notes (update) ----

export const noticeKindSchema = z.enum(['head', 'update'], { message: '公告类型只能是 head 或 update' });
export const noticeLevelSchema = z.enum(['info', 'warning', 'success', 'error'], { message: '级别不正确' });
const isoOrNull = plainText()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), '时间格式不正确')
  .nullable()
  .optional();
export const saveNoticeSchema = z.object({
  id: idSchema.optional(),
  kind: noticeKindSchema,
  title: plainText().trim().min(1, '标题不能为空').max(100, '标题不能超过 100 个字'),
  content: longText().trim().min(1, '内容不能为空').max(2000, '内容不能超过 2000 个字'),
  link: plainText()
    .trim()
    .max(500, '链接过长')
    .regex(/^(https?:\/\/|\/(?!\/))/, '链接须以 http(s):// 或 / 开头')
    .nullable()
    .optional(),
  version: plainText().trim().max(30, '版本号不能超过 30 个字符').nullable().optional(),
  level: noticeLevelSchema.default('info'),
  published: z.boolean(),
  startAt: isoOrNull,
  endAt: isoOrNull,
});
export type SaveNotice = z.input<typeof saveNoticeSchema>;
export const adminNoticeItemSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  version: z.string().nullable(),
  level: noticeLevelSchema,
  published: z.boolean(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** How many users closed it. */
  closedCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNoticeItem = z.infer<typeof adminNoticeItemSchema>;
export const noticePublishSchema = z.object({ id: idSchema, published: z.boolean() });
