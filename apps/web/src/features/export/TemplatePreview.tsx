import type { CSSProperties } from 'react';
import type { FontSpec, LineSpacing, TemplateDefinition } from '@bid/document/templates/schema';
import { formatHeadingNumber, separatorFor } from '@bid/document/templates/numbering';
import { sizeName, sizeToPt } from '@bid/document/templates/sizes';

/** CSS font stacks for the Chinese faces templates name (Windows, macOS, Linux). */
const FACE_STACKS: Record<string, string> = {
  宋体: "SimSun, 'Songti SC', 'Noto Serif CJK SC', 'Source Han Serif SC', serif",
  黑体: "SimHei, 'Heiti SC', 'PingFang SC', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif",
  仿宋: "FangSong, 'FangSong_GB2312', STFangsong, 'Noto Serif CJK SC', serif",
  楷体: "KaiTi, 'KaiTi_GB2312', STKaiti, 'Noto Serif CJK SC', serif",
  微软雅黑: "'Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', sans-serif",
};

export function fontFamily(f: FontSpec): string {
  return `'${f.latin}', ${FACE_STACKS[f.eastAsia] ?? `'${f.eastAsia}', serif`}`;
}

function lineHeight(l: LineSpacing, sizePt: number): string {
  if (l.rule === 'multiple') return String(1.3 * l.value);
  return `${Math.max(l.pt, sizePt)}pt`;
}

export function spacingLabel(l: LineSpacing): string {
  if (l.rule === 'multiple') return l.value === 1 ? '单倍行距' : `${l.value} 倍行距`;
  return l.rule === 'exact' ? `固定值 ${l.pt} 磅` : `最小值 ${l.pt} 磅`;
}

function fontStyle(f: FontSpec, l: LineSpacing): CSSProperties {
  const pt = sizeToPt(f.size);
  return {
    fontFamily: fontFamily(f),
    fontSize: `${pt}pt`,
    fontWeight: f.bold ? 700 : 400,
    lineHeight: lineHeight(l, pt),
    color: f.color ? `#${f.color}` : '#000',
  };
}

/** 第一章 / 1.1 / 1.1.1 / 1.1.1.1 for the first chapter path of each level. */
export function numberingSample(d: TemplateDefinition, depth = 4): string[] {
  return Array.from({ length: depth }, (_, i) =>
    formatHeadingNumber(d.numbering, Array(i + 1).fill(1)),
  ).filter(Boolean);
}

const SAMPLE_TITLES = ['总体技术方案', '项目理解', '建设目标', '主要指标'];
const SAMPLE_TEXT =
  '本项目严格按照招标文件的技术要求和评分标准组织实施，确保各项指标全面达标，项目团队具有丰富的同类项目经验。';

/** A4 at 96 dpi: the page is drawn at full size and scaled down, so it keeps the template's proportions. */
const PAGE_W_PX = 794;
const PAGE_H_PX = 1123;

/**
 * A small rendered page of a template: header, numbered headings at their fonts and sizes, body text
 * with its indent and line spacing, a table, the footer's page number. HTML, not a picture, so it is
 * what the definition says.
 */
