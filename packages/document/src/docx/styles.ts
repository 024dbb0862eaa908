import {
  AlignmentType,
  BorderStyle,
  LineRuleType,
  type IParagraphStyleOptions,
  type IRunOptions,
  type IStylesOptions,
} from 'docx';
import { sizeToHalfPoints, sizeToPt } from '../templates/sizes.ts';
import type {
  FontSpec,
  HeadingFormat,
  LineSpacing,
  ParagraphFormat,
  TemplateDefinition,
} from '../templates/schema.ts';

/** Style ids the writer uses (Heading1…9 and TOC1…9 are Word's built-in ids, so its navigation pane and TOC work). */
export const STYLE = {
  body: 'Normal',
  heading: (level: number) => `Heading${level}`,
  toc: (level: number) => `TOC${level}`,
  tocTitle: 'TOCHeading',
  sub: 'BidSubHeading',
  tableText: 'BidTableText',
  tableHeader: 'BidTableHeader',
  caption: 'Caption',
  coverTitle: 'BidCoverTitle',
  coverSubtitle: 'BidCoverSubtitle',
  coverField: 'BidCoverField',
  header: 'Header',
  footer: 'Footer',
  code: 'BidCode',
  quote: 'BidQuote',
  listItem: 'BidListItem',
} as const;

export const TWIPS_PER_PT = 20;
export const twipsFromCm = (cm: number) => Math.round((cm / 2.54) * 1440);

const PAGE_SIZES: Record<TemplateDefinition['page']['size'], { w: number; h: number }> = {
  A4: { w: 11906, h: 16838 },
  A3: { w: 16838, h: 23811 },
  B5: { w: 9979, h: 14175 },
  Letter: { w: 12240, h: 15840 },
};

export interface PageGeometry {
  width: number;
  height: number;
  margins: { top: number; bottom: number; left: number; right: number; header: number; footer: number };
  /** Text area in twips. */
  textWidth: number;
  textHeight: number;
}

export function pageGeometry(tpl: TemplateDefinition): PageGeometry {
  const base = PAGE_SIZES[tpl.page.size];
  const landscape = tpl.page.orientation === 'landscape';
  const width = landscape ? base.h : base.w;
  const height = landscape ? base.w : base.h;
  const m = tpl.page.marginsCm;
  const margins = {
    top: twipsFromCm(m.top),
    bottom: twipsFromCm(m.bottom),
    left: twipsFromCm(m.left),
    right: twipsFromCm(m.right),
    header: twipsFromCm(m.header),
    footer: twipsFromCm(m.footer),
  };
  return {
    width,
    height,
    margins,
    textWidth: width - margins.left - margins.right,
    textHeight: height - margins.top - margins.bottom,
  };
}

/** Run properties of a font: East Asian and Latin faces, size in half-points, bold, colour. */
export function runFont(spec: FontSpec, opts: { bold?: boolean; noColor?: boolean } = {}): IRunOptions {
  const bold = opts.bold ?? spec.bold;
  return {
    font: { ascii: spec.latin, hAnsi: spec.latin, eastAsia: spec.eastAsia, cs: spec.latin },
    size: sizeToHalfPoints(spec.size),
    ...(bold ? { bold: true } : {}),
    ...(spec.color && !opts.noColor ? { color: spec.color } : {}),
  };
}

export function spacing(line: LineSpacing, beforePt = 0, afterPt = 0) {
  const before = Math.round(beforePt * TWIPS_PER_PT);
  const after = Math.round(afterPt * TWIPS_PER_PT);
  if (line.rule === 'multiple')
    return { line: Math.round(line.value * 240), lineRule: LineRuleType.AUTO, before, after };
  return {
    line: Math.round(line.pt * TWIPS_PER_PT),
    lineRule: line.rule === 'exact' ? LineRuleType.EXACT : LineRuleType.AT_LEAST,
    before,
    after,
  };
}

export function alignment(a: ParagraphFormat['align']) {
  return a === 'center'
    ? AlignmentType.CENTER
    : a === 'right'
      ? AlignmentType.RIGHT
      : a === 'left'
        ? AlignmentType.LEFT
        : AlignmentType.BOTH;
}

