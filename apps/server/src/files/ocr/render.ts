import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { grayOf, type Gray } from './raster.ts';

/**
 * Renders one PDF page to a grey image with pdf.js and its Node canvas (@napi-rs/canvas, a
 * prebuilt Skia shipped in its npm package). The size is bounded: a scan of any resolution is drawn
 * at about 150 dpi for an A4 page (MAX_SIDE on the long side), which the detector and recogniser
 * read well and which keeps a page's pixels to a few megabytes.
 */
export const MAX_SIDE = 1800;

interface CanvasAndContext {
  canvas: { width: number; height: number };
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/** pdf.js's canvas factory (typed `Object` by pdf.js): Node's, backed by @napi-rs/canvas. */
interface CanvasFactory {
  create(w: number, h: number): CanvasAndContext;
  destroy(c: CanvasAndContext): void;
}

export async function renderPage(doc: PDFDocumentProxy, pageNo: number, maxSide = MAX_SIDE): Promise<Gray> {
  const factory = doc.canvasFactory as CanvasFactory;
  const page = await doc.getPage(pageNo);
  try {
    const unit = page.getViewport({ scale: 1 });
    // 150 dpi is a scale of 150/72; a larger page is drawn smaller to stay within maxSide.
    const scale = Math.min(150 / 72, maxSide / Math.max(unit.width, unit.height));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const cc = factory.create(width, height);
    try {
      await page.render({ canvas: cc.canvas, canvasContext: cc.context, viewport, background: 'white' })
        .promise;
      const rgba = cc.context.getImageData(0, 0, width, height).data;
      return grayOf(rgba, width, height);
    } finally {
      factory.destroy(cc);
    }
  } finally {
    page.cleanup();
  }
}

/**
 * A PNG or JPEG (a photographed or scanned certificate) as a grey image of at most `maxSide`
 * pixels on its long side, drawn on white (a transparent PNG reads as paper). The caller checked
 * the pixel count from the header before this decodes it.
 */
export async function renderImage(bytes: Buffer, maxSide = MAX_SIDE): Promise<Gray> {
  const image = await loadImage(bytes);
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  return grayOf(ctx.getImageData(0, 0, width, height).data, width, height);
}

/** A grey image as a JPEG (the page shown with a passage's boxes). */
export async function jpegOf(img: Gray, quality = 70): Promise<Buffer> {
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(img.width, img.height);
  for (let i = 0, j = 0; i < img.data.length; i++, j += 4) {
    data.data[j] = img.data[i];
    data.data[j + 1] = img.data[i];
    data.data[j + 2] = img.data[i];
    data.data[j + 3] = 255;
  }
  ctx.putImageData(data, 0, 0);
  return canvas.encode('jpeg', quality);
}
