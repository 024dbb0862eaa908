/**
 * Whether a PDF page's text layer can be trusted, from its text alone. A scanned page has none or
 * almost none (a page number a scanner stamped); a page set in fonts without a Unicode map comes
 * out of pdf.js as 「�」 or as characters unrelated to the glyphs (「ᆿᒼᐸ⋵⊕ђ䐥…」). Such pages are read
 * again by OCR from the page image.
 */
export type PageVerdict = 'ok' | 'empty' | 'sparse' | 'garbled';

/** Fewer visible characters than this on a page that paints an image: a scan with a stamp. */
export const SPARSE_CHARS = 40;

/**
 * The most frequent characters of Chinese prose, plus those tender documents repeat on every page.
 * Real Chinese text draws well over half of its characters from this set; characters picked by
 * unrelated glyph numbers almost never do.
 */
const COMMON =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质' +
  '投标招采购供应商项目文件服务合同技术价格评分标准要求资格条款保证金人民币万元期限工程施工质量安全管理方案人员设备响应报价提交截止时间地点联系电话代理机构委托须应按照规定相关证明材料企业单位负责具有以上以下不得包括内容得分最高满分分值货物数量交付验收付款履约违约签订书面形式日期备注说明序号名称规格型号参数偏离表格式附件章节目录';
const COMMON_SET = new Set(COMMON);

const isCjk = (c: number) =>
  (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);
/** CJK, ASCII and the punctuation and symbols Chinese documents use. */
const isExpected = (c: number) =>
  isCjk(c) ||
  (c >= 0x20 && c <= 0x7e) ||
  (c >= 0x3000 && c <= 0x303f) || // CJK punctuation
  (c >= 0xff00 && c <= 0xffef) || // full-width forms
  (c >= 0x2000 && c <= 0x206f) || // general punctuation (—、…、“”)
  (c >= 0x2460 && c <= 0x24ff) || // ①…
  (c >= 0x2160 && c <= 0x217f) || // Ⅰ…
  (c >= 0x25a0 && c <= 0x26ff) || // ★ ▲ ● □ √
  (c >= 0x2190 && c <= 0x22ff) || // arrows, ≤ ≥ ×
  c === 0xa0 ||
  c === 0xb7 ||
  c === 0xd7 ||
  c === 0xf7 ||
  c === 0xb0 ||
  c === 0xa5 ||
  c === 0x2103;

export interface TextStats {
  /** Visible characters. */
  chars: number;
  /** Share of U+FFFD and private-use characters. */
  replacement: number;
  /** Share of characters outside CJK, ASCII and the usual punctuation. */
  unexpected: number;
  /** CJK characters, and the share of them in the common set. */
  cjk: number;
  common: number;
}

export function textStats(text: string): TextStats {
  let chars = 0;
  let replacement = 0;
  let unexpected = 0;
  let cjk = 0;
  let common = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x20 || c === 0x3000 || c === 0xa0) continue;
    chars++;
    if (c === 0xfffd || (c >= 0xe000 && c <= 0xf8ff)) replacement++;
    else if (!isExpected(c)) unexpected++;
    if (isCjk(c)) {
      cjk++;
      if (COMMON_SET.has(ch)) common++;
    }
  }
  return {
    chars,
    replacement: chars ? replacement / chars : 0,
    unexpected: chars ? unexpected / chars : 0,
    cjk,
    common: cjk ? common / cjk : 1,
  };
}

/**
 * The verdict on one page's text. `few`: so little text that the page is a scan only if it paints a
 * picture (parse-core asks the page; a near-empty page without one is a blank or a divider).
 */
export function judgeText(text: string): PageVerdict | 'few' {
  const s = textStats(text);
  if (s.chars === 0) return 'empty';
  if (s.chars >= 8) {
    if (s.replacement > 0.05 || s.unexpected > 0.2) return 'garbled';
    // Junk made of Latin letters and symbols: no Chinese at all, yet not plain ASCII either.
    if (s.unexpected > 0.08 && s.cjk < s.chars * 0.2) return 'garbled';
  }
  if (s.cjk >= 30 && s.common < 0.25) return 'garbled';
  return s.chars < SPARSE_CHARS ? 'few' : 'ok';
}

/** Page numbers as a reader writes them: 「3–19、22」. */
export function pageRanges(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.join('、');
}
