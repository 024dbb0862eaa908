import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PICTURE_LIMITS, PICTURE_MIME, type PictureType } from '@bid/shared';
import type { Dimensions } from './image-types.ts';
import { RASTER_CAPS, type Rasterizer } from './raster.ts';

/**
 * Files of the picture library under DATA_DIR/pictures/<tenant>/<user>/: the original and, for
 * PNG, JPEG and SVG, a PNG thumbnail made by resvg in a child process (which decodes PNG and JPEG inside an SVG
 * <image>, but not GIF animation or WebP: those are shown as the original, scaled by CSS).
 */
export class PictureStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'pictures');
  }

  /** Resolves a stored key, refusing anything that would leave the root. */
  pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('picture key outside storage');
    return full;
  }

  /** Writes bytes atomically (temp file + rename) and answers the key. */
  async put(dirKey: string, fileName: string, bytes: Buffer): Promise<string> {
    const key = `${dirKey}/${fileName}`;
    const full = this.pathOf(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${randomBytes(4).toString('hex')}.tmp`;
    await fsp.writeFile(tmp, bytes);
    await fsp.rename(tmp, full);
    return key;
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async read(key: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(key));
  }

  exists(key: string): boolean {
    return fs.existsSync(this.pathOf(key));
  }

  stream(key: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(key));
  }
}

/**
 * A PNG thumbnail (longest side PICTURE_LIMITS.thumbPx) made in the rasterising child, or null
 * when the type cannot be decoded by resvg, the picture is already small or too big to decode, or
 * rendering fails or runs out of time or memory.
 */
export async function makeThumbnail(
  raster: Rasterizer,
  type: PictureType,
  bytes: Buffer,
  dims: Dimensions | null,
): Promise<Buffer | null> {
  if (type === 'gif' || type === 'webp') return null;
  if (!dims || dims.width <= 0 || dims.height <= 0) return null;
  if (dims.width * dims.height > RASTER_CAPS.maxThumbSourcePixels) return null;
  const max = PICTURE_LIMITS.thumbPx;
  if (type !== 'svg' && dims.width <= max && dims.height <= max) return null;
  const svg =
    type === 'svg'
      ? bytes
      : Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${dims.width}" height="${dims.height}">` +
            `<image width="${dims.width}" height="${dims.height}" preserveAspectRatio="none" href="data:${PICTURE_MIME[type]};base64,${bytes.toString('base64')}"/></svg>`,
        );
  try {
    // Zoom 1 lowered by the child to fit the thumbnail box: never enlarged.
    return (
      await raster.render(
        { svg, zoom: 1, maxSide: max, maxPixels: max * max },
        { timeoutMs: RASTER_CAPS.thumbTimeoutMs },
      )
    ).png;
  } catch {
    return null;
  }
}
