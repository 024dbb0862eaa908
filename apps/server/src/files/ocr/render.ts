import { grayOf, type Gray } from './raster.ts';

/**
 * Renders one PDF page to a grey image with pdf.js and its Node canvas (@napi-rs/canvas, a
 * prebuilt Skia shipped in its npm package). The size is bounded: a scan of any resolution is drawn
 * at about 150 dpi for an A4 page (MAX_SIDE on the long side), which the detector and recogniser
 * read well and which keeps a page's pixels to a few megabytes.
 */
export const MAX_SIDE = 1800;

interface PdfPage {
  getViewport(p: { scale: number }): { width: number; height: number };
  render(p: { canvas: unknown; canvasContext: unknown; viewport: unknown; background?: string }): {
    promise: Promise<void>;
  };
  cleanup(): void;
}

interface CanvasAndContext {
  canvas: { width: number; height: number };
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

interface PdfDoc {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
  canvasFactory: {
    create(w: number, h: number): CanvasAndContext;
    destroy(c: CanvasAndContext): void;
  };
}

export async function renderPage(doc: PdfDoc, pageNo: number, maxSide = MAX_SIDE): Promise<Gray> {
  const page = await doc.getPage(pageNo);
  try {
    const unit = page.getViewport({ scale: 1 });
    // 150 dpi is a scale of 150/72; a larger page is drawn smaller to stay within maxSide.
    const scale = Math.min(150 / 72, maxSide / Math.max(unit.width, unit.height));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const cc = doc.canvasFactory.create(width, height);
    try {
      await page.render({ canvas: cc.canvas, canvasContext: cc.context, viewport, background: 'white' })
        .promise;
      const rgba = cc.context.getImageData(0, 0, width, height).data;
      return grayOf(rgba, width, height);
    } finally {
      doc.canvasFactory.destroy(cc);
    }
  } finally {
    page.cleanup();
  }
}
