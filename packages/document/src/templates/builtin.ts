import { NUMBERING_SCHEMES } from './numbering.ts';
import {
  parseTemplateDefinition,
  type FontSpec,
  type TemplateDefinition,
  type TemplateDefinitionInput,
} from './schema.ts';
import type { FontSize } from './sizes.ts';

/**
 * The built-in templates. The migration seeds them into export_templates (operators can add more or
 * change these there); the writer's tests export every one of them.
 */

const TNR = 'Times New Roman';
const f = (eastAsia: string, size: FontSize, bold = false, latin = TNR): FontSpec => ({
  eastAsia,
  latin,
  size,
  bold,
});

/** 政府采购标准：宋体小四、1.5 倍行距、首行缩进两字符、第一章 / 1.1 / 1.1.1 编号。 */
const government: TemplateDefinitionInput = {
  version: 1,
  page: {
    size: 'A4',
    orientation: 'portrait',
    marginsCm: { top: 2.54, bottom: 2.54, left: 3.17, right: 3.17, header: 1.5, footer: 1.75 },
  },
  body: {
    font: f('宋体', '小四'),
    lineSpacing: { rule: 'multiple', value: 1.5 },
    spaceBeforePt: 0,
    spaceAfterPt: 0,
    align: 'both',
    firstLineChars: 2,
  },
  headings: [
    {
      font: f('黑体', '三号', true),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 12,
      spaceAfterPt: 12,
      align: 'center',
      firstLineChars: 0,
      pageBreakBefore: true,
    },
    {
      font: f('黑体', '四号', true),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 6,
      spaceAfterPt: 6,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('黑体', '小四', true),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 6,
      spaceAfterPt: 3,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('宋体', '小四', true),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 3,
      spaceAfterPt: 3,
      align: 'left',
      firstLineChars: 0,
    },
  ],
  numbering: NUMBERING_SCHEMES.chapterDecimal,
  table: {
    font: f('宋体', '五号'),
    lineSpacing: { rule: 'multiple', value: 1 },
    headerBold: true,
    headerShading: 'D9D9D9',
    borderColor: '000000',
    borderSize: 4,
  },
  caption: { font: f('宋体', '五号'), figurePrefix: '图', numbering: 'chapter' },
  cover: {
    enabled: true,
    title: '投标文件',
    subtitle: '',
    titleFont: f('黑体', '小初', true),
    fieldFont: f('宋体', '三号'),
    fields: ['projectName', 'projectCode', 'bidder', 'legalRep', 'date'],
  },
  toc: {
    enabled: true,
    title: '目  录',
    titleFont: f('黑体', '三号', true),
    entryFont: f('宋体', '小四'),
    depth: 3,
    refreshInWord: true,
  },
  header: { enabled: true, text: '{bidName}', align: 'center', borderBottom: true, font: f('宋体', '小五') },
  footer: {
    enabled: true,
    pageNumberFormat: '第 {PAGE} 页 共 {PAGES} 页',
    align: 'center',
    font: f('宋体', '小五'),
  },
  anonymous: false,
};

