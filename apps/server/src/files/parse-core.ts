import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import type { OcrPageReason, TenderFileKind } from '@bid/shared';
import { foldRadicals } from '@bid/shared/radicals';
import { decodeText } from './sniff.ts';
import { checkDocxZip, ZipRejected } from './zip.ts';
import { numberParagraphs, type NumberedParagraph } from './docx-numbering.ts';
import { judgeText, type PageVerdict } from './ocr/text-layer.ts';
import { errorText } from '../lib/unknown.ts';
import { pageRules, ruledPageText, type OperatorList, type PathOps, type PdfItem } from './pdf-tables.ts';

/**
 * Parsing of tender files. Runs inside a worker thread (parse.ts) with time and memory limits: a
 * hostile or broken file can only take the worker down, never the server.
 */

export interface ParseLimits {
  maxPages: number;
  maxUnpackedBytes: number;
  maxEntries: number;
  maxTextChars: number;
}

export interface ParsedFile {
  text: string;
  pages: number | null;
  headings: Array<{ level: number; text: string }>;
  /**
   * A PDF some of whose pages have no usable text layer (scanned, or fonts without a Unicode map):
   * those pages and each page's text as read, for the parent to fill in by OCR (files/parse.ts).
   */
  ocr?: { pages: Array<{ page: number; verdict: Exclude<PageVerdict, 'ok'> }>; pageTexts: string[] };
  /** The pages that were read by OCR (set by the parent once it has). */
  ocrPages?: number[];
  /** Why each of `ocrPages` was (set by the parent with them). */
  ocrReasons?: OcrPageReason[];
  /** Each page read by OCR: its image size and the box of each line on it, to show a passage on the page. */
  ocrBoxes?: OcrPageBoxes[];
}

export interface OcrPageBoxes {
  page: number;
  /** Degrees the page image was turned back by before reading (the boxes are on the turned image). */
  skew: number;
  width: number;
  height: number;
  lines: Array<{ text: string; x0: number; y0: number; x1: number; y1: number }>;
}

/**
 * A failure the user should hear about; the main thread turns the code into a message (this
 * module stays free of the shared package so that the worker starts fast).
 */
export type ParseFailureCode =
  | 'pdf-encrypted'
  | 'pdf-broken'
  | 'pdf-bomb'
  | 'pdf-pages'
  | 'pdf-no-text'
  | 'docx-bomb'
  | 'docx-broken'
  | 'doc-broken'
  | 'binary'
  | 'empty';

export class ParseFailure extends Error {
  constructor(readonly code: ParseFailureCode) {
    super(code);
  }
}

export function normalizeText(s: string, max: number): string {
  const t = foldRadicals(s)
    .replace(/\r\n?/g, '\n')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
  return t.length > max ? t.slice(0, max) : t;
}

// ---------------------------------------------------------------- PDF

/** No single stream of text, fonts or structure inflates past this: a real one is far smaller. */
const PDF_STREAM_MAX = 64 * 1024 * 1024;

/**
 * Inflates every Flate stream that is not an image (pdf.js reads only those for text) with a cap,
 * before pdf.js sees the file: a small PDF whose stream inflates to a gigabyte is refused in about
 * a second instead of being inflated (and held) by pdf.js. Image streams are skipped: text
 * extraction never decodes them. Unreadable streams are left to pdf.js to judge.
 */
export function checkPdfStreams(buf: Buffer, maxTotal: number): void {
  const text = buf.toString('latin1');
  let total = 0;
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    // The stream dictionary ends just before the keyword: `<< ... >>stream`.
    const dict = text.slice(Math.max(0, m.index - 1024), m.index);
    const dictStart = dict.lastIndexOf('obj');
    const head = dictStart >= 0 ? dict.slice(dictStart) : dict;
    if (!/FlateDecode/.test(head) || /\/Subtype\s*\/Image/.test(head)) continue;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const limit = Math.min(PDF_STREAM_MAX, maxTotal - total) + 1;
    try {
      total += zlib.inflateSync(buf.subarray(start, end), {
        maxOutputLength: limit,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      }).length;
    } catch (e) {
      if (errorText(e, 'code') === 'ERR_BUFFER_TOO_LARGE') throw new ParseFailure('pdf-bomb');
    }
    if (total > maxTotal) throw new ParseFailure('pdf-bomb');
    re.lastIndex = end + 9;
  }
}

