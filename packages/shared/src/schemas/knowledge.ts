import { z } from 'zod';
import { longText, plainText } from './text.ts';
import { idSchema } from './common.ts';

/**
 * Knowledge base (/home/knowledgeBase): documents split into passages and searched offline (BM25
 * over Chinese words and bigrams), and the company library of structured facts (资质, 人员, 业绩...).
 * A library belongs to a tenant: employees share their company's, a personal user has their own.
 */
export const KNOWLEDGE_LIMITS = {
  maxFolderChars: 50,
  maxTags: 10,
  maxTagChars: 20,
  maxQueryChars: 200,
  maxSearchSize: 50,
  /** Characters of one passage (longer sections are cut at sentence ends). */
  passageChars: 800,
  maxDocumentsPerLibrary: 2000,
  maxFactsPerLibrary: 2000,
} as const;

export const KNOWLEDGE_MSG = {
  notFound: '文档不存在或已删除',
  factNotFound: '资料卡片不存在或已删除',
  publicOnlyOperators: '只有运营人员可以向公共知识库添加文档',
  emptyText: '该文件没有可检索的文字（扫描件或图片），已保存但无法检索',
  tooMany: `知识库最多保存 ${KNOWLEDGE_LIMITS.maxDocumentsPerLibrary} 篇文档，请先删除不再需要的文档`,
  tooManyFacts: `资料库最多保存 ${KNOWLEDGE_LIMITS.maxFactsPerLibrary} 张卡片`,
  emptyQuery: '请输入要搜索的内容',
  certificateType: '请上传证书的图片（PNG、JPG）或 PDF 扫描件',
  certificateTooBig: '图片像素过多，请缩小后再上传',
  certificateUnread: '未能从扫描件中识别出文字，请上传更清晰的图片，或直接填写',
} as const;

export const KNOWLEDGE_LIBRARIES = ['private', 'public'] as const;
export type KnowledgeLibrary = (typeof KNOWLEDGE_LIBRARIES)[number];

const tagSchema = plainText()
  .trim()
  .min(1, '标签不能为空')
  .max(KNOWLEDGE_LIMITS.maxTagChars, `标签不能超过 ${KNOWLEDGE_LIMITS.maxTagChars} 个字`);

export const saveDocumentSchema = z.object({
  fileId: idSchema,
  library: z.enum(KNOWLEDGE_LIBRARIES, { error: 'library 只能是 private 或 public' }).default('private'),
  folder: plainText()
    .trim()
    .max(KNOWLEDGE_LIMITS.maxFolderChars, `文件夹名称不能超过 ${KNOWLEDGE_LIMITS.maxFolderChars} 个字`)
    .optional()
    .nullable(),
  tags: z
    .array(tagSchema)
    .max(KNOWLEDGE_LIMITS.maxTags, `标签不能超过 ${KNOWLEDGE_LIMITS.maxTags} 个`)
    .optional(),
});
export type SaveDocumentInput = z.infer<typeof saveDocumentSchema>;

export const knowledgeListSchema = z.object({
  library: z.enum(KNOWLEDGE_LIBRARIES, { error: 'library 只能是 private 或 public' }).default('private'),
  folder: plainText().trim().max(KNOWLEDGE_LIMITS.maxFolderChars).optional().nullable(),
  tag: plainText().trim().max(KNOWLEDGE_LIMITS.maxTagChars).optional().nullable(),
});
export type KnowledgeListInput = z.infer<typeof knowledgeListSchema>;