/** 工程类：仿宋小四、固定行距 22 磅、标题黑体、第一章 / 1.1 编号、装订边距。 */
const engineering: TemplateDefinitionInput = {
  version: 1,
  page: {
    size: 'A4',
    orientation: 'portrait',
    marginsCm: { top: 2.5, bottom: 2.5, left: 3, right: 2.5, header: 1.5, footer: 1.5 },
  },
  body: {
    font: f('仿宋', '小四'),
    lineSpacing: { rule: 'exact', pt: 22 },
    spaceBeforePt: 0,
    spaceAfterPt: 0,
    align: 'both',
    firstLineChars: 2,
  },
  headings: [
    {
      font: f('黑体', '小二', true),
      lineSpacing: { rule: 'exact', pt: 32 },
      spaceBeforePt: 12,
      spaceAfterPt: 18,
      align: 'center',
      firstLineChars: 0,
      pageBreakBefore: true,
    },
    {
      font: f('黑体', '三号', true),
      lineSpacing: { rule: 'exact', pt: 28 },
      spaceBeforePt: 12,
      spaceAfterPt: 6,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('黑体', '四号', false),
      lineSpacing: { rule: 'exact', pt: 24 },
      spaceBeforePt: 6,
      spaceAfterPt: 6,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('楷体', '小四', true),
      lineSpacing: { rule: 'exact', pt: 22 },
      spaceBeforePt: 3,
      spaceAfterPt: 3,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('仿宋', '小四', true),
      lineSpacing: { rule: 'exact', pt: 22 },
      spaceBeforePt: 0,
      spaceAfterPt: 0,
      align: 'left',
      firstLineChars: 0,
    },
  ],
  numbering: NUMBERING_SCHEMES.chapterDecimal,
  table: {
    font: f('仿宋', '五号'),
    lineSpacing: { rule: 'exact', pt: 18 },
    headerBold: true,
    headerShading: 'DEEAF6',
    borderColor: '000000',
    borderSize: 6,
  },
  caption: { font: f('黑体', '五号'), figurePrefix: '图', numbering: 'chapter' },
  cover: {
    enabled: true,
    title: '投标文件',
    subtitle: '（技术标）',
    titleFont: f('黑体', '初号', true),
    fieldFont: f('仿宋', '三号'),
    fields: ['projectName', 'projectCode', 'tenderer', 'bidder', 'legalRep', 'date'],
  },
  toc: {
    enabled: true,
    title: '目  录',
    titleFont: f('黑体', '小二', true),
    entryFont: f('仿宋', '小四'),
    depth: 3,
    refreshInWord: true,
  },
  header: { enabled: true, text: '{bidName}', align: 'right', borderBottom: true, font: f('仿宋', '小五') },
  footer: {
    enabled: true,
    pageNumberFormat: '第 {PAGE} 页 共 {PAGES} 页',
    align: 'center',
    font: f('仿宋', '小五'),
  },
  anonymous: false,
};

/** 商务简洁：宋体五号、1.25 倍行距、1 / 1.1 / 1.1.1 编号、两级目录。 */
const business: TemplateDefinitionInput = {
  version: 1,
  page: {
    size: 'A4',
    orientation: 'portrait',
    marginsCm: { top: 2.2, bottom: 2.2, left: 2.5, right: 2.5, header: 1.2, footer: 1.2 },
  },
  body: {
    font: f('宋体', '五号', false, 'Arial'),
    lineSpacing: { rule: 'multiple', value: 1.25 },
    spaceBeforePt: 0,
    spaceAfterPt: 4,
    align: 'both',
    firstLineChars: 2,
  },
  headings: [
    {
      font: f('黑体', '小二', true, 'Arial'),
      lineSpacing: { rule: 'multiple', value: 1.2 },
      spaceBeforePt: 12,
      spaceAfterPt: 12,
      align: 'left',
      firstLineChars: 0,
      pageBreakBefore: true,
    },
    {
      font: f('黑体', '四号', true, 'Arial'),
      lineSpacing: { rule: 'multiple', value: 1.2 },
      spaceBeforePt: 10,
      spaceAfterPt: 6,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('黑体', '小四', true, 'Arial'),
      lineSpacing: { rule: 'multiple', value: 1.2 },
      spaceBeforePt: 8,
      spaceAfterPt: 4,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('宋体', '五号', true, 'Arial'),
      lineSpacing: { rule: 'multiple', value: 1.2 },
      spaceBeforePt: 6,
      spaceAfterPt: 3,
      align: 'left',
      firstLineChars: 0,
    },
  ],
  numbering: NUMBERING_SCHEMES.decimal,
  table: {
    font: f('宋体', '小五', false, 'Arial'),
    lineSpacing: { rule: 'multiple', value: 1 },
    headerBold: true,
    headerShading: 'F2F2F2',
    borderColor: '808080',
    borderSize: 4,
  },
  caption: { font: f('宋体', '小五', false, 'Arial'), figurePrefix: '图', numbering: 'global' },
  cover: {
    enabled: true,
    title: '投标文件',
    subtitle: '（商务部分）',
    titleFont: f('黑体', '一号', true, 'Arial'),
    fieldFont: f('宋体', '四号', false, 'Arial'),
    fields: ['projectName', 'bidder', 'date'],
  },
  toc: {
    enabled: true,
    title: '目录',
    titleFont: f('黑体', '小二', true, 'Arial'),
    entryFont: f('宋体', '五号', false, 'Arial'),
    depth: 2,
    refreshInWord: true,
  },
  header: {
    enabled: true,
    text: '{bidName}',
    align: 'left',
    borderBottom: true,
    font: f('宋体', '小五', false, 'Arial'),
  },
  footer: {
    enabled: true,
    pageNumberFormat: '{PAGE} / {PAGES}',
    align: 'right',
    font: f('宋体', '小五', false, 'Arial'),
  },
  anonymous: false,
};

