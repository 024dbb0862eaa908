import { z } from 'zod';

/** Tender uploads (POST /api/file/client/uploadTender, multipart field `file`). */
export const TENDER_FILE_KINDS = ['pdf', 'docx', 'doc', 'txt'] as const;
export type TenderFileKind = (typeof TENDER_FILE_KINDS)[number];

/**
 * Why a PDF page was read by OCR: it is a scan (no text layer, or only a stamped page number), or
 * its text layer is garbled (fonts without a Unicode map give 「�」 or unrelated characters). The
 * screen names both, since a writer who sees 「扫描件」 for a page of typed text would think the
 * file was mis-read.
 */
export const OCR_REASONS = ['scanned', 'garbled'] as const;
export type OcrReason = (typeof OCR_REASONS)[number];
export const ocrPageReasonSchema = z.object({ page: z.number().int(), reason: z.enum(OCR_REASONS) });
export type OcrPageReason = z.infer<typeof ocrPageReasonSchema>;

/** What the upload answers: enough to show the user what was read before creating the bid. */
export const uploadedFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  kind: z.enum(TENDER_FILE_KINDS),
  size: z.number().int(),
  /** Pages of a PDF; null for formats without pages. */
  pages: z.number().int().nullable(),
  chars: z.number().int(),
  /** The first characters of the extracted text. */
  preview: z.string(),
  /** Headings found (DOCX outline levels with their numbering). */
  headings: z.array(z.object({ level: z.number().int(), text: z.string() })),
  /** PDF pages read by OCR (scanned, or a text layer without a Unicode map). */
  ocrPages: z.array(z.number().int()).optional(),
  /** Why each page of `ocrPages` was read by OCR, in the same order. */
  ocrReasons: z.array(ocrPageReasonSchema).optional(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * OCR progress of an upload still being read (POST /api/file/client/uploadProgress): the client
 * names its upload with a `progress` multipart field sent before the file.
 */
export const UPLOAD_TOKEN = /^[\w-]{8,64}$/;
export const uploadProgressSchema = z.object({ token: z.string().regex(UPLOAD_TOKEN) });
export const uploadProgressResultSchema = z
  .object({
    ocrPages: z.array(z.number().int()),
    /** Why each page of `ocrPages` is read by OCR, in the same order. */
    ocrReasons: z.array(ocrPageReasonSchema),
    done: z.number().int(),
    total: z.number().int(),
  })
  .nullable();
export type UploadProgress = z.infer<typeof uploadProgressResultSchema>;

/** Limits of tender parsing (upload size itself: config UPLOAD_LIMIT). */
export const FILE_LIMITS = {
  /** Characters shown back as a preview. */
  previewChars: 600,
  /** A PDF with more pages is refused. */
  maxPdfPages: 2000,
  /** A DOCX unpacking to more than this is refused (zip bomb guard). */
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxZipEntries: 5_000,
  /** Longest time one file may take to parse. */
  parseTimeoutMs: 60_000,
  /** Heap of the parsing worker. */
  parseHeapMb: 512,
  /** Characters of text kept from one file. */
  maxTextChars: 3_000_000,
} as const;

export const FILE_MESSAGES = {
  noFile: '请选择要上传的文件（字段 file）',
  tooLarge: (mb: number) => `文件过大，不能超过 ${mb} MB`,
  unsupported: '不支持的文件类型，请上传 PDF、Word（DOCX/DOC）或 TXT 文件',
  binaryText: '文件内容不是文本，请确认文件格式（支持 PDF、DOCX、DOC、TXT）',
  pdfBroken: 'PDF 文件已损坏或格式不正确，无法读取',
  pdfEncrypted: 'PDF 文件已加密，请先解除密码保护后再上传',
  pdfTooManyPages: (max: number) => `PDF 页数超过 ${max} 页，请拆分后上传`,
  pdfNoText: '未能从 PDF 中读取到文字（可能是扫描件），请上传 Word 版本或直接粘贴文字',
  /** Which pages OCR reads and why, one clause per reason, joined by 「，」 (web: features/files/upload.ts). */
  ocrPagesWhy: {
    scanned: (ranges: string) => `第 ${ranges} 页为扫描件`,
    garbled: (ranges: string) => `第 ${ranges} 页文字层无法识别（乱码）`,
  } satisfies Record<OcrReason, (ranges: string) => string>,
  /** Shown while pages are read: 「第 3–19 页为扫描件，正在识别文字（5/17）」. */
  ocrRunning: (why: string, done: number, total: number) => `${why}，正在识别文字（${done}/${total}）`,
  /** Shown with the uploaded file: 「第 3、5 页文字层无法识别（乱码），已用 OCR 识别」. */
  ocrDone: (why: string) => `${why}，已用 OCR 识别`,
  docxBroken: 'Word 文件已损坏或格式不正确，无法读取',
  docxBomb: 'Word 文件解压后过大或包含的条目过多，已拒绝处理',
  docBroken: 'DOC 文件已损坏或格式不正确，无法读取',
  emptyText: '文件中没有可读取的文字',
  timeout: '文件解析超时，请拆分文件或直接粘贴文字',
  memory: '文件过于复杂，解析时超出内存限制，请拆分文件或直接粘贴文字',
  pdfBomb: 'PDF 文件解压后过大，已拒绝处理',
  notFound: '文件不存在',
  cancelled: '上传已取消',
} as const;

/** `GET file/client/pageImage/:id/:page`: a page of an upload that was read by OCR. */
export const filePageImageParamsSchema = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, '文件编号不正确'),
  page: z.string().regex(/^[1-9]\d{0,4}$/, '页码不正确'),
});
