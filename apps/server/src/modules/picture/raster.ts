import { ChildSandbox, SandboxKilled } from '../../lib/child-sandbox.ts';
import { errorMessage } from '../../lib/unknown.ts';

/**
 * Where every picture of the library is rasterised (thumbnails at upload, SVG for the Word
 * export): a child process with a time limit and a memory cap, never the server's own threads.
 * The caps below bound what any one picture can cost; the child clamps the output size itself.
 */
export const RASTER_CAPS = {
  /** Pixels of an uploaded raster picture, or the size an SVG declares (upload is refused above). */
  maxUploadPixels: 50_000_000,
  /** Decoding a raster picture for a thumbnail: above this it is shown as the original. */
  maxThumbSourcePixels: 50_000_000,
  /** Output of an SVG rendered for Word: longest side and area (A4 at 300 dpi is 2480 px wide). */
  exportMaxSide: 2480,
  exportMaxPixels: 6_000_000,
  timeoutMs: 10_000,
  /** A thumbnail at upload: the upload answers without one rather than wait longer. */
  thumbTimeoutMs: 4_000,
  /** Resident memory of the rasterising child before it is killed. */
  rssMb: 640,
} as const;

export interface RasterRequest {
  svg: Uint8Array;
  /** Wanted scale of the SVG's own size; the child lowers it to respect the caps. */
  zoom: number;
  maxSide: number;
  maxPixels: number;
  background?: string;
}

export class RasterRefused extends Error {}

export class Rasterizer {
  private readonly sandbox: ChildSandbox;

  constructor(opts: { timeoutMs?: number; rssMb?: number } = {}) {
    this.sandbox = new ChildSandbox({
      entry: new URL('./raster-worker.ts', import.meta.url),
      preload: ['@resvg/resvg-js'],
      heapMb: 192,
      rssMb: opts.rssMb ?? RASTER_CAPS.rssMb,
      timeoutMs: opts.timeoutMs ?? RASTER_CAPS.timeoutMs,
      parallel: 1,
      // A child that rendered something big is replaced, so its memory goes back to the system.
      reuseBelowRssMb: 256,
    });
  }

  /** A PNG of the SVG within the caps; RasterRefused when the child was killed or resvg failed. */
  async render(
    req: RasterRequest,
    opts: { timeoutMs?: number } = {},
  ): Promise<{ png: Buffer; width: number; height: number }> {
    try {
      const r = await this.sandbox.run<{ png: Uint8Array; width: number; height: number }>(req, opts);
      return {
        png: Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength),
        width: r.width,
        height: r.height,
      };
    } catch (e) {
      throw new RasterRefused(e instanceof SandboxKilled ? `rasterising ${e.reason}` : errorMessage(e));
    }
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }
}
