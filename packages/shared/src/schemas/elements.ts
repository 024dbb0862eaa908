import { z } from 'zod';
import { longText } from './text.ts';
import { idSchema } from './common.ts';

/**
 * Rich elements for a chapter (SPEC section 1 and 7): aiGenerateTable, aiGenerateMindMap,
 * aiGenerateFlowchart, aiGenerateGantt, aiSearchImages — POST /api/ai/client/<name>, 60 s each.
 * The diagram models themselves are defined (and validated) in @bid/document's diagrams.
 */
export const ELEMENT_KINDS = ['table', 'mindmap', 'flowchart', 'gantt'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];
export const ELEMENT_LABELS: Record<ElementKind | 'images', string> = {
  table: '表格',
  mindmap: '思维导图',
  flowchart: '流程图',
  gantt: '甘特图',
  images: '配图',
};

export const ELEMENT_LIMITS = {
  instructionChars: 500,
  /** Largest table the generator returns. */
  tableRows: 40,
  tableCols: 8,
  cellChars: 300,
  imageResults: 24,
} as const;

export const elementRequestSchema = z.object({
  catalogId: idSchema,
  instruction: longText()
    .max(ELEMENT_LIMITS.instructionChars, `补充要求不能超过 ${ELEMENT_LIMITS.instructionChars} 个字`)
    .optional(),
  /**
   * True when the element replaces one already in the chapter (重新生成): the chapter's current
   * content is kept as a content version first, so the old element can be restored.
   */
  replace: z.boolean().optional(),
});
export type ElementRequest = z.infer<typeof elementRequestSchema>;

const pmNodeLike = z.object({
  type: z.string(),
  attrs: z.record(z.string(), z.unknown()).optional(),
  content: z.array(z.unknown()).optional(),
});

/** What each generate call answers: one document node ready to insert at the cursor. */
export const elementResultSchema = z.object({
  kind: z.enum(ELEMENT_KINDS),
  /** A `table` node (with tableRow/tableHeader/tableCell) or a `diagram` node {kind, model, caption}. */
  node: pmNodeLike,
  caption: z.string(),
  engine: z.enum(['offline', 'openai']),
  /** Shown to the user when the result is a fallback (e.g. the model's answer was unusable). */
  notice: z.string().nullable(),
  /** The content version that holds the chapter as it was before a replace. */
  versionId: z.string().nullable(),
});
export type ElementResult = z.infer<typeof elementResultSchema>;

export const IMAGE_SOURCES = ['library', 'knowledge', 'web'] as const;
export type ImageSourceName = (typeof IMAGE_SOURCES)[number];
export const IMAGE_SOURCE_LABELS: Record<ImageSourceName, string> = {
  library: '图片库',
  knowledge: '知识库',
  web: '网络图片',
};

export const imageResultSchema = z.object({
  id: z.string(),
  source: z.enum(IMAGE_SOURCES),
  title: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  tags: z.array(z.string()),
  /** Higher is a better match for the chapter. */
  score: z.number(),
});
export type ImageResult = z.infer<typeof imageResultSchema>;

export const imageSearchResultSchema = z.object({
  keywords: z.array(z.string()),
  images: z.array(imageResultSchema),
  engine: z.enum(['offline', 'openai']),
  /** e.g. "图片库中没有匹配的图片，可先上传" when nothing matched. */
  notice: z.string().nullable(),
});
export type ImageSearchResult = z.infer<typeof imageSearchResultSchema>;

export const ELEMENT_MSG = {
  badModelOutput: (label: string) => `AI 返回的${label}数据无法识别，已改用离线引擎生成，请检查后使用`,
  emptyChapter: '本章还没有内容，已根据章节标题生成，建议先写正文再生成',
  noImages: '图片库中没有与本章匹配的图片，可先在“图片库”上传并添加标签',
  timeout: (label: string) => `生成${label}超时（60 秒），请稍后重试`,
} as const;
