import { z } from 'zod';
import { CN_FONT_SIZE_NAMES, type CnFontSizeName } from './sizes.ts';

/**
 * A Word export template: page setup, fonts, spacing, heading styles, numbering, cover, table of
 * contents, header and footer. Stored as JSON (table export_templates) so operators can add
 * templates; every definition is validated by this schema before the writer sees it.
 * Lengths: page and margins in centimetres (as Chinese tender files state them), spacing in points,
 * indents in characters.
 */

const sizeSchema = z.union([
  z.enum(CN_FONT_SIZE_NAMES as [CnFontSizeName, ...CnFontSizeName[]], {
    error: '字号名称不正确（初号…八号）',
  }),
  z.number().min(5, '字号不能小于 5 磅').max(72, '字号不能大于 72 磅'),
]);

const fontName = z.string().trim().min(1, '字体名称不能为空').max(60, '字体名称过长');

export const fontSpecSchema = z.object({
  /** Chinese face (w:eastAsia), e.g. 宋体, 仿宋, 黑体, 楷体. */
  eastAsia: fontName,
  /** Latin and digits face (w:ascii / w:hAnsi), e.g. Times New Roman. */
  latin: fontName,
  size: sizeSchema,
  bold: z.boolean().default(false),
  color: z
    .string()
    .regex(/^[0-9A-Fa-f]{6}$/, '颜色格式应为 6 位十六进制')
    .optional(),
});
export type FontSpec = z.infer<typeof fontSpecSchema>;

export const lineSpacingSchema = z.discriminatedUnion('rule', [
  /** Multiples of a single line (1.5 = 1.5 倍行距). */
  z.object({ rule: z.literal('multiple'), value: z.number().min(0.5).max(5) }),
  /** 固定值: exactly this many points. */
  z.object({ rule: z.literal('exact'), pt: z.number().min(4).max(200) }),
  /** 最小值. */
  z.object({ rule: z.literal('atLeast'), pt: z.number().min(4).max(200) }),
]);
export type LineSpacing = z.infer<typeof lineSpacingSchema>;

const alignSchema = z.enum(['left', 'center', 'right', 'both']);

export const paragraphFormatSchema = z.object({
  font: fontSpecSchema,
  lineSpacing: lineSpacingSchema,
  spaceBeforePt: z.number().min(0).max(200).default(0),
  spaceAfterPt: z.number().min(0).max(200).default(0),
  align: alignSchema.default('both'),
  /** First-line indent in characters of the paragraph's own font size (2 = 首行缩进两字符). */
  firstLineChars: z.number().min(0).max(10).default(0),
});
export type ParagraphFormat = z.infer<typeof paragraphFormatSchema>;

export const headingFormatSchema = paragraphFormatSchema.extend({
  /** Start this level on a new page (usually level 1: each 第X章 on its own page). */
  pageBreakBefore: z.boolean().default(false),
});
export type HeadingFormat = z.infer<typeof headingFormatSchema>;

/**
 * Numbering per outline level, written as text before the title. Tokens: {c} Chinese numeral of the
 * chapter's position among its siblings (一, 十一), {n} arabic position, {1}…{9} arabic position of
 * the ancestor at that level (so 1.1.1 is `{1}.{2}.{3}`), {circle} ①…⑳, {alpha} a…z.
 */
export const numberingSchema = z.object({
  levels: z.array(z.string().max(40)).max(9, '编号最多 9 级'),
  /** Between the number and the title (a space, or nothing after 一、). Per level; the last repeats. */
  separators: z.array(z.string().max(4)).min(1).default([' ']),
});
export type Numbering = z.infer<typeof numberingSchema>;

const coverFieldSchema = z.enum(['projectName', 'projectCode', 'tenderer', 'bidder', 'legalRep', 'date']);
export type CoverField = z.infer<typeof coverFieldSchema>;

