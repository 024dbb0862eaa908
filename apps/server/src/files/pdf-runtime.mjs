// pdf.js for a parse child, set up once per child (preloaded by lib/child-worker-boot.mjs before the
// TypeScript loader; plain JavaScript for that reason). A child reads many files in turn, so all that
// does not depend on the file is done here once:
// - pdf.js and its worker module are compiled once (the biggest part of a child's start);
// - pdf.js's "worker" runs in this process: its own fake worker passes every message through
//   structuredClone (a LoopbackPort), which for a 400-page tender copied every text item once more
//   (about a third of the time). One PDFWorker on a port that hands text chunks over uncopied
//   serves every document of this child;
// - CMaps and standard font data are read from disk once and kept (pdf.js reads them per document);
// - the legacy build's core-js replaces Array.prototype.push with a slower polyfill (for an engine
//   bug about non-writable lengths that pdf.js never meets); the native push is put back;
// - the text extractor's TextState.clone() makes every state it copies the prototype of the copy
//   (Object.create(this)), and V8 turns each such object into a slow prototype: on a LibreOffice
//   tender that was another third of the time. Every field of a TextState is its own, so a copy
//   made from TextState.prototype is the same state; the worker module is loaded with that one line
//   changed (the original is loaded when the line is not found, e.g. after a pdf.js upgrade).
// - in a parse child (loaded through pdf-text-runtime.mjs: text only, nothing is ever drawn) the
//   work pdf.js does for drawing glyphs is left out: an embedded Type1 font (LibreOffice's and TeX's
//   PDFs) is not rewritten as a CFF program — its charstrings, encoding and glyph names, which the
//   text comes from, are still read — and no glyph outlines are built for the operator list (read
//   for a page's rules and whether it paints a picture). That was a third of the CPU of a 23-page
//   LibreOffice tender. The operator list leaves the shown text and its fonts out altogether.
//   The OCR child draws pages and loads this module as it is.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const CLONE_BY_PROTOTYPE = 'const clone = Object.assign(Object.create(this), this);';
const CLONE_FLAT = 'const clone = Object.assign(Object.create(TextState.prototype), this);';

/**
 * Work a text-only child leaves out (drawing-only work, or work done twice), each as [what pdf.js 5
 * has, what replaces it]. A change whose text is not found exactly once (another pdf.js) is not
 * made: that work is done.
 */
const TEXT_ONLY = [
  // Type1Font: the charstrings converted to Type 2 and wrapped as a CFF font program, which only the
  // font file handed to the drawing side (and the glyph outlines below) are made of.
  [
    [
      '    const type2Charstrings = this.getType2Charstrings(charstrings);',
      '    const subrs = this.getType2Subrs(data.subrs);',
      '    this.charstrings = charstrings;',
      '    this.data = this.wrap(name, type2Charstrings, this.charstrings, subrs, properties);',
    ].join('\n'),
    ['    this.charstrings = charstrings;', '    this.data = new Uint8Array(0);'].join('\n'),
  ],
  // PartialEvaluator.handleText in an operator list: glyph outlines sent for drawing (every glyph,
  // as font faces are disabled here).
  [
    '  handleText(chars, state) {\n    const font = state.font;\n    const glyphs = font.charsToGlyphs(chars);\n    if (font.data) {',
    '  handleText(chars, state) {\n    const font = state.font;\n    const glyphs = font.charsToGlyphs(chars);\n    if (false) {',
  ],
  // PartialEvaluator.getOperatorList: the text operators — those that show glyphs (Tj, TJ, ' and "),
  // set their font (Tf) and place them (BT, ET, Td, TD, T*, Tm, Tc, Tw, Tz, TL, Ts) — left out of the
  // operator list, by cases put before the switch's own (the first matching case is taken). The list
  // is read for its paths, transforms and images (files/pdf-tables.ts, paintsImage in parse-core.ts);
  // the text comes from getTextContent. Each Tf went through the font cache and a promise round trip
  // of the evaluator's loop, each shown string had its glyphs looked up and copied to this side to be
  // drawn: 82,000 of each on the 445-page tender, about a third of the operator list's cost; the
  // placing operators were 200,000 of the 265,000 left, each copied to this side.
  [
    '        let fn = operation.fn;\n        switch (fn | 0) {\n          case OPS.paintXObject:',
    [
      '        let fn = operation.fn;',
      '        switch (fn | 0) {',
      '          case OPS.setFont:',
      '          case OPS.showText:',
      '          case OPS.showSpacedText:',
      '          case OPS.nextLineShowText:',
      '          case OPS.nextLineSetSpacingShowText:',
      '          case OPS.beginText:',
      '          case OPS.endText:',
      '          case OPS.moveText:',
      '          case OPS.setLeadingMoveText:',
      '          case OPS.nextLine:',
      '          case OPS.setTextMatrix:',
      '          case OPS.setCharSpacing:',
      '          case OPS.setWordSpacing:',
      '          case OPS.setHScale:',
      '          case OPS.setLeading:',
      '          case OPS.setTextRise:',
      '            continue;',
      '          case OPS.paintXObject:',
    ].join('\n'),
  ],
  // Page.getContentStream: a page's content stream inflated once for its text and its operator list
  // (parse-core reads one page's text, then its operator list, then the next page). The last page's
  // bytes are kept on the document, one page's worth at most; they are only read from, never changed.
  // The inflating was about 40 % of the operator list's cost.
  [
    '      if (content.isAsync) {\n        const bytes = await content.asyncGetBytes();',
    [
      '      if (content.isAsync) {',
      '        const last = this.pdfManager.bidLastContent;',
      '        const bytes = last?.page === this ? last.bytes : await content.asyncGetBytes();',
      '        this.pdfManager.bidLastContent = { page: this, bytes };',
    ].join('\n'),
  ],
];
export const textOnly = globalThis.bidPdfTextOnly === true;
/** Which of the TEXT_ONLY changes were made (tests check them against the installed pdf.js). */
export const textOnlyApplied = [];