export async function parsePdf(buf: Buffer, limits: ParseLimits): Promise<ParsedFile> {
  checkPdfStreams(buf, limits.maxUnpackedBytes);
  // Imported once: each dynamic import asks the module loader again (the TypeScript loader's hooks
  // run in a thread of their own), which on every tabular page of a 445-page tender added up to 0.1 s.
  const { openPdf, OPS } = await import('./pdf-runtime.mjs');
  let doc;
  try {
    doc = await openPdf(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)).promise;
  } catch (e) {
    const name = errorText(e, 'name') ?? '';
    if (name === 'PasswordException') throw new ParseFailure('pdf-encrypted');
    throw new ParseFailure('pdf-broken');
  }
  try {
    if (doc.numPages > limits.maxPages) throw new ParseFailure('pdf-pages');
    const pages: string[] = [];
    const ocr: NonNullable<ParsedFile['ocr']>['pages'] = [];
    let total = 0;
    for (let i = 1; i <= doc.numPages && total < limits.maxTextChars; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      const items = content.items as PdfItem[];
      // Read once for both questions asked of it (a table's rules, a picture on a page of few words).
      let ops: Promise<OperatorList> | undefined;
      const opList = () => (ops ??= page.getOperatorList());
      let text = pageText(items);
      if (mayHoldTable(text)) text = ruledText(page, items, await opList(), OPS) ?? text;
      let verdict = judgeText(text);
      if (verdict === 'few') verdict = paintsImage(await opList(), OPS) ? 'sparse' : 'ok';
      if (verdict !== 'ok') {
        ocr.push({ page: i, verdict });
        // A garbled layer is worse than none: it would reach the analysis as text.
        if (verdict === 'garbled') text = '';
      }
      pages.push(text);
      total += text.length;
      page.cleanup();
    }
    const text = normalizeText(pages.join('\n\n'), limits.maxTextChars);
    if (ocr.length) return { text, pages: doc.numPages, headings: [], ocr: { pages: ocr, pageTexts: pages } };
    if (!text.replace(/\s/g, '')) throw new ParseFailure('pdf-no-text');
    return { text, pages: doc.numPages, headings: [] };
  } catch (e) {
    if (e instanceof ParseFailure) throw e;
    throw new ParseFailure('pdf-broken');
  } finally {
    await doc.destroy().catch(() => {});
  }
}

/**
 * Whether a page's text looks like a table worth reading by its rules: several lines that are
 * TAB-separated cells or a bare number (a points or quantity cell on its own line). Reading the
 * rules costs the page's operator list, so pages of prose are spared it. (Every page of a table
 * that runs across pages must read alike, so nothing about its content is asked.)
 */
function mayHoldTable(text: string): boolean {
  let cells = 0;
  for (const line of text.split('\n'))
    if ((line.includes('\t') || /^\s*\d{1,3}(?:\.\d+)?\s*$/.test(line)) && ++cells >= 3) return true;
  return false;
}

/** The page's text with its ruled tables read cell by cell (files/pdf-tables), or null. */
function ruledText(
  page: { view: number[] },
  items: PdfItem[],
  ops: OperatorList,
  OPS: PathOps,
): string | null {
  return ruledPageText(items, pageRules(ops, OPS, page.view), page.view, pageText);
}

