import fs from 'node:fs/promises';
import { ocrImage, type OcrPage } from './ocr/page.ts';
import { jpegOf, renderImage, renderPage } from './ocr/render.ts';
import { rotate } from './ocr/raster.ts';

/**
 * Child-process entry for OCR (lib/child-worker-boot.mjs, run by files/parse.ts): reads one page of a
 * PDF per task, so that each page has the sandbox's time limit and a cancel or a kill loses one
 * page. The document stays open between the pages of one file (a child usually gets the next page
 * of the same file); the OCR models are loaded once per child (ocr/engine.ts).
 */
type Doc = Parameters<typeof renderPage>[0];

let open: { file: string; mtimeMs: number; doc: Promise<Doc> } | null = null;

async function docOf(file: string): Promise<Doc> {
  const st = await fs.stat(file);
  if (open && open.file === file && open.mtimeMs === st.mtimeMs) return open.doc;
  if (open) {
    const old = open.doc;
    open = null;
    await old.then((d) => d.destroy()).catch(() => {});
  }
  const { openPdf } = await import('./pdf-runtime.mjs');
  const buf = await fs.readFile(file);
  const doc = openPdf(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)).promise;
  open = { file, mtimeMs: st.mtimeMs, doc };
  doc.catch(() => {
    if (open?.doc === doc) open = null;
  });
  return doc;
}

/**
 * A page of a PDF read by OCR, or (image: true) a PNG/JPEG file such as a photographed certificate;
 * or (picture: true) the page drawn as OCR saw it, turned back by `skew`, as a JPEG for the screen.
 */
export async function handle(p: {
  file: string;
  page: number;
  image?: boolean;
  picture?: boolean;
  skew?: number;
}): Promise<OcrPage | { jpeg: string }> {
  if (p.image) return ocrImage(await renderImage(await fs.readFile(p.file)));
  const doc = await docOf(p.file);
  if (p.picture) {
    const img = await renderPage(doc, p.page);
    return { jpeg: (await jpegOf(p.skew ? rotate(img, p.skew) : img)).toString('base64') };
  }
  const img = await renderPage(doc, p.page);
  return ocrImage(img);
}
