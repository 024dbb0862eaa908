import { catCell, headerRole, type HeaderRole } from './cells.ts';
import { categoryOfLabel } from './category.ts';

/** What the cells of a scoring table's header and rows are, for the reader of TAB tables (columns.ts). */

/** A header cell's roles: one, or two when the PDF's text glued two labels (编号评审因素). */
export function rolesOf(text: string): Array<HeaderRole | null> {
  const t = text.replace(/\s+/g, '');
  // A unit or note after the label (评分因素（权重）, 分值（分）).
  const one =
    headerRole(t) ??
    (/^[^（(]{2,}[（(][^）)]{1,12}[)）]$/.test(t) ? headerRole(t.replace(/[（(].*$/, '')) : null);
  if (one || t.length < 4) return [one];
  for (let k = 2; k <= t.length - 2; k++) {
    const a = headerRole(t.slice(0, k));
    const b = headerRole(t.slice(k));
    if (a && b) return [a, b];
  }
  return [null];
}

/** A score band's label: 优, 良, 一般, A档, 第一档 … */
export const BAND = /^(?:优|良|中|差|优秀|良好|一般|较好|较差|合格|不合格|[A-EＡ-Ｅ]档|第?[一二三四五]档)$/;
export const RANGE_TEXT = /\d\s*(?:分)?\s*[-–—~～至]\s*\d/;
/** The label a sub-item's criteria start with (一般参数（共 5 项）：…, 维修响应：…, ▲重要参数：…). */
export const LABEL = /^([★▲]?[\u4e00-\u9fa5A-Za-z]{2,12}?)(?:[（(][^）)]{0,12}[）)])?[：:]/;

/** A row's code or serial in its own cell: 3, A1, T-2, 2.1. */
export const CODE = /^(?:[A-Za-z]{1,2}[-‐]?\d{1,2}|\d{1,2}(?:\.\d{1,2})?)$/;
/** A category row, perhaps behind a letter code: A商务部分（15分）, 一、报价分（30分）. */
export function categoryRow(t: string): { label: string; points: number | null } | null {
  return catCell(t.replace(/^[A-Za-z]\s*/, ''));
}

/**
 * A table's title naming its part (表3-2 商务评分表（40分）, 附表2 技术部分评审表): the rows under it
 * are of that part.
 */
export function tableTitle(t: string): { label: string; points: number | null } | null {
  const m =
    /^(?:附)?表\s*[\d一二三四五六七八九十]+(?:\s*[-－.．—]\s*\d+)?\s*([\u4e00-\u9fa5]{2,10}?)(?:评分表|评审表|评分标准|评分细则|打分表)\s*(?:[（(]\s*(?:满分|共)?\s*(\d{1,3}(?:\.\d+)?)\s*分\s*[)）])?$/.exec(
      t.replace(/\s+/g, ''),
    );
  return m && categoryOfLabel(m[1]) ? { label: m[1], points: m[2] ? Number(m[2]) : null } : null;
}
