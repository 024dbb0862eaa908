import { z } from 'zod';
import { plainText } from './text.ts';
import { idSchema } from './common.ts';

/**
 * Word export (SPEC sections 1 and 7): the templates of findAllTemplate, the direct exportBid call
 * and the background export with progress (exportBidStart / exportBidProgress / exportBidFile).
 */

export const EXPORT_MSG = {
  templateNotFound: '导出模板不存在',
  jobNotFound: '导出任务不存在或已过期',
  notReady: '文件尚未生成完毕，请稍后再下载',
  failed: '导出失败，请稍后重试',
  timeout: '导出超时，请稍后重试或减少文档内容后再试',
  busy: '导出任务过多，请稍后再试',
  empty: '标书还没有目录，无法导出',
  foregroundOnly: '分册及 PDF 请直接导出（exportBid），后台导出只生成 Word 文件',
  noVolumes: '招标文件未要求分册，请直接导出 Word',
  emptyVolume: (name: string) => `分册“${name}”没有对应的章节，请检查目录`,
  leak: (text: string, n: number) => `暗标分册存在 ${n} 处身份信息泄露，无法导出：${text}`,
  pdfFailed: (name: string) => `分册“${name}”转换 PDF 失败，请稍后重试`,
  noPdf: '服务器未安装 LibreOffice，无法导出 PDF，请导出 Word 后自行转换',
} as const;

export const EXPORT_LIMITS = {
  /** Server-side limit of one export (the client waits up to 720 s for exportBid). */
  timeoutMs: 600_000,
  /** How long a finished background export can be downloaded. */
  fileTtlMs: 60 * 60 * 1000,
  /** Background exports one user may have running at once. */
  perUserRunning: 2,
} as const;

/** Template ids are strings; a number from a lenient client is accepted as its string. */
const templateIdSchema = z
  .union([plainText(), z.number().int()], { error: '导出模板编号格式不正确' })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, '请选择导出模板').max(64, '导出模板编号格式不正确'));

/** `templateId` may be left out: the bid's own template, else the default one. */
/** Volume keys of exportBid: 明标 is `open`, 暗标 `dark`; the rest name the part they gather. */
export const EXPORT_VOLUME_KEYS = [
  'qualification',
  'business',
  'technical',
  'price',
  'dark',
  'open',
] as const;
export type ExportVolumeKey = (typeof EXPORT_VOLUME_KEYS)[number];

export const exportBidSchema = z.object({
  id: idSchema,
  templateId: templateIdSchema.nullish(),
  /**
   * The tender's volumes to export, each its own file in one zip (empty: all of them); absent: the
   * bid as one file.
   */
  volumes: z
    .array(z.enum(EXPORT_VOLUME_KEYS, { error: '分册类型不正确' }))
    .max(6)
    .optional(),
  /** pdf: through LibreOffice on the server (exportCapabilities says whether it is installed). */
  format: z.enum(['docx', 'pdf'], { error: '导出格式不正确' }).default('docx'),
});
export type ExportBidInput = z.infer<typeof exportBidSchema>;

/** What this server can export besides Word: PDF needs LibreOffice (soffice) on the server. */
export const exportCapabilitiesSchema = z.object({ pdf: z.boolean() });
export type ExportCapabilities = z.infer<typeof exportCapabilitiesSchema>;

export const exportJobQuerySchema = z.object({
  jobId: plainText({ error: '导出任务编号不能为空' })
    .trim()
    .min(1, '导出任务编号不能为空')
    .max(64, '导出任务编号格式不正确'),
});
export type ExportJobQuery = z.infer<typeof exportJobQuerySchema>;

export const EXPORT_JOB_STATUS = ['queued', 'running', 'done', 'error'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUS)[number];

export interface ExportJobStarted {
  jobId: string;
}

export interface ExportJobProgress {
  jobId: string;
  status: ExportJobStatus;
  /** 0…100. */
  progress: number;
  /** 正在排版 / 正在打包 ... */
  stage: string;
  /** Failure reason when status is error. */
  message: string | null;
  fileName: string;
  /** Bytes of the finished file. */
  size: number | null;
}

/**
 * A template as findAllTemplate answers it. `definition` is the full template (see
 * @bid/document templates/schema.ts for its type); the web app draws its preview from it.
 */
export interface ExportTemplateItem {
  id: string;
  name: string;
  description: string;
  sort: number;
  isDefault: boolean;
  definition: Record<string, unknown>;
}