export const templateDefinitionSchema = z.object({
  version: z.literal(1),
  page: z.object({
    size: z.enum(['A4', 'A3', 'B5', 'Letter']).default('A4'),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
    marginsCm: z.object({
      top: z.number().min(0.5).max(8),
      bottom: z.number().min(0.5).max(8),
      left: z.number().min(0.5).max(8),
      right: z.number().min(0.5).max(8),
      header: z.number().min(0.2).max(5).default(1.5),
      footer: z.number().min(0.2).max(5).default(1.75),
    }),
  }),
  body: paragraphFormatSchema,
  /** Level 1…9; a missing level repeats the last given. */
  headings: z.array(headingFormatSchema).min(1, '至少定义一级标题').max(9),
  numbering: numberingSchema,
  /** Headings inside chapter text (not part of the outline): bold body text by default. */
  subHeading: z
    .object({ bold: z.boolean().default(true), font: fontSpecSchema.optional() })
    .default({ bold: true }),
  table: z.object({
    font: fontSpecSchema,
    lineSpacing: lineSpacingSchema.default({ rule: 'multiple', value: 1 }),
    headerBold: z.boolean().default(true),
    headerShading: z
      .string()
      .regex(/^[0-9A-Fa-f]{6}$/)
      .nullable()
      .default('D9D9D9'),
    borderColor: z
      .string()
      .regex(/^[0-9A-Fa-f]{6}$/)
      .default('000000'),
    /** Border width in eighths of a point (4 = 0.5 pt). */
    borderSize: z.number().int().min(2).max(24).default(4),
  }),
  caption: z.object({
    font: fontSpecSchema,
    figurePrefix: z.string().max(10).default('图'),
    /** 'chapter': 图 2-3 (chapter 2, third figure); 'global': 图 7; 'none': caption text only. */
    numbering: z.enum(['chapter', 'global', 'none']).default('chapter'),
  }),
  cover: z.object({
    enabled: z.boolean().default(true),
    /** The big title, e.g. 投标文件. */
    title: z.string().max(40).default('投标文件'),
    /** Under the title, e.g. （技术部分）. */
    subtitle: z.string().max(40).default(''),
    titleFont: fontSpecSchema,
    fieldFont: fontSpecSchema,
    fields: z.array(coverFieldSchema).default(['projectName', 'projectCode', 'bidder', 'legalRep', 'date']),
  }),
  toc: z.object({
    enabled: z.boolean().default(true),
    title: z.string().max(20).default('目  录'),
    titleFont: fontSpecSchema,
    entryFont: fontSpecSchema,
    /** Outline levels listed (1…9). */
    depth: z.number().int().min(1).max(9).default(3),
    /** Mark the TOC field dirty so Word recomputes exact page numbers when it opens the file. */
    refreshInWord: z.boolean().default(true),
  }),
  header: z.object({
    enabled: z.boolean().default(true),
    /** Text of the header; {bidName} and {bidder} are replaced. */
    text: z.string().max(100).default('{bidName}'),
    align: alignSchema.default('center'),
    borderBottom: z.boolean().default(true),
    font: fontSpecSchema,
  }),
  footer: z.object({
    enabled: z.boolean().default(true),
    /** {PAGE} and {PAGES} (pages of the body, cover and contents not counted). */
    pageNumberFormat: z.string().max(40).default('第 {PAGE} 页 共 {PAGES} 页'),
    align: alignSchema.default('center'),
    font: fontSpecSchema,
  }),
  /** 暗标: no identifying header, footer text or cover fields, no emphasis or colour in the text. */
  anonymous: z.boolean().default(false),
});

export type TemplateDefinition = z.infer<typeof templateDefinitionSchema>;
export type TemplateDefinitionInput = z.input<typeof templateDefinitionSchema>;

/** A template as the API and the writer know it. */
export interface ExportTemplate {
  id: string;
  name: string;
  description: string;
  definition: TemplateDefinition;
}

/** Parses a stored definition; throws a zod error naming the field when it is not valid. */
export function parseTemplateDefinition(input: unknown): TemplateDefinition {
  return templateDefinitionSchema.parse(input);
}