export const knowledgeDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  library: z.enum(KNOWLEDGE_LIBRARIES),
  folder: z.string().nullable(),
  tags: z.array(z.string()),
  kind: z.string(),
  chars: z.number(),
  passages: z.number(),
  /** Whether the caller may remove it (public documents: operators only). */
  removable: z.boolean(),
  createTime: z.string(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

export const knowledgeListResultSchema = z.object({
  documents: z.array(knowledgeDocumentSchema),
  folders: z.array(z.object({ name: z.string(), count: z.number() })),
  tags: z.array(z.object({ name: z.string(), count: z.number() })),
  /** Whether the caller curates the public library. */
  operator: z.boolean(),
});
export type KnowledgeListResult = z.infer<typeof knowledgeListResultSchema>;

export const knowledgeDetailSchema = knowledgeDocumentSchema.extend({
  passages: z.number(),
  items: z.array(z.object({ id: z.string(), heading: z.string().nullable(), text: z.string() })),
});
export type KnowledgeDetail = z.infer<typeof knowledgeDetailSchema>;

export const knowledgeSearchSchema = z.object({
  query: plainText()
    .trim()
    .min(1, KNOWLEDGE_MSG.emptyQuery)
    .max(KNOWLEDGE_LIMITS.maxQueryChars, `搜索内容不能超过 ${KNOWLEDGE_LIMITS.maxQueryChars} 个字`),
  library: z
    .enum(['private', 'public', 'all'], { error: 'library 只能是 private、public 或 all' })
    .default('all'),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(KNOWLEDGE_LIMITS.maxSearchSize, `size 不能超过 ${KNOWLEDGE_LIMITS.maxSearchSize}`)
    .default(10),
});
export type KnowledgeSearchInput = z.infer<typeof knowledgeSearchSchema>;

export const knowledgeHitSchema = z.object({
  documentId: z.string(),
  documentName: z.string(),
  passageId: z.string(),
  text: z.string(),
  /** [start, end) offsets into `text` of the matched words. */
  highlights: z.array(z.tuple([z.number(), z.number()])),
  score: z.number(),
});
export type KnowledgeHit = z.infer<typeof knowledgeHitSchema>;

/** What the last AI write of a chapter used (getBidCatalogDetail.sources). */
export const chapterSourceSchema = z.object({
  documentId: z.string(),
  documentName: z.string(),
  passageId: z.string(),
  text: z.string(),
});
export type ChapterSource = z.infer<typeof chapterSourceSchema>;

// ---- company library ----

export const FACT_KINDS = ['qualification', 'person', 'project', 'finance', 'other'] as const;
export type FactKind = (typeof FACT_KINDS)[number];
export const FACT_KIND_LABEL: Record<FactKind, string> = {
  qualification: '资质证书',
  person: '人员',
  project: '业绩',
  finance: '财务',
  other: '其他',
};

const short = (label: string, max = 100) =>
  plainText({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}不能超过 ${max} 个字`);
const optional = (label: string, max = 200) =>
  plainText().trim().max(max, `${label}不能超过 ${max} 个字`).optional().default('');
const isoDate = plainText({ error: '有效期不能为空' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '有效期格式应为 YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(s)), '有效期不是有效日期');

export const qualificationFactSchema = z.object({
  name: short('证书名称'),
  number: optional('证书编号', 100),
  issuer: optional('发证机关', 100),
  validUntil: isoDate.nullable().optional().default(null),
  /** The scan: a picture of the picture library, placed in the 资格证明文件 of the 商务标. */
  fileId: idSchema.nullable().optional().default(null),
});
export const personFactSchema = z.object({
  name: short('姓名', 50),
  role: optional('拟任岗位', 50),
  title: optional('职称', 50),
  certificates: z.array(z.string().trim().min(1).max(100)).max(20, '证书不能超过 20 个').default([]),
});
export const projectFactSchema = z.object({
  name: short('项目名称', 200),
  owner: optional('业主单位', 100),
  amount: z.coerce
    .number({ error: '合同金额必须是数字' })
    .min(0, '合同金额不能为负数')
    .max(1e12)
    .nullable()
    .optional()
    .default(null),
  year: z.coerce
    .number({ error: '年份必须是数字' })
    .int('年份必须是整数')
    .min(1950, '年份不正确')
    .max(2100, '年份不正确')
    .nullable()
    .optional()
    .default(null),
  scope: optional('项目内容', 1000),
});
export const financeFactSchema = z.object({
  year: z.coerce.number({ error: '年份必须是数字' }).int().min(1950, '年份不正确').max(2100, '年份不正确'),
  revenue: z.coerce.number({ error: '营业收入必须是数字' }).nullable().optional().default(null),
  profit: z.coerce.number({ error: '净利润必须是数字' }).nullable().optional().default(null),
  note: optional('说明', 500),
});
/** A labelled company fact: 投标人名称, 法定代表人, 地址, 联系电话, 统一社会信用代码... */
export const otherFactSchema = z.object({ name: short('名称', 50), value: short('内容', 1000) });

export const factDataSchemas = {
  qualification: qualificationFactSchema,
  person: personFactSchema,
  project: projectFactSchema,
  finance: financeFactSchema,
  other: otherFactSchema,
} as const;
export type QualificationFact = z.infer<typeof qualificationFactSchema>;
export type PersonFact = z.infer<typeof personFactSchema>;
export type ProjectFact = z.infer<typeof projectFactSchema>;
export type FinanceFact = z.infer<typeof financeFactSchema>;
export type OtherFact = z.infer<typeof otherFactSchema>;

export const saveFactSchema = z.object({
  /** Present to update a card. */
  id: idSchema.optional(),
  kind: z.enum(FACT_KINDS, { error: 'kind 只能是 qualification、person、project、finance 或 other' }),
  data: z.record(longText(), z.unknown(), { error: 'data 必须是对象' }),
});
export type SaveFactInput = z.infer<typeof saveFactSchema>;

export const listFactsSchema = z.object({ kind: z.enum(FACT_KINDS).optional() });

export const companyFactSchema = z.object({
  id: z.string(),
  kind: z.enum(FACT_KINDS),
  data: z.record(z.string(), z.unknown()),
  /** Qualifications: 'expired' | 'expiring' (within 90 days) | 'valid' | null when no date. */
  expiry: z.enum(['expired', 'expiring', 'valid']).nullable(),
  updateTime: z.string(),
});
export type CompanyFact = z.infer<typeof companyFactSchema>;

/**
 * What OCR read on a scanned 资质证书 (company/client/readCertificate): proposed values for the
 * qualification form, which the writer checks and saves herself. A field not found is absent.
 */
export const certificateReadingSchema = z.object({
  name: z.string().optional(),
  number: z.string().optional(),
  issuer: z.string().optional(),
  /** YYYY-MM-DD. */
  validUntil: z.string().optional(),
  /** The recognised text, for the writer to compare. */
  text: z.string(),
});
export type CertificateReading = z.infer<typeof certificateReadingSchema>;

// ---- 商务标 ----

export const businessBidSchema = z.object({
  bidId: idSchema,
  /** Total price of the offer in 元 (小写); the 大写 form is derived. */
  price: z.coerce
    .number({ error: '投标报价必须是数字' })
    .positive('投标报价必须大于 0')
    .max(1e12, '投标报价过大')
    .optional(),
  /** Insert the generated documents into the bid as chapters of a 商务文件 part. */
  apply: z.boolean().optional().default(false),
});
export type BusinessBidInput = z.infer<typeof businessBidSchema>;

export const bidFindingSchema = z.object({ kind: z.string(), message: z.string() });
export type BidFinding = z.infer<typeof bidFindingSchema>;

export const businessBidResultSchema = z.object({
  sections: z.array(z.object({ title: z.string(), markdown: z.string() })),
  findings: z.array(bidFindingSchema),
  /** The chapter holding the documents when `apply` was set. */
  catalogId: z.string().nullable(),
});
export type BusinessBidResult = z.infer<typeof businessBidResultSchema>;