/** First-line indent in characters: Word reads the character count, other readers the twips. */
export function firstLineIndent(chars: number, font: FontSpec) {
  if (!chars) return undefined;
  return {
    firstLine: Math.round(chars * sizeToPt(font.size) * TWIPS_PER_PT),
    firstLineChars: Math.round(chars * 100),
  };
}

export function headingFormat(tpl: TemplateDefinition, level: number): HeadingFormat {
  return tpl.headings[Math.min(level, tpl.headings.length) - 1];
}

function paragraphStyle(
  id: string,
  name: string,
  fmt: ParagraphFormat,
  extra: Partial<IParagraphStyleOptions> = {},
  noColor = false,
): IParagraphStyleOptions {
  return {
    id,
    name,
    basedOn: 'Normal',
    next: 'Normal',
    quickFormat: true,
    ...extra,
    run: { ...runFont(fmt.font, { noColor }), ...(extra.run ?? {}) },
    paragraph: {
      spacing: spacing(fmt.lineSpacing, fmt.spaceBeforePt, fmt.spaceAfterPt),
      alignment: alignment(fmt.align),
      indent: firstLineIndent(fmt.firstLineChars, fmt.font) ?? { firstLine: 0, firstLineChars: 0 },
      ...(extra.paragraph ?? {}),
    },
  };
}

