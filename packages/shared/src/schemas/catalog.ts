import { z } from 'zod';
import { longText, plainText, textTree } from './text.ts';
import type { ChapterSource } from './knowledge.ts';
import { idSchema } from './common.ts';
import { LIMITS } from '../limits.ts';

/** Chapter states (API.md). */
export const CATALOG_STATUS = ['empty', 'writing', 'done', 'error'] as const;
export type CatalogStatus = (typeof CATALOG_STATUS)[number];

/** Where a content version came from. */
export const CONTENT_VERSION_SOURCES = ['manual', 'ai', 'restore', 'autosave-checkpoint'] as const;
export type ContentVersionSource = (typeof CONTENT_VERSION_SOURCES)[number];

/** Where an outline version came from: a save point, or automatic before a replace/restore/delete. */
export const OUTLINE_VERSION_SOURCES = ['manual', 'auto', 'restore'] as const;
export type OutlineVersionSource = (typeof OUTLINE_VERSION_SOURCES)[number];

export const DRAG_POSITIONS = ['before', 'after', 'inside'] as const;
export type DragPosition = (typeof DRAG_POSITIONS)[number];

export const CATALOG_LIMITS = {
  maxDepth: LIMITS.maxCatalogDepth,
  titleMax: 200,
  /** Chapters in one outline. */
  maxNodes: 5_000,
  /** A chapter's ProseMirror JSON, in bytes of UTF-8. */
  contentBytes: 2 * 1024 * 1024,
  requirementMax: 2_000,
  includeMax: 30,
  includeItemMax: 200,
  targetWordsMax: 200_000,
  versionNameMax: 100,
} as const;

export const CATALOG_MSG = {
  notFound: '章节不存在',
  versionNotFound: '版本不存在',
  tooDeep: `目录最多 ${CATALOG_LIMITS.maxDepth} 级，此操作会超出层级限制`,
  tooMany: `一个标书的目录最多 ${CATALOG_LIMITS.maxNodes} 个章节`,
  intoOwnSubtree: '不能把章节移动到它自己或它的下级章节中',
  differentBid: '只能在同一个标书的目录内移动章节',
  alreadyFirst: '已经是同级第一个章节，无法上移',
  alreadyLast: '已经是同级最后一个章节，无法下移',
  topLevelPromote: '一级章节无法再升级',
  noPrevSibling: '前面没有同级章节，无法降级',
  conflict: '该章节已在别处保存了新内容，请选择保留哪个版本',
  contentTooLarge: `章节内容过大，不能超过 ${CATALOG_LIMITS.contentBytes / 1024 / 1024} MB`,
  emptyContentVersion: '章节内容为空，无需保存版本',
  bidIdOrIdRequired: '请指定章节 id 或标书 bidId',
} as const;

const titleSchema = plainText({ error: '章节标题不能为空' })
  .trim()
  .min(1, '章节标题不能为空')
  .max(CATALOG_LIMITS.titleMax, `章节标题不能超过 ${CATALOG_LIMITS.titleMax} 个字`);

const targetWordsSchema = z.coerce
  .number({ error: '目标字数必须是数字' })
  .int('目标字数必须是整数')
  .min(0, '目标字数不能为负数')
  .max(CATALOG_LIMITS.targetWordsMax, `目标字数不能超过 ${CATALOG_LIMITS.targetWordsMax}`);

/** The gear of a chapter: word budget, extra requirements, what to include. */
export const catalogSettingsSchema = z.object({
  targetWords: targetWordsSchema.nullish(),
  requirement: longText()
    .max(CATALOG_LIMITS.requirementMax, `写作要求不能超过 ${CATALOG_LIMITS.requirementMax} 个字`)
    .nullish(),
  include: z
    .array(
      plainText()
        .trim()
        .min(1, '包含内容不能为空')
        .max(CATALOG_LIMITS.includeItemMax, `每项包含内容不能超过 ${CATALOG_LIMITS.includeItemMax} 个字`),
    )
    .max(CATALOG_LIMITS.includeMax, `包含内容最多 ${CATALOG_LIMITS.includeMax} 项`)
    .nullish(),
  /** 「无需正文」: a form or a table filled by hand; the chapter counts as written without text. */
  noText: z.boolean().nullish(),
});
export type CatalogSettings = z.infer<typeof catalogSettingsSchema>;

