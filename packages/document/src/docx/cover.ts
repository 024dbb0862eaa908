import { Paragraph, TextRun } from 'docx';
import { cleanForWord } from '../text.ts';
import type { TemplateDefinition } from '../templates/schema.ts';
import { sizeToPt } from '../templates/sizes.ts';
import { textEms } from './estimate.ts';
import { runFont, STYLE, type PageGeometry } from './styles.ts';
import type { ExportBid } from './types.ts';

/** The cover page: project name, 投标文件 title, and the fields to fill or sign (none in an anonymous bid). */
const COVER_LABELS: Record<string, { label: string; suffix?: string }> = {
  projectCode: { label: '项目编号：' },
  tenderer: { label: '招 标 人：' },
  bidder: { label: '投 标 人：', suffix: '（盖单位章）' },
  legalRep: { label: '法定代表人或其委托代理人：', suffix: '（签字）' },
  date: { label: '日　　期：' },
};

export function coverChildren(tpl: TemplateDefinition, bid: ExportBid, geo: PageGeometry): Paragraph[] {
  const c = tpl.cover;
  const out: Paragraph[] = [];
  const titleFont = runFont(c.titleFont, { noColor: tpl.anonymous });
  const fieldFont = runFont(c.fieldFont, { noColor: tpl.anonymous });
  const fieldPt = sizeToPt(c.fieldFont.size);
  const gap = (lines: number) =>
    new Paragraph({
      style: STYLE.coverField,
      spacing: { before: 0, after: 0, line: Math.round(lines * 240) },
      children: [],
    });
  out.push(gap(4));
  const projectName = cleanForWord(bid.projectName || bid.name || '').trim();
  if (c.fields.includes('projectName') && projectName) {
    out.push(
      new Paragraph({
        style: STYLE.coverSubtitle,
        spacing: { after: 480 },
        children: [
          new TextRun({
            ...titleFont,
            size: Math.round((sizeToPt(c.fieldFont.size) + 6) * 2),
            text: projectName,
          }),
        ],
      }),
    );
  }
  // 投标文件 with letter spacing, as printed covers set it.
  const spaced = [...c.title].join(' ');
  out.push(
    new Paragraph({ style: STYLE.coverTitle, children: [new TextRun({ ...titleFont, text: spaced })] }),
  );
  if (c.subtitle)
    out.push(
      new Paragraph({
        style: STYLE.coverSubtitle,
        children: [new TextRun({ ...titleFont, size: Math.round((fieldPt + 2) * 2), text: c.subtitle })],
      }),
    );
  out.push(gap(7));
  const indentLeft = Math.round(geo.textWidth * 0.12);
  const blankWidth = 12;
  for (const field of c.fields) {
    if (field === 'projectName') continue;
    if (tpl.anonymous) continue;
    const meta = COVER_LABELS[field];
    if (!meta) continue;
    const raw =
      field === 'date'
        ? bid.date
        : field === 'projectCode'
          ? bid.projectCode
          : field === 'tenderer'
            ? bid.tenderer
            : field === 'bidder'
              ? bid.bidder
              : bid.legalRep;
    const value = cleanForWord(raw ?? '').trim();
    const runs: TextRun[] = [new TextRun({ ...fieldFont, text: meta.label })];
    if (value) runs.push(new TextRun({ ...fieldFont, text: value, underline: {} }));
    else if (field === 'date') runs.push(new TextRun({ ...fieldFont, text: '　　　　年　　月　　日' }));
    // A blank to write or stamp on: underlined ideographic spaces keep their width in every font.
    else
      runs.push(
        new TextRun({
          ...fieldFont,
          text: '　'.repeat(Math.max(4, blankWidth - Math.ceil(textEms(meta.label) / 2))),
          underline: {},
        }),
      );
    if (meta.suffix) runs.push(new TextRun({ ...fieldFont, text: meta.suffix }));
    out.push(
      new Paragraph({
        style: STYLE.coverField,
        indent: { left: indentLeft, firstLine: 0, firstLineChars: 0 },
        children: runs,
      }),
    );
  }
  return out;
}