/** Every style of the document, from the template. */
export function buildStyles(tpl: TemplateDefinition): IStylesOptions {
  const body = tpl.body;
  const anon = tpl.anonymous;
  const headings: IParagraphStyleOptions[] = [];
  for (let level = 1; level <= 9; level++) {
    const h = headingFormat(tpl, level);
    headings.push(
      paragraphStyle(
        STYLE.heading(level),
        `heading ${level}`,
        h,
        {
          paragraph: { keepNext: true, keepLines: true, outlineLevel: level - 1 },
        },
        anon,
      ),
    );
  }
  const tocs: IParagraphStyleOptions[] = [];
  const entryPt = sizeToPt(tpl.toc.entryFont.size);
  for (let level = 1; level <= 9; level++) {
    tocs.push({
      id: STYLE.toc(level),
      name: `toc ${level}`,
      basedOn: 'Normal',
      next: 'Normal',
      run: { ...runFont(tpl.toc.entryFont, { bold: level === 1 && tpl.toc.entryFont.bold, noColor: anon }) },
      paragraph: {
        spacing: spacing({ rule: 'multiple', value: 1.5 }, level === 1 ? 3 : 0, 0),
        alignment: AlignmentType.LEFT,
        indent: {
          left: Math.round((level - 1) * 2 * entryPt * TWIPS_PER_PT),
          firstLine: 0,
          firstLineChars: 0,
        },
      },
    });
  }
  const tableFmt: ParagraphFormat = {
    font: tpl.table.font,
    lineSpacing: tpl.table.lineSpacing,
    spaceBeforePt: 0,
    spaceAfterPt: 0,
    align: 'left',
    firstLineChars: 0,
  };
  const captionFmt: ParagraphFormat = {
    font: tpl.caption.font,
    lineSpacing: body.lineSpacing,
    spaceBeforePt: 3,
    spaceAfterPt: 6,
    align: 'center',
    firstLineChars: 0,
  };
  const subFont = tpl.subHeading.font ?? body.font;
  return {
    default: {
      document: {
        // zh-CN tells Word to apply Chinese line-breaking rules (no line starting with ，。） etc.).
        run: {
          ...runFont(body.font, { bold: false, noColor: anon }),
          language: { value: 'en-US', eastAsia: 'zh-CN' },
        },
        paragraph: { spacing: spacing(body.lineSpacing, body.spaceBeforePt, body.spaceAfterPt) },
      },
    },
    paragraphStyles: [
      {
        id: 'Normal',
        name: 'Normal',
        quickFormat: true,
        run: runFont(body.font, { bold: false, noColor: anon }),
        paragraph: {
          spacing: spacing(body.lineSpacing, body.spaceBeforePt, body.spaceAfterPt),
          alignment: alignment(body.align),
          indent: firstLineIndent(body.firstLineChars, body.font),
        },
      },
      ...headings,
      ...tocs,
      paragraphStyle(
        STYLE.tocTitle,
        'TOC Heading',
        {
          font: tpl.toc.titleFont,
          lineSpacing: { rule: 'multiple', value: 1.5 },
          spaceBeforePt: 0,
          spaceAfterPt: 12,
          align: 'center',
          firstLineChars: 0,
        },
        {},
        anon,
      ),
      paragraphStyle(
        STYLE.sub,
        '正文小标题',
        { ...body, font: subFont },
        { paragraph: { keepNext: true }, run: { bold: tpl.subHeading.bold && !anon } },
        anon,
      ),
      paragraphStyle(STYLE.tableText, '表格文字', tableFmt, {}, anon),
      paragraphStyle(
        STYLE.tableHeader,
        '表格标题行',
        { ...tableFmt, align: 'center' },
        { run: { bold: tpl.table.headerBold && !anon } },
        anon,
      ),
      paragraphStyle(STYLE.caption, 'caption', captionFmt, {}, anon),
      paragraphStyle(
        STYLE.coverTitle,
        '封面标题',
        {
          font: tpl.cover.titleFont,
          lineSpacing: { rule: 'multiple', value: 1.2 },
          spaceBeforePt: 0,
          spaceAfterPt: 18,
          align: 'center',
          firstLineChars: 0,
        },
        {},
        anon,
      ),
      paragraphStyle(
        STYLE.coverSubtitle,
        '封面副标题',
        {
          font: { ...tpl.cover.titleFont, size: sizeToPt(tpl.cover.fieldFont.size) + 4 },
          lineSpacing: { rule: 'multiple', value: 1.2 },
          spaceBeforePt: 0,
          spaceAfterPt: 0,
          align: 'center',
          firstLineChars: 0,
        },
        {},
        anon,
      ),
      paragraphStyle(
        STYLE.coverField,
        '封面信息',
        {
          font: tpl.cover.fieldFont,
          lineSpacing: { rule: 'multiple', value: 1.5 },
          spaceBeforePt: 0,
          spaceAfterPt: 10,
          align: 'left',
          firstLineChars: 0,
        },
        {},
        anon,
      ),
      paragraphStyle(
        STYLE.header,
        'header',
        {
          font: tpl.header.font,
          lineSpacing: { rule: 'multiple', value: 1 },
          spaceBeforePt: 0,
          spaceAfterPt: 0,
          align: tpl.header.align,
          firstLineChars: 0,
        },
        tpl.header.borderBottom
          ? {
              paragraph: {
                border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '000000', space: 1 } },
              },
            }
          : {},
        anon,
      ),
      paragraphStyle(
        STYLE.footer,
        'footer',
        {
          font: tpl.footer.font,
          lineSpacing: { rule: 'multiple', value: 1 },
          spaceBeforePt: 0,
          spaceAfterPt: 0,
          align: tpl.footer.align,
          firstLineChars: 0,
        },
        {},
        anon,
      ),
      paragraphStyle(
        STYLE.code,
        '代码',
        {
          font: { ...tpl.table.font, latin: 'Courier New' },
          lineSpacing: { rule: 'multiple', value: 1 },
          spaceBeforePt: 0,
          spaceAfterPt: 0,
          align: 'left',
          firstLineChars: 0,
        },
        { paragraph: { shading: { type: 'clear', fill: 'F2F2F2', color: 'auto' } as never } },
        anon,
      ),
      paragraphStyle(
        STYLE.quote,
        '引用',
        { ...body },
        {
          paragraph: {
            indent: {
              left: Math.round(2 * sizeToPt(body.font.size) * TWIPS_PER_PT),
              firstLine: 0,
              firstLineChars: 0,
            },
          },
        },
        anon,
      ),
      paragraphStyle(STYLE.listItem, '列表', { ...body, firstLineChars: 0 }, {}, anon),
    ],
  };
}
