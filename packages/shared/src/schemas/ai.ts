import { z } from 'zod';
import { longText } from './text.ts';
import { idSchema } from './common.ts';

/**
 * AI calls (SPEC section 7, API.md). Chapter writing answers SSE when the request carries
 * `Accept: text/event-stream` (events `delta` {text}, `done` {chapter}, `error` {code, msg}),
 * otherwise the final JSON.
 */

export const MODEL_TIERS = ['standard', 'premium'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];

/** Which engine wrote something: the offline rule/template engine or a model. */
export const AI_ENGINES = ['offline', 'openai'] as const;
export type AiEngineName = (typeof AI_ENGINES)[number];
export const AI_ENGINE_LABELS: Record<AiEngineName, string> = {
  offline: '离线草稿',
  openai: 'AI 模型',
};

/**
 * A rough figure of characters per page (the default template prints about 714 of body text).
 * Word budgets do not use it: they come from the page model measured per template with
 * LibreOffice (server ai/pages, bench/pages/measure.ts), structure pages subtracted.
 */
export const CHARS_PER_PAGE = 700;
/** Page count used when a bid names none. */
export const DEFAULT_PAGE_COUNT = 60;
export const MAX_PAGE_COUNT = 2000;
/** A chapter answer below floor × budget gets one continuation pass; above cap × budget one trim. */
export const WORD_FLOOR_RATIO = 0.6;
export const WORD_CAP_RATIO = 1.6;
/** One model answer stays within this many characters (longer chapters are split into children). */
export const MAX_WORDS_PER_CALL = 3000;

export const aiGetBidCatalogSchema = z.object({
  bidId: idSchema,
  pageCount: z.coerce
    .number()
    .int('页数必须是整数')
    .min(1, '页数至少为 1')
    .max(MAX_PAGE_COUNT, `页数不能超过 ${MAX_PAGE_COUNT}`)
    .optional(),
});
export const aiGetBidCatalogChildSchema = z.object({ catalogId: idSchema });

export const aiGetBidContentSchema = z.object({
  catalogId: idSchema,
  requirement: longText().max(2000, '写作要求不能超过 2000 字').optional(),
});

export const CUSTOMIZE_ACTIONS = ['rewrite', 'expand', 'shorten', 'polish', 'continue', 'custom'] as const;
export type CustomizeAction = (typeof CUSTOMIZE_ACTIONS)[number];
export const CUSTOMIZE_ACTION_LABELS: Record<CustomizeAction, string> = {
  rewrite: '改写',
  expand: '扩写',
  shorten: '缩写',
  polish: '润色',
  continue: '续写',
  custom: '自定义指令',
};

export const aiGenerateCustomizeContentSchema = z
  .object({
    catalogId: idSchema,
    action: z.enum(CUSTOMIZE_ACTIONS, { message: '操作类型不正确' }),
    selection: longText().max(20_000, '选中的文字不能超过 2 万字'),
    instruction: longText().max(2000, '指令不能超过 2000 字').optional(),
  })
  .refine((v) => v.action === 'continue' || v.selection.trim().length > 0, {
    message: '请先选中要处理的文字',
    path: ['selection'],
  })
  .refine((v) => v.action !== 'custom' || Boolean(v.instruction?.trim()), {
    message: '请填写自定义指令',
    path: ['instruction'],
  });
export type AiGenerateCustomizeContentInput = z.infer<typeof aiGenerateCustomizeContentSchema>;

/** The replacement for exactly the selection: Markdown (and plain text for simple editors). */
export const customizeResultSchema = z.object({
  text: z.string(),
  markdown: z.string(),
  engine: z.enum(AI_ENGINES),
});
export type CustomizeResult = z.infer<typeof customizeResultSchema>;

/** Analyse a bid's tender and keep the result (`refresh`: analyse again even if one is stored). */
export const analyzeBidSchema = z.object({ bidId: idSchema, refresh: z.boolean().optional() });

export const aiGetExpandRangeSchema = z.object({ bidId: idSchema, overwrite: z.boolean().optional() });
export const bidIdBodySchema = z.object({ bidId: idSchema });
export const bidIdQuerySchema = z.object({ bidId: idSchema });

/** The `delta` and `error` events of a streamed generation (`done` carries the endpoint's answer). */
export const streamDeltaSchema = z.object({ text: z.string() });
export const streamErrorSchema = z.object({ code: z.number(), msg: z.string() });

