import type { FontSpec } from '../templates/schema.ts';
import { sizeToHalfPoints } from '../templates/sizes.ts';

/**
 * WordprocessingML written as strings. The body of a 300-page bid is hundreds of thousands of runs;
 * building docx's object tree for each and serialising it costs seconds and hundreds of MB, while
 * string concatenation costs milliseconds. Element order inside w:pPr / w:rPr follows the schema
 * (Word rejects files that do not).
 */

export function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}

export interface RunProps {
  font: FontSpec;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  highlight?: boolean;
  /** Latin face override (code). */
  latin?: string;
  color?: string | null;
  /** Character style (e.g. Hyperlink). */
  style?: string;
}

const rPrCache = new Map<string, string>();

/** w:rPr with the run's East Asian and Latin faces and its size always written (direct formatting, as WPS and Word write CJK text). */
export function rPr(p: RunProps): string {
  const latin = p.latin ?? p.font.latin;
  const key = `${p.style ?? ''}|${latin}|${p.font.eastAsia}|${p.font.size}|${p.bold ? 1 : 0}${p.italic ? 1 : 0}${p.underline ? 1 : 0}${p.strike ? 1 : 0}${p.highlight ? 1 : 0}|${p.color ?? ''}`;
  let out = rPrCache.get(key);
  if (out) return out;
  const l = esc(latin);
  const sz = sizeToHalfPoints(p.font.size);
  out =
    '<w:rPr>' +
    (p.style ? `<w:rStyle w:val="${esc(p.style)}"/>` : '') +
    `<w:rFonts w:ascii="${l}" w:hAnsi="${l}" w:eastAsia="${esc(p.font.eastAsia)}" w:cs="${l}"/>` +
    (p.bold ? '<w:b/><w:bCs/>' : '') +
    (p.italic ? '<w:i/><w:iCs/>' : '') +
    (p.strike ? '<w:strike/>' : '') +
    (p.color ? `<w:color w:val="${esc(p.color)}"/>` : '') +
    `<w:sz w:val="${sz}"/><w:szCs w:val="${sz}"/>` +
    (p.highlight ? '<w:highlight w:val="yellow"/>' : '') +
    (p.underline ? '<w:u w:val="single"/>' : '') +
    '</w:rPr>';
  if (rPrCache.size < 5000) rPrCache.set(key, out);
  return out;
}

/** Runs for text: tabs become w:tab, newlines w:br. `text` must already be clean (cleanForWord). */
export function runs(text: string, props: string): string {
  if (!text) return '';
  if (!/[\t\n]/.test(text)) return `<w:r>${props}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
  let inner = '';
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (i > 0) inner += '<w:br/>';
    line.split('\t').forEach((part, k) => {
      if (k > 0) inner += '<w:tab/>';
      if (part) inner += `<w:t xml:space="preserve">${esc(part)}</w:t>`;
    });
  });
  return `<w:r>${props}${inner}</w:r>`;
}

export interface ParaProps {
  style?: string;
  keepNext?: boolean;
  pageBreakBefore?: boolean;
  border?: 'box' | 'bottom';
  shading?: string;
  tabs?: string;
  spacing?: { before?: number; after?: number; line?: number; lineRule?: 'auto' | 'exact' | 'atLeast' };
  indent?: { left?: number; hanging?: number; firstLine?: number; firstLineChars?: number };
  jc?: 'left' | 'center' | 'right' | 'both';
}

export function pPr(p: ParaProps): string {
  let s = '';
  if (p.style) s += `<w:pStyle w:val="${p.style}"/>`;
  if (p.keepNext) s += '<w:keepNext/>';
  if (p.pageBreakBefore) s += '<w:pageBreakBefore/>';
  if (p.border === 'box') {
    const b = 'w:val="single" w:sz="6" w:space="4" w:color="808080"';
    s += `<w:pBdr><w:top ${b}/><w:left ${b}/><w:bottom ${b}/><w:right ${b}/></w:pBdr>`;
  } else if (p.border === 'bottom') {
    s += '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="808080"/></w:pBdr>';
  }
  if (p.shading) s += `<w:shd w:val="clear" w:color="auto" w:fill="${p.shading}"/>`;
  if (p.tabs) s += p.tabs;
  if (p.spacing) {
    const sp = p.spacing;
    s += `<w:spacing${sp.before !== undefined ? ` w:before="${sp.before}"` : ''}${sp.after !== undefined ? ` w:after="${sp.after}"` : ''}${sp.line !== undefined ? ` w:line="${sp.line}" w:lineRule="${sp.lineRule ?? 'auto'}"` : ''}/>`;
  }
  if (p.indent) {
    const i = p.indent;
    s += `<w:ind${i.left !== undefined ? ` w:left="${i.left}"` : ''}${i.hanging !== undefined ? ` w:hanging="${i.hanging}"` : ''}${i.firstLine !== undefined ? ` w:firstLine="${i.firstLine}"` : ''}${i.firstLineChars !== undefined ? ` w:firstLineChars="${i.firstLineChars}"` : ''}/>`;
  }
  if (p.jc) s += `<w:jc w:val="${p.jc}"/>`;
  return s ? `<w:pPr>${s}</w:pPr>` : '';
}

export function paragraph(props: ParaProps, inner: string): string {
  return `<w:p>${pPr(props)}${inner}</w:p>`;
}

const EMU_PER_PX = 9525;

/** An inline picture (r:embed relationship id given). */
export function drawing(
  rid: string,
  id: number,
  widthPx: number,
  heightPx: number,
  alt: string,
  fileName: string,
): string {
  const cx = Math.round(widthPx * EMU_PER_PX);
  const cy = Math.round(heightPx * EMU_PER_PX);
  const a = esc(alt);
  return (
    '<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">' +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
    `<wp:docPr id="${id}" name="图片 ${id}" descr="${a}" title="${a}"/>` +
    '<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr>' +
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    `<pic:nvPicPr><pic:cNvPr id="${id}" name="${esc(fileName)}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
  );
}