export function TemplatePreview({
  definition,
  scale = 0.24,
  title,
}: {
  definition: TemplateDefinition;
  scale?: number;
  title?: string;
}) {
  const d = definition;
  const m = d.page.marginsCm;
  const cm = PAGE_W_PX / 21;
  const bodyPt = sizeToPt(d.body.font.size);
  const headings = SAMPLE_TITLES.slice(0, Math.min(3, d.headings.length + 2)).map((t, i) => {
    const level = i + 1;
    const h = d.headings[Math.min(level, d.headings.length) - 1];
    const num = formatHeadingNumber(d.numbering, Array(level).fill(1));
    return { level, h, text: num ? `${num}${separatorFor(d.numbering, level)}${t}` : t };
  });
  const header =
    d.header.enabled && !d.anonymous
      ? (d.header.text || '').replace('{bidName}', title ?? '某某项目投标文件').replace('{bidder}', '')
      : '';
  const footer = d.footer.enabled
    ? d.footer.pageNumberFormat.replace('{PAGE}', '1').replace('{PAGES}', '86')
    : '';
  const tableFont = fontStyle(d.table.font, d.table.lineSpacing);
  const border = `${Math.max(1, d.table.borderSize / 4)}px solid #${d.table.borderColor}`;
  return (
    <div
      className="bs-export-mini"
      style={{ width: PAGE_W_PX * scale, height: PAGE_H_PX * scale * 0.62 }}
      aria-hidden="true"
    >
      <div
        className="bs-export-mini-page"
        style={{
          width: PAGE_W_PX,
          height: PAGE_H_PX,
          transform: `scale(${scale})`,
          padding: `${m.top * cm}px ${m.right * cm}px ${m.bottom * cm}px ${m.left * cm}px`,
        }}
      >
        {header && (
          <div
            className="bs-export-mini-header"
            style={{
              ...fontStyle(d.header.font, { rule: 'multiple', value: 1 }),
              textAlign: d.header.align === 'both' ? 'left' : d.header.align,
              top: m.header * cm,
              left: m.left * cm,
              right: m.right * cm,
              borderBottom: d.header.borderBottom ? '1px solid #000' : 'none',
            }}
          >
            {header}
          </div>
        )}
        {headings.map(({ level, h, text }) => (
          <div key={level}>
            <div
              style={{
                ...fontStyle(h.font, h.lineSpacing),
                textAlign: h.align === 'both' ? 'left' : h.align,
                marginTop: `${h.spaceBeforePt}pt`,
                marginBottom: `${h.spaceAfterPt}pt`,
                textIndent: `${h.firstLineChars}em`,
              }}
            >
              {text}
            </div>
            <p
              style={{
                ...fontStyle(d.body.font, d.body.lineSpacing),
                textAlign: 'justify',
                textIndent: `${d.body.firstLineChars}em`,
                margin: `${d.body.spaceBeforePt}pt 0 ${d.body.spaceAfterPt}pt`,
                fontSize: `${bodyPt}pt`,
              }}
            >
              {SAMPLE_TEXT}
            </p>
          </div>
        ))}
        <table className="bs-export-mini-table" style={{ ...tableFont, border }}>
          <thead>
            <tr
              style={{
                background: d.table.headerShading && !d.anonymous ? `#${d.table.headerShading}` : undefined,
                fontWeight: d.table.headerBold && !d.anonymous ? 700 : 400,
              }}
            >
              {['序号', '服务内容', '响应'].map((c) => (
                <th key={c} style={{ border }}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[
              ['1', '驻场运维服务', '满足'],
              ['2', '应急响应', '满足'],
            ].map((r) => (
              <tr key={r[0]}>
                {r.map((c, i) => (
                  <td key={i} style={{ border }}>
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {footer && (
          <div
            className="bs-export-mini-footer"
            style={{
              ...fontStyle(d.footer.font, { rule: 'multiple', value: 1 }),
              textAlign: d.footer.align === 'both' ? 'center' : d.footer.align,
              bottom: m.footer * cm,
              left: m.left * cm,
              right: m.right * cm,
            }}
          >
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}

/** The template's facts in words, for the list beside the picture. */
export function templateFacts(d: TemplateDefinition): string[] {
  const h1 = d.headings[0];
  const facts = [
    `正文 ${d.body.font.eastAsia} ${sizeName(d.body.font.size)}，${spacingLabel(d.body.lineSpacing)}${d.body.firstLineChars ? `，首行缩进 ${d.body.firstLineChars} 字符` : ''}`,
    `标题 ${h1.font.eastAsia} ${sizeName(h1.font.size)}${h1.font.bold ? ' 加粗' : ''}`,
    `编号 ${numberingSample(d).join(' / ')}`,
  ];
  const parts = [
    d.cover.enabled ? '封面' : '',
    d.toc.enabled ? `${d.toc.depth} 级目录` : '',
    d.header.enabled && !d.anonymous ? '页眉' : '',
    d.footer.enabled ? '页码' : '',
  ].filter(Boolean);
  if (parts.length) facts.push(`含${parts.join('、')}`);
  if (d.anonymous) facts.push('暗标：无页眉及投标人信息');
  return facts;
}