/** One chapter of an outline sent by a client or the AI: title, optional budget and scoring items, children. */
export interface CatalogInputNode {
  title: string;
  targetWords?: number | null;
  scoringItems?: unknown[] | null;
  settings?: CatalogSettings | null;
  children?: CatalogInputNode[] | null;
}

export const catalogInputNodeSchema: z.ZodType<CatalogInputNode> = z.lazy(() =>
  z.object({
    title: titleSchema,
    targetWords: targetWordsSchema.nullish(),
    scoringItems: z.array(z.unknown()).nullish(),
    settings: catalogSettingsSchema.nullish(),
    children: z.array(catalogInputNodeSchema).nullish(),
  }),
);

/** Depth and size of a raw tree, measured without recursion so a hostile nesting cannot overflow the stack. */
export function measureInputTree(value: unknown): { depth: number; count: number } {
  let depth = 0;
  let count = 0;
  const stack: Array<{ list: unknown; d: number }> = [{ list: value, d: 1 }];
  while (stack.length) {
    const { list, d } = stack.pop()!;
    if (!Array.isArray(list)) continue;
    for (const node of list) {
      count += 1;
      if (d > depth) depth = d;
      if (count > CATALOG_LIMITS.maxNodes || depth > CATALOG_LIMITS.maxDepth) return { depth, count };
      if (node && typeof node === 'object' && 'children' in node)
        stack.push({ list: (node as { children: unknown }).children, d: d + 1 });
    }
  }
  return { depth, count };
}

/** A list of chapters; depth and size are checked before the recursive parse. */
export const catalogTreeInputSchema = z
  .array(z.unknown(), { error: '目录 catalogs 必须是数组' })
  .superRefine((v, ctx) => {
    const { depth, count } = measureInputTree(v);
    if (count > CATALOG_LIMITS.maxNodes)
      ctx.addIssue({ code: 'custom', message: CATALOG_MSG.tooMany, abort: true });
    else if (depth > CATALOG_LIMITS.maxDepth)
      ctx.addIssue({ code: 'custom', message: CATALOG_MSG.tooDeep, abort: true });
  })
  .pipe(z.array(catalogInputNodeSchema));

export const catalogBidIdSchema = z.object({ bidId: idSchema });

export const bidCatalogSaveSchema = z.object({ bidId: idSchema, catalogs: catalogTreeInputSchema });
export type BidCatalogSaveInput = z.infer<typeof bidCatalogSaveSchema>;

export const bidCatalogChildSaveSchema = z.object({
  id: idSchema,
  catalogs: catalogTreeInputSchema,
  /** replace (default): the new tree replaces the chapter's children; append: added after them. */
  mode: z.enum(['replace', 'append'], { error: 'mode 只能是 replace 或 append' }).default('replace'),
});
export type BidCatalogChildSaveInput = z.infer<typeof bidCatalogChildSaveSchema>;

export const catalogIdSchema = z.object({ id: idSchema });

export const updateCatalogTitleSchema = z.object({ id: idSchema, title: titleSchema });

export const addLowerLevelSchema = z.object({ id: idSchema, title: titleSchema });
/** Without `id` (an empty outline) the chapter is appended at the top level of `bidId`. */
export const addSameLevelSchema = z
  .object({ id: idSchema.optional(), bidId: idSchema.optional(), title: titleSchema })
  .refine((v) => v.id !== undefined || v.bidId !== undefined, { message: CATALOG_MSG.bidIdOrIdRequired });

export const dragCatalogSchema = z.object({
  id: idSchema,
  targetId: idSchema,
  position: z.enum(DRAG_POSITIONS, { error: 'position 只能是 before、after 或 inside' }),
});
export type DragCatalogInput = z.infer<typeof dragCatalogSchema>;

/** ProseMirror JSON of a chapter; the server checks the structure with the document model. */
export const updateCatalogContentSchema = z.object({
  id: idSchema,
  // Every text of the document checked like a long text (a NUL would make the Word file unreadable).
  content: textTree(z.record(z.string(), z.unknown(), { error: '章节内容 content 必须是文档对象' })),
  baseVersion: z.coerce
    .number({ error: 'baseVersion 不能为空' })
    .int('baseVersion 必须是整数')
    .min(0, 'baseVersion 不能为负数'),
});
export type UpdateCatalogContentInput = z.infer<typeof updateCatalogContentSchema>;