/**
 * 暗标：不含任何可识别投标人身份的页眉、页脚文字和封面信息；全文宋体黑色，正文不加粗不着色；
 * 一、/（一）/ 1. /（1）编号；页脚只有页码。
 */
const anonymous: TemplateDefinitionInput = {
  version: 1,
  page: {
    size: 'A4',
    orientation: 'portrait',
    marginsCm: { top: 2.54, bottom: 2.54, left: 3.17, right: 3.17, header: 1.5, footer: 1.75 },
  },
  body: {
    font: f('宋体', '小四'),
    lineSpacing: { rule: 'multiple', value: 1.5 },
    spaceBeforePt: 0,
    spaceAfterPt: 0,
    align: 'both',
    firstLineChars: 2,
  },
  headings: [
    {
      font: f('宋体', '三号', true),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 12,
      spaceAfterPt: 12,
      align: 'center',
      firstLineChars: 0,
      pageBreakBefore: true,
    },
    {
      font: f('宋体', '四号', true),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 6,
      spaceAfterPt: 6,
      align: 'left',
      firstLineChars: 0,
    },
    {
      font: f('宋体', '小四', true),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 3,
      spaceAfterPt: 3,
      align: 'left',
      firstLineChars: 2,
    },
    {
      font: f('宋体', '小四', false),
      lineSpacing: { rule: 'multiple', value: 1.5 },
      spaceBeforePt: 0,
      spaceAfterPt: 0,
      align: 'left',
      firstLineChars: 2,
    },
  ],
  numbering: NUMBERING_SCHEMES.chineseOutline,
  subHeading: { bold: false },
  table: {
    font: f('宋体', '五号'),
    lineSpacing: { rule: 'multiple', value: 1 },
    headerBold: false,
    headerShading: null,
    borderColor: '000000',
    borderSize: 4,
  },
  caption: { font: f('宋体', '五号'), figurePrefix: '图', numbering: 'chapter' },
  cover: {
    enabled: true,
    title: '投标文件',
    subtitle: '（技术暗标）',
    titleFont: f('宋体', '小初', true),
    fieldFont: f('宋体', '三号'),
    fields: ['projectName'],
  },
  toc: {
    enabled: true,
    title: '目  录',
    titleFont: f('宋体', '三号', true),
    entryFont: f('宋体', '小四'),
    depth: 3,
    refreshInWord: true,
  },
  header: { enabled: false, text: '', align: 'center', borderBottom: false, font: f('宋体', '小五') },
  footer: { enabled: true, pageNumberFormat: '{PAGE}', align: 'center', font: f('宋体', '小五') },
  anonymous: true,
};

export interface BuiltinTemplate {
  id: string;
  name: string;
  description: string;
  sort: number;
  definition: TemplateDefinition;
}

export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    id: 'gov-standard',
    name: '政府采购标准格式',
    description:
      '宋体小四、1.5 倍行距、首行缩进两字符；标题黑体，第一章 / 1.1 / 1.1.1 编号；含封面、目录、页眉和“第 X 页 共 Y 页”页码。',
    sort: 10,
    definition: parseTemplateDefinition(government),
  },
  {
    id: 'engineering',
    name: '工程类投标格式',
    description:
      '仿宋小四、固定行距 22 磅；标题黑体/楷体，第一章 / 1.1 编号；封面含招标人与投标人，适合施工与工程服务类项目。',
    sort: 20,
    definition: parseTemplateDefinition(engineering),
  },
  {
    id: 'business',
    name: '商务简洁格式',
    description: '宋体五号、1.25 倍行距、1 / 1.1 / 1.1.1 编号；版面紧凑，两级目录，页码“X / Y”。',
    sort: 30,
    definition: parseTemplateDefinition(business),
  },
  {
    id: 'anonymous',
    name: '暗标格式',
    description:
      '不含页眉和任何投标人身份信息；全文宋体黑色，正文不加粗、不着色、无下划线；一、/（一）/ 1. /（1）编号；页脚仅页码。',
    sort: 40,
    definition: parseTemplateDefinition(anonymous),
  },
];

export const DEFAULT_TEMPLATE_ID = 'gov-standard';
