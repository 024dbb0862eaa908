import type { FormBlock, FormKind, TenderForm } from '@bid/shared';
import { rawLinesOf, type Line } from './lines.ts';

/**
 * The tender's own forms (投标函, 开标一览表, 授权书, 声明函, 偏离表 …) read from its 投标文件格式
 * chapter, verbatim: paragraphs as written and Word tables as rows of cells (a DOCX's and a PDF's
 * tables reach the text as TAB-separated rows, see files/parse-core.ts). Blanks stay as the tender
 * writes them; modules/forms fills them for a bid. Evaluators reject a 投标函 whose wording differs
 * from the tender's 格式, so nothing here rewrites a word.
 */

/** 第六章 投标文件格式 / 第五章 响应文件格式 / 投标文件格式（附件）: the chapter's own heading line. */
const CHAPTER_RE =
  /^(?:第[一二三四五六七八九十\d]+[章部分篇]\s*)?(?:投标|响应|磋商响应|磋商|应答|报价|竞争性谈判响应)?文件(?:的)?(?:组成(?:及|与))?格式(?:[（(][^）)]*[）)]|及附件)?$/;
/** Any chapter heading (the end of the forms chapter). */
const ANY_CHAPTER_RE = /^第[一二三四五六七八九十\d]+[章部分篇]\s*\S/;
/** The enumerators a forms chapter numbers its forms with. */
const ENUM_RE =
  /^(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|(?:附件|附表|格式)\s*[\d一二三四五六七八九十]+(?:[-－.][\d]+)?[：:、.．\s]*|\d+[、.．](?!\d))\s*/;
/** A title that names a form by its last word (中小企业声明函（货物）, 法定代表人授权书). */
const FORM_WORD_RE =
  /(?:函|一览表|报价表|明细表|清单|授权书|委托书|身份证明(?:书)?|声明|承诺书|偏离表|响应表|汇总表|报价单)(?:[（(][^）)]{0,20}[）)])?$/;
/** Blanks a tender leaves: underline runs, 【】, empty brackets, a lone bar in a cell. */
export const BLANK_RE = /_{2,}|＿{2,}|【\s*】|（\s{0,6}）|\(\s{0,6}\)/g;

/** The kind a title names; a bracketed note (其他（含《中小企业声明函》等）) names none. */
export function formKindOf(heading: string): FormKind {
  const title = heading.replace(/[（(][^）)]*[）)]/g, '');
  if (/投标函|响应函|磋商函|报价函|应答函|谈判函/.test(title)) return 'letter';
  if (/开标一览表|报价一览表|唱标|报价总表/.test(title)) return 'opening';
  if (/分项报价|报价明细|明细表|工程量清单|报价清单/.test(title)) return 'price-detail';
  if (/授权/.test(title)) return 'authorization';
  if (/身份证明/.test(title)) return 'identity';
  if (/偏离表|响应表/.test(title)) return 'deviation';
  if (/中小企业|小微企业|监狱企业|残疾人福利/.test(title)) return 'sme';
  if (/承诺|声明/.test(title)) return 'commitment';
  return 'other';
}

/** A short line of its own that opens a form or another part of the chapter. */
function headingTitle(line: string): string | null {
  const t = line.trim();
  if (!t || t.length > 40 || line.includes('\t') || /[。；;，,：:]$/.test(t)) return null;
  BLANK_RE.lastIndex = 0;
  if (BLANK_RE.test(t)) return null;
  // 附：中小企业声明函 (a form appended to another) opens a form when it names one.
  const appended = /^附[：:]\s*/.exec(t);
  if (appended) {
    const title = t.slice(appended[0].length).trim();
    return title && !/[：:]/.test(title) && FORM_WORD_RE.test(title) ? title : null;
  }
  // 1.3 资格审查资料: a numbered section of a list or of the 须知 ends the form before it.
  const section = /^\d+\.\d+(?:\.\d+)*\s*/.exec(t);
  if (section) {
    const title = t.slice(section[0].length).trim();
    return title && title.length <= 20 && !/[，,：:（(]/.test(title) ? title : null;
  }
  const e = ENUM_RE.exec(t);
  const title = (e ? t.slice(e[0].length) : t).trim();
  if (!title || /[：:]/.test(title)) return null;
  // 一、技术方案 opens a part too (so the form before it ends there); 1. lines must name a form.
  if (e && /^[一二三四五六七八九十]+[、.．]|^(?:附件|附表|格式)/.test(e[0])) return title;
  return FORM_WORD_RE.test(title) ? title : null;
}

/** The lines of the forms chapter: the longest span from its heading to the next chapter (not a TOC entry). */
function chapterLines(lines: Line[]): Line[] {
  let best: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text.trim();
    if (t.length > 40 || lines[i].text.includes('\t') || !CHAPTER_RE.test(t.replace(/\s+/g, ' '))) continue;
    let j = i + 1;
    while (j < lines.length) {
      const n = lines[j].text.trim();
      if (n.length <= 40 && !lines[j].text.includes('\t') && ANY_CHAPTER_RE.test(n) && !/[。；]$/.test(n))
        break;
      j++;
    }
    if (j - i - 1 > best.length) best = lines.slice(i + 1, j);
  }
  return best;
}

