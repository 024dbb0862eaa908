import { Resvg } from '@resvg/resvg-js';
import { FONT_FAMILY_NAME, FONT_FILES } from '@bid/document/diagrams/font-files';
import type { RasterRequest } from './raster.ts';

/**
 * Child-process entry (lib/child-worker-boot.mjs): rasterises one SVG with resvg. The output size is
 * clamped HERE, from the size resvg itself parsed (whatever units the file used), so no request
 * can make a canvas bigger than `maxPixels` / `maxSide`; filters work on that clamped canvas.
 */
export function handle(req: RasterRequest): { png: Uint8Array; width: number; height: number } {
  const font = {
    loadSystemFonts: false,
    fontFiles: [FONT_FILES.regular, FONT_FILES.bold],
    defaultFontFamily: FONT_FAMILY_NAME,
  };
  const probe = new Resvg(Buffer.from(req.svg), { font: { loadSystemFonts: false }, logLevel: 'off' });
  const w = Math.max(1, probe.width);
  const h = Math.max(1, probe.height);
  const zoom = Math.min(req.zoom, req.maxSide / Math.max(w, h), Math.sqrt(req.maxPixels / (w * h)));
  const resvg = new Resvg(Buffer.from(req.svg), {
    fitTo: { mode: 'zoom', value: zoom },
    font,
    logLevel: 'off',
    ...(req.background ? { background: req.background } : {}),
  });
  const img = resvg.render();
  return { png: img.asPng(), width: img.width, height: img.height };
}
