import type { Readable } from 'node:stream';
import { PICTURE_LIMITS, PICTURE_MIME, type PictureType } from '@bid/shared';
import type { Dimensions } from './image-types.ts';
import { RASTER_CAPS, type Rasterizer } from './raster.ts';
import { checkKey, type Storage } from '../../storage/storage.ts';

/**
 * Files of the picture library under pictures/<tenant>/<user>/ in the storage (DATA_DIR or the
 * bucket): the original and, for
 * PNG, JPEG and SVG, a PNG thumbnail made by resvg in a child process (which decodes PNG and JPEG inside an SVG
 * <image>, but not GIF animation or WebP: those are shown as the original, scaled by CSS).
 * A picture's key (`file_key`, `thumb_key`) is relative to pictures/.
 */
export class PictureStorage {
  constructor(private readonly storage: Storage) {}

  private keyOf(key: string): string {
    return `pictures/${checkKey(key)}`;
  }

  /** Writes the bytes (a reader never sees half of them) and answers the key. */
  async put(dirKey: string, fileName: string, bytes: Buffer, contentType?: string): Promise<string> {
    const key = `${dirKey}/${fileName}`;
    await this.storage.put(this.keyOf(key), bytes, contentType);
    return key;
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.storage.remove(this.keyOf(key));
  }

  async read(key: string): Promise<Buffer> {
    return this.storage.read(this.keyOf(key));
  }

  exists(key: string): Promise<boolean> {
    return this.storage.exists(this.keyOf(key));
  }

  stream(key: string): Promise<Readable> {
    return this.storage.get(this.keyOf(key));
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