const PAGE_NUMBER_RE =
  /^(?:第\s*\d+\s*页(?:\s*[，,]?\s*共\s*\d+\s*页)?|[-－—]\s*\d+\s*[-－—]|\d+\s*\/\s*\d+)$/;

/** A line that starts a paragraph of its own: an enumerator, a note, a signature line. */
const PARAGRAPH_START_RE =
  /^(?:\d+[.、．]|[一二三四五六七八九十]+、|[（(][\d一二三四五六七八九十]+[)）]|注[:：]|附[:：]|\S{1,12}[（(][^）)]*[)）][:：])/;

/**
 * A PDF's text breaks a paragraph at the end of each printed line: a line as long as the longest of
 * the form that ends without a stop runs on into the next. A DOCX's paragraphs are lines of their
 * own and rarely that long without a stop, so they stay as they are.
 */
export function reflow(lines: string[]): string[] {
  const plain = lines.filter((l) => !l.includes('\t')).map((l) => l.trim().length);
  const widest = Math.max(0, ...plain);
  if (widest < 30) return lines;
  const out: string[] = [];
  for (const line of lines) {
    const prev = out.at(-1);
    const t = line.trim();
    const runsOn =
      prev !== undefined &&
      !prev.includes('\t') &&
      !line.includes('\t') &&
      t &&
      prev.trim().length >= widest * 0.85 &&
      !/[。；;：:！？!?]$/.test(prev.trim()) &&
      !PARAGRAPH_START_RE.test(t) &&
      !PAGE_NUMBER_RE.test(t);
    if (runsOn) out[out.length - 1] = prev.replace(/\s+$/, '') + t;
    else out.push(line);
  }
  return out;
}

/** Paragraphs and TAB rows as blocks; a cell of one space is a merged cell's continuation and stays so. */
export function blocksOf(lines: string[]): FormBlock[] {
  const out: FormBlock[] = [];
  let rows: string[][] | null = null;
  const closeTable = () => {
    if (!rows) return;
    const width = Math.max(...rows.map((r) => r.length));
    out.push({ kind: 'table', rows: rows.map((r) => [...r, ...Array<string>(width - r.length).fill('')]) });
    rows = null;
  };
  for (const line of lines) {
    if (line.includes('\t')) {
      (rows ??= []).push(line.split('\t').map((c) => (c === ' ' ? ' ' : c.trim())));
      continue;
    }
    closeTable();
    const t = line.replace(/\s+$/, '');
    // A PDF's page number between two lines of a form is no part of it.
    if (t.trim() && !PAGE_NUMBER_RE.test(t.trim())) out.push({ kind: 'paragraph', text: t });
  }
  closeTable();
  return out;
}

function hasBlank(blocks: FormBlock[]): boolean {
  const blank = (s: string) => {
    BLANK_RE.lastIndex = 0;
    return BLANK_RE.test(s);
  };
  return blocks.some((b) => (b.kind === 'paragraph' ? blank(b.text) : b.rows.some((r) => r.some(blank))));
}

/** The forms of a tender's 投标文件格式 chapter, in its order; empty when it has none. */
export function extractForms(text: string): TenderForm[] {
  const lines = chapterLines(rawLinesOf(text));
  const sections: Array<{ title: string; head: Line; body: Line[] }> = [];
  for (const line of lines) {
    const title = headingTitle(line.text);
    if (title) sections.push({ title, head: line, body: [] });
    else sections.at(-1)?.body.push(line);
  }
  // The chapter's list of its parts (一、投标函 二、开标一览表 …) is headings without bodies;
  // a title the chapter lists and then gives keeps the one with the body.
  const withBody = sections.filter((s) => s.body.some((l) => l.text.trim()));
  const byTitle = new Map<string, (typeof withBody)[number]>();
  for (const s of withBody) {
    const key = s.title.replace(/\s+/g, '');
    const seen = byTitle.get(key);
    if (!seen || s.body.length > seen.body.length) byTitle.set(key, s);
  }
  const out: TenderForm[] = [];
  for (const s of withBody) {
    if (byTitle.get(s.title.replace(/\s+/g, '')) !== s) continue;
    const blocks = blocksOf(reflow(s.body.map((l) => l.text)));
    const kind = formKindOf(s.title);
    // A part the bidder writes itself (技术方案: instructions only) is no form.
    if (kind === 'other' && !hasBlank(blocks) && !blocks.some((b) => b.kind === 'table')) continue;
    const last = s.body.filter((l) => l.text.trim()).at(-1) ?? s.head;
    out.push({
      title: s.title.slice(0, 200),
      kind,
      blocks: blocks.slice(0, 400),
      source: { start: s.head.start, end: last.end },
    });
    if (out.length >= 60) break;
  }
  return out;
}