/** Whether a page draws a picture (a scanned page is one picture). */
function paintsImage(ops: OperatorList, OPS: PathOps): boolean {
  const painting = new Set([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
  ]);
  return Array.prototype.some.call(ops.fnArray, (f: number) => painting.has(f));
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Text of one page with its lines; a wide gap between two pieces on one line becomes a tab, so
 * table rows arrive as tab-separated cells (the scoring table parser reads those).
 */
export function pageText(items: PdfItem[]): string {
  // Pieces and the last character kept aside: asking a growing string for its end flattens it
  // each time, which made long pages quadratic.
  const parts: string[] = [];
  let last = '\n';
  const put = (t: string) => {
    parts.push(t);
    last = t[t.length - 1];
  };
  let lastY: number | null = null;
  let lastEnd: number | null = null;
  // The figure cell being put after a gap (0～10 set apart from the name before it), if any.
  let figure: string | null = null;
  for (const it of items) {
    if (typeof it.str !== 'string') continue;
    // pdf.js inserts spaces for gaps itself; the gap is measured from the real pieces instead.
    if (!it.str.trim()) {
      if (it.hasEOL && last !== '\n' && parts.length) {
        put('\n');
        lastEnd = null;
      }
      continue;
    }
    const x = it.transform?.[4] ?? 0;
    const y = it.transform?.[5] ?? 0;
    const h = Math.abs(it.height || it.transform?.[3] || 10);
    if (lastY !== null && Math.abs(y - lastY) > h * 0.5 && last !== '\n') put('\n');
    else if (lastEnd !== null && last !== '\n') {
      const gap = x - lastEnd;
      // (A figure set half a glyph or more from the Chinese text before it, where a typed space is a
      // quarter, is a cell of a table drawn without rules, and so is the text half a glyph after that
      // figure: 项目理解与总体实施方案 | 0～10 | 对本项目…. A serial starting a line is not set apart so.)
      const cjk = (c: string) => /[\u4e00-\u9fa5（）]/.test(c);
      const wide = gap > h * 0.4;
      if (gap > h * 1.5 || (wide && cjk(last) && /^[0-9]/.test(it.str))) {
        put('\t');
        figure = '';
      } else if (wide && figure != null && /^[\d.～~\-–—]+分?$/.test(figure) && cjk(it.str[0])) put('\t');
      else if (gap > h * 0.25 && isAlnum(last.charCodeAt(0)) && isAlnum(it.str.charCodeAt(0))) put(' ');
    }
    figure =
      figure != null && last !== '\n' && last !== '\t' ? figure + it.str : last === '\t' ? it.str : null;
    put(it.str);
    lastY = y;
    lastEnd = x + (it.width ?? 0);
    if (it.hasEOL) {
      put('\n');
      lastEnd = null;
    }
  }
  return parts.join('');
}

// ---------------------------------------------------------------- DOCX

interface MammothElement {
  type: string;
  children?: MammothElement[];
  value?: string;
  [k: string]: unknown;
}

function elementText(e: MammothElement): string {
  if (e.type === 'text') return e.value ?? '';
  if (e.type === 'tab') return '\t';
  return (e.children ?? []).map(elementText).join('');
}

const norm = (s: string) => s.replace(/\s+/g, '').slice(0, 30);

/** HTML from mammoth to text: one line per block, table cells separated by tabs. */
/**
 * Word's merged cells kept in their columns: mammoth writes a vertically merged cell once (rowspan)
 * and leaves it out of the rows below, which shifts their cells one column left (a 评审类别 column
 * merged over its rows puts the serial under 评审类别). Those rows get an empty cell in its place,
 * and a horizontally merged cell (colspan) empty cells after it.
 */
function alignMergedCells(html: string): string {
  const EMPTY = '<td>&nbsp;</td>';
  return html.replace(/<table[^>]*>([\s\S]*?)<\/table>/g, (table: string) => {
    if (!/rowspan|colspan/.test(table)) return table;
    const pending: number[] = [];
    return table.replace(/<tr([^>]*)>([\s\S]*?)<\/tr>/g, (_tr, trAttrs: string, inner: string) => {
      const out: string[] = [];
      let col = 0;
      const fill = () => {
        while ((pending[col] ?? 0) > 0) {
          pending[col] -= 1;
          out.push(EMPTY);
          col += 1;
        }
      };
      for (const m of inner.matchAll(/<(td|th)([^>]*)>([\s\S]*?)<\/\1>/g)) {
        fill();
        const rows = Number(/rowspan="(\d+)"/.exec(m[2])?.[1] ?? 1);
        const cols = Number(/colspan="(\d+)"/.exec(m[2])?.[1] ?? 1);
        out.push(m[0]);
        for (let k = 0; k < cols; k++) {
          if (k > 0) out.push(EMPTY);
          pending[col + k] = rows - 1;
        }
        col += cols;
      }
      fill();
      return `<tr${trAttrs}>${out.join('')}</tr>`;
    });
  });
}

export function htmlToText(html: string): string {
  return alignMergedCells(html)
    .replace(
      /<(td|th)([^>]*)>([\s\S]*?)<\/\1>/g,
      (_m, tag: string, _a: string, inner: string) =>
        `<${tag}>${inner.replace(/<\/p>\s*<p[^>]*>/g, ' ').replace(/<\/?p[^>]*>/g, '')}</${tag}>`,
    )
    .replace(/<\/(td|th)>\s*<(td|th)[^>]*>/g, '\t')
    .replace(/<(br)\s*\/?>/g, '\n')
    .replace(/<\/(p|h[1-6]|li|tr|table|div)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos|nbsp);/g, (_, e: string) => {
      if (e === 'nbsp') return ' ';
      if (e[0] === '#')
        return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e] ?? '';
    })
    .replace(/\t*\n\t*/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

export async function parseDocx(buf: Buffer, limits: ParseLimits): Promise<ParsedFile> {
  let parts: Map<string, string>;
  try {
    parts = await checkDocxZip(
      buf,
      { maxUnpackedBytes: limits.maxUnpackedBytes, maxEntries: limits.maxEntries },
      ['word/document.xml', 'word/numbering.xml', 'word/styles.xml'],
    );
  } catch (e) {
    if (e instanceof ZipRejected && e.reason === 'bomb') throw new ParseFailure('docx-bomb');
    throw new ParseFailure('docx-broken');
  }
  let numbered: NumberedParagraph[] = [];
  try {
    numbered = numberParagraphs(
      parts.get('word/document.xml') ?? '',
      parts.get('word/numbering.xml'),
      parts.get('word/styles.xml'),
    );
  } catch {
    numbered = [];
  }
  // Labels in document order, matched to mammoth's paragraphs by their text.
  const labelled = numbered.filter((p) => p.label && p.text.trim());
  let cursor = 0;
  const mammoth = (await import('mammoth')).default;
  const labelParagraph = (p: MammothElement): MammothElement => {
    if (cursor >= labelled.length) return p;
    const t = norm(elementText(p));
    if (!t) return p;
    for (let k = cursor; k < Math.min(labelled.length, cursor + 6); k++) {
      if (norm(labelled[k].text) === t) {
        const label = labelled[k].label;
        cursor = k + 1;
        const run: MammothElement = {
          type: 'run',
          children: [{ type: 'text', value: `${label}${/[、.．)）]$/.test(label) ? '' : ' '}` }],
          styleId: null,
          styleName: null,
          isBold: false,
          isUnderline: false,
          isItalic: false,
          isStrikethrough: false,
          isAllCaps: false,
          isSmallCaps: false,
          verticalAlignment: 'baseline',
          font: null,
          fontSize: null,
          highlight: null,
        };
        return { ...p, children: [run, ...(p.children ?? [])] };
      }
    }
    return p;
  };
  // What mammoth.transforms.paragraph does (children first, in place), written out: its typings omit it.
  const transform = (e: MammothElement): MammothElement => {
    if (e.children) e.children = e.children.map(transform);
    return e.type === 'paragraph' ? labelParagraph(e) : e;
  };
  let html: string;
  try {
    const r = await mammoth.convertToHtml(
      { buffer: buf },
      {
        transformDocument: transform,
        ignoreEmptyParagraphs: true,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    html = r.value;
  } catch {
    throw new ParseFailure('docx-broken');
  }
  const text = normalizeText(htmlToText(html), limits.maxTextChars);
  if (!text.replace(/\s/g, '')) throw new ParseFailure('empty');
  const headings = numbered
    .filter((p) => p.outline !== null && p.outline <= 6 && p.text.trim())
    .slice(0, 500)
    .map((p) => ({
      level: p.outline!,
      text: `${p.label ? `${p.label}${/[、.．)）]$/.test(p.label) ? '' : ' '}` : ''}${p.text.trim()}`.slice(
        0,
        200,
      ),
    }));
  return { text, pages: null, headings };
}

// ---------------------------------------------------------------- DOC, TXT

export async function parseDoc(buf: Buffer, limits: ParseLimits): Promise<ParsedFile> {
  const WordExtractor = (await import('word-extractor')).default;
  let body: string;
  try {
    const doc = await new WordExtractor().extract(buf);
    body = doc.getBody();
  } catch {
    throw new ParseFailure('doc-broken');
  }
  const text = normalizeText(body, limits.maxTextChars);
  if (!text.replace(/\s/g, '')) throw new ParseFailure('empty');
  return { text, pages: null, headings: [] };
}

export function parseTxt(buf: Buffer, limits: ParseLimits): ParsedFile {
  const decoded = decodeText(buf);
  if (!decoded) throw new ParseFailure('binary');
  const text = normalizeText(decoded.text, limits.maxTextChars);
  if (!text.replace(/\s/g, '')) throw new ParseFailure('empty');
  return { text, pages: null, headings: [] };
}

export async function parseFileAt(
  file: string,
  kind: TenderFileKind,
  limits: ParseLimits,
): Promise<ParsedFile> {
  const buf = await fs.readFile(file);
  switch (kind) {
    case 'pdf':
      return parsePdf(buf, limits);
    case 'docx':
      return parseDocx(buf, limits);
    case 'doc':
      return parseDoc(buf, limits);
    default:
      return parseTxt(buf, limits);
  }
}