/** `failed`: chapters whose writing failed (of the running job, else chapters left in error). */
export const isWritingSchema = z.object({
  writing: z.boolean(),
  done: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  jobId: z.string().nullable(),
});
export type IsWriting = z.infer<typeof isWritingSchema>;

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const CHAPTER_STATUSES = ['empty', 'writing', 'done', 'error'] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];

/** Events of GET /api/ai/client/writingEvents (SSE; `id` = `<jobId>:<seq>`, resume with Last-Event-ID). */
export type WritingEvent =
  | {
      type: 'job';
      jobId: string;
      status: JobStatus;
      done: number;
      failed: number;
      total: number;
      msg?: string;
    }
  | {
      type: 'chapter';
      jobId: string;
      catalogId: string;
      title: string;
      status: ChapterStatus;
      engine?: AiEngineName;
      words?: number;
      msg?: string;
    }
  /** Live text of a chapter being written (not replayed on reconnect). */
  | { type: 'delta'; jobId: string; catalogId: string; text: string };

/** A chapter's state in the events of a full-text job (job chapters also pass through pending and skipped). */
export const JOB_CHAPTER_STATUSES = [...CHAPTER_STATUSES, 'pending', 'skipped'] as const;
const jobChapterStatusSchema = z.enum(JOB_CHAPTER_STATUSES);
/** What the writing-events stream sends (`snapshot` first, then WritingEvent data), as the client reads it. */
export const writingSnapshotSchema = z.object({
  jobId: z.string().nullable(),
  status: z.enum(JOB_STATUSES).nullable(),
  done: z.number().optional(),
  total: z.number().optional(),
  chapters: z
    .array(
      z.object({
        catalogId: z.string(),
        status: jobChapterStatusSchema,
        engine: z.string().nullish(),
        msg: z.string().nullish(),
      }),
    )
    .optional(),
});
export const writingJobEventSchema = z.object({
  jobId: z.string().optional(),
  status: z.enum(JOB_STATUSES),
  done: z.number(),
  failed: z.number().optional(),
  total: z.number(),
  msg: z.string().nullish(),
});
export const writingChapterEventSchema = z.object({
  catalogId: z.string(),
  title: z.string().optional(),
  status: jobChapterStatusSchema,
  engine: z.string().nullish(),
  msg: z.string().nullish(),
});
export const writingDeltaEventSchema = z.object({ catalogId: z.string(), text: z.string() });

/** SSE events of a streamed chapter write. */
export type ChapterStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { chapter: unknown } }
  | { event: 'error'; data: { code: number; msg: string } };

/** Per chapter: who wrote the current content (the badge in the outline and editor). */
export const chapterEngineSchema = z.object({
  catalogId: z.string(),
  engine: z.enum(AI_ENGINES),
  model: z.string().nullable(),
  at: z.string(),
});
export type ChapterEngine = z.infer<typeof chapterEngineSchema>;

export const AI_MESSAGES = {
  tierDisabled: (tier: ModelTier) =>
    `${tier === 'premium' ? '高级' : '标准'}模型已停用，请选择其他模型或联系客服`,
  jobRunning: '全文写作正在进行中',
  noLeaf: '没有需要写作的章节',
  notWriting: '当前没有正在进行的全文写作',
  bidFinished: '标书已完成，不能再修改',
  offlineCustom:
    '离线引擎不支持改写和自定义指令（可使用扩写、续写；润色只能修正标点，缩写只能删去段末句子），请配置 AI 模型后再试',
  /** The offline 润色/缩写 found nothing it can do: say so instead of answering the selection unchanged. */
  offlineNoChange: (action: 'polish' | 'shorten') =>
    action === 'polish'
      ? '离线引擎无法润色：它只能修正标点和空格，这段文字没有需要修正的地方。请配置 AI 模型后再试'
      : '离线引擎无法缩写这段文字：它只能删去段落末尾的句子，这段文字只有一句。请配置 AI 模型后再试',
  modelFailed: 'AI 模型暂时不可用，请稍后重试',
  streamBroken: 'AI 模型连接中断，本章未写完，请重试',
  timeout: 'AI 模型响应超时，请稍后重试',
  badOutput: 'AI 模型返回的内容格式不正确，请重试',
  noOutline: '请先生成或填写大纲',
  catalogWriting: '本章正在写作中，请稍候',
} as const;