export const updateCatalogSettingSchema = z.object({ id: idSchema, settings: catalogSettingsSchema });
export type UpdateCatalogSettingInput = z.infer<typeof updateCatalogSettingSchema>;

/** A chapter in the outline tree (getBidCatalogList); `sort` is the 1-based index among siblings. */
export interface CatalogNode {
  id: string;
  bidId: string;
  parentId: string | null;
  title: string;
  level: number;
  sort: number;
  status: CatalogStatus;
  /** Generation progress of this chapter, 0..100. */
  progress: number;
  wordCount: number;
  targetWords: number | null;
  hasContent: boolean;
  /** Words of the chapter's own text: placeholders, notices and text repeated from the tender left out. */
  ownWords: number;
  /** Own words it needs to count as written (the bid's share of its target). */
  wordsNeeded: number;
  /** Counts toward the bid's progress: own text reached `wordsNeeded`, or marked 无需正文. */
  written: boolean;
  version: number;
  settings: CatalogSettings;
  /** Scoring items this chapter answers (filled by the AI outline step). */
  scoringItems: unknown[] | null;
  /** Which engine wrote the content last (filled by the AI step). */
  engine: string | null;
  updateTime: string;
  children: CatalogNode[];
}

export interface CatalogDetail extends Omit<CatalogNode, 'children' | 'sort'> {
  /** ProseMirror JSON (`{ type: 'doc', ... }`). */
  content: Record<string, unknown>;
  bidStatus: 'writing' | 'finished';
  readOnly: boolean;
  /** The knowledge passages the last AI write of this chapter used (empty when none). */
  sources: ChapterSource[];
}

export interface CatalogStatusItem {
  id: string;
  status: CatalogStatus;
  progress: number;
}

/** 409 data of a stale content save: what the server holds now. */
export interface ContentConflictData {
  version: number;
  content: Record<string, unknown>;
  updateTime: string;
}

export interface UpdateContentResult {
  version: number;
  wordCount: number;
  status: CatalogStatus;
  /** Progress of the whole bid after this save. */
  bidProgress: number;
}

// ---- outline versions (under /bid/client/) ----

export const catalogVersionListSchema = z.object({ bidId: idSchema });
export const catalogVersionIdSchema = z.object({ id: idSchema });
export const saveCatalogVersionSchema = z.object({
  bidId: idSchema,
  name: plainText()
    .trim()
    .max(CATALOG_LIMITS.versionNameMax, `版本名称不能超过 ${CATALOG_LIMITS.versionNameMax} 个字`)
    .nullish(),
});

export interface CatalogVersionItem {
  id: string;
  bidId: string;
  name: string;
  source: OutlineVersionSource;
  chapterCount: number;
  createTime: string;
}

/** A chapter inside an outline version (content is kept but not sent in the detail). */
export interface CatalogVersionNode {
  id: string;
  title: string;
  level: number;
  targetWords: number | null;
  wordCount: number;
  hasContent: boolean;
  children: CatalogVersionNode[];
}

export interface CatalogVersionDetail extends CatalogVersionItem {
  catalogs: CatalogVersionNode[];
}

// ---- content versions of one chapter (under /catalog/client/) ----

export const saveContentVersionSchema = z.object({
  id: idSchema,
  name: plainText()
    .trim()
    .max(CATALOG_LIMITS.versionNameMax, `版本名称不能超过 ${CATALOG_LIMITS.versionNameMax} 个字`)
    .nullish(),
});
export const contentVersionRefSchema = z.object({
  id: idSchema,
  versionId: idSchema,
  /** When given, a restore over newer unsaved-here content answers 409 like a content save. */
  baseVersion: z.coerce.number().int().min(0).optional(),
});

export interface ContentVersionItem {
  id: string;
  catalogId: string;
  versionNo: number;
  name: string;
  source: ContentVersionSource;
  engine: string | null;
  wordCount: number;
  createTime: string;
}

export interface ContentVersionDetail extends ContentVersionItem {
  content: Record<string, unknown>;
}
