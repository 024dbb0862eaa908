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
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const CLONE_BY_PROTOTYPE = 'const clone = Object.assign(Object.create(this), this);';
const CLONE_FLAT = 'const clone = Object.assign(Object.create(TextState.prototype), this);';

/** The worker module's source with TextState.clone flattened, or null when it is not as expected. */
function flattenedWorkerSource() {
  const source = fs.readFileSync(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');
  const at = source.indexOf(CLONE_BY_PROTOTYPE);
  const cls = source.lastIndexOf('class TextState {', at);
  if (at < 0 || cls < 0 || source.indexOf('\nclass ', cls + 1) < at) return null;
  if (source.indexOf(CLONE_BY_PROTOTYPE, at + 1) >= 0) return null;
  return source.slice(0, at) + CLONE_FLAT + source.slice(at + CLONE_BY_PROTOTYPE.length);
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

/**
 * A port both ends of pdf.js's message handlers share (as its LoopbackPort), delivering text-content
 * chunks without a deep copy. The evaluator replaces a sent chunk's `items` and `styles` with new
 * ones rather than changing them, but reuses the chunk object itself: one level is copied. Every
 * other message (operator lists, whose arrays are emptied in place after sending) is cloned as
 * pdf.js does.
 */
class DirectPort {
  #listeners = new Set();
  #deferred = Promise.resolve();
  postMessage(obj, transfer) {
    const chunk = obj?.chunk;
    const textChunk = chunk && Array.isArray(chunk.items) && chunk.styles && !('fnArray' in chunk);
    const data = textChunk
      ? { ...obj, chunk: { ...chunk } }
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