/** `source` with `from` replaced when it occurs exactly once, else null. */
function replaceOnce(source, from, to) {
  const at = source.indexOf(from);
  if (at < 0 || source.indexOf(from, at + 1) >= 0) return null;
  return source.slice(0, at) + to + source.slice(at + from.length);
}

/** The worker module's source with TextState.clone flattened, or null when it is not as expected. */
function flattenedWorkerSource() {
  let source = fs.readFileSync(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');
  const at = source.indexOf(CLONE_BY_PROTOTYPE);
  const cls = source.lastIndexOf('class TextState {', at);
  if (at < 0 || cls < 0 || source.indexOf('\nclass ', cls + 1) < at) return null;
  if (source.indexOf(CLONE_BY_PROTOTYPE, at + 1) >= 0) return null;
  source = source.slice(0, at) + CLONE_FLAT + source.slice(at + CLONE_BY_PROTOTYPE.length);
  if (textOnly)
    TEXT_ONLY.forEach(([from, to], i) => {
      const changed = replaceOnce(source, from, to);
      if (changed === null) return;
      source = changed;
      textOnlyApplied.push(i);
    });
  return source;
}

const nativePush = Object.getOwnPropertyDescriptor(Array.prototype, 'push');
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const flattened = flattenedWorkerSource();
export const textStateFlattened = flattened !== null;
const workerModule = flattened
  ? await import(`data:text/javascript;base64,${Buffer.from(flattened).toString('base64')}`)
  : await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
Object.defineProperty(Array.prototype, 'push', nativePush);

const pkgDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
const DIRS = {
  cMapUrl: path.join(pkgDir, 'cmaps'),
  standardFontDataUrl: path.join(pkgDir, 'standard_fonts'),
};
const cache = new Map();

/** pdf.js's BinaryDataFactory, from memory after the first read of each file. */
class CachedBinaryData {
  async fetch({ kind, filename }) {
    const dir = DIRS[kind];
    // Names come from the PDF (a CMap name): only a plain file name inside the package folder.
    if (!dir || !/^[\w.-]+$/.test(filename)) throw new Error(`no ${kind} data: ${filename}`);
    const key = `${kind}/${filename}`;
    let bytes = cache.get(key);
    if (!bytes) {
      bytes = new Uint8Array(await fs.promises.readFile(path.join(dir, filename)));
      cache.set(key, bytes);
    }
    // A copy: pdf.js may keep or transfer what it is given.
    return bytes.slice();
  }
}

/** Whether every field of a message is a plain value (a copy of one level is a whole copy). */
function isFlat(obj) {
  if (obj === null || typeof obj !== 'object' || Object.getPrototypeOf(obj) !== Object.prototype)
    return false;
  for (const key in obj) {
    const value = obj[key];
    if (value !== null && (typeof value === 'object' || typeof value === 'function')) return false;
  }
  return true;
}

/**
 * A port both ends of pdf.js's message handlers share (as its LoopbackPort), delivering text-content
 * chunks without a deep copy. The evaluator replaces a sent chunk's `items` and `styles` with new
 * ones rather than changing them, but reuses the chunk object itself: one level is copied. A message
 * of plain values only (a stream's pull and its answer: two for every text chunk, 74,000 on the
 * 441-page tender) is the same copied one level. Every other message (operator lists, whose arrays
 * are emptied in place after sending) is cloned as pdf.js does.
 */
class DirectPort {
  #listeners = new Set();
  #deferred = Promise.resolve();
  postMessage(obj, transfer) {
    const chunk = obj?.chunk;
    const textChunk = chunk && Array.isArray(chunk.items) && chunk.styles && !('fnArray' in chunk);
    const data = textChunk
      ? { ...obj, chunk: { ...chunk } }
      : isFlat(obj)
        ? { ...obj }
        : structuredClone(obj, transfer ? { transfer } : undefined);
    const event = { data };
    this.#deferred.then(() => {
      for (const listener of this.#listeners) listener.call(this, event);
    });
  }
  addEventListener(_name, listener) {
    this.#listeners.add(listener);
  }
  removeEventListener(_name, listener) {
    this.#listeners.delete(listener);
  }
  terminate() {
    this.#listeners.clear();
  }
}

const port = new DirectPort();
workerModule.WorkerMessageHandler.initializeFromPort(port);
const worker = new pdfjs.PDFWorker({ port });

/** Opens a PDF with this child's worker and data cache. */
export function openPdf(data) {
  return pdfjs.getDocument({
    data,
    worker,
    BinaryDataFactory: CachedBinaryData,
    cMapUrl: 'memory:/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: 'memory:/standard_fonts/',
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
}

/** pdf.js's operator codes (to tell whether a page paints an image). */
export const OPS = pdfjs.OPS;

globalThis.bidPdfRuntime = { openPdf };
