/**
 * Picture bytes for Word: data-URL decoding, type sniffing and pixel size from the file header
 * (no image library: Word needs the bytes as they are plus a display size).
 */

export type WordImageType = 'png' | 'jpg' | 'gif' | 'bmp';

export interface ImageInfo {
  type: WordImageType;
  width: number;
  height: number;
}

/** Decodes `data:image/...;base64,...`; null for anything else or malformed data. */
export function decodeDataUrl(src: string): Uint8Array | null {
  const m = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.-]+)*?(;base64)?,/i.exec(src.slice(0, 200));
  if (!m) return null;
  const payload = src.slice(m[0].length);
  try {
    if (m[3]) {
      const buf = Buffer.from(payload.replace(/\s+/g, ''), 'base64');
      return buf.length ? new Uint8Array(buf.buffer, buf.byteOffset, buf.length) : null;
    }
    return new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return null;
  }
}

function u16be(b: Uint8Array, o: number): number {
  return (b[o] << 8) | b[o + 1];
}
function u32be(b: Uint8Array, o: number): number {
  return ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
}
function u16le(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8);
}
function i32le(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24);
}

/** Type and pixel size of a PNG, JPEG, GIF or BMP; null for other formats or a truncated header. */
export function imageInfo(b: Uint8Array): ImageInfo | null {
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    const w = u32be(b, 16);
    const h = u32be(b, 20);
    return w > 0 && h > 0 ? { type: 'png', width: w, height: h } : null;
  }
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) {
    const w = u16le(b, 6);
    const h = u16le(b, 8);
    return w > 0 && h > 0 ? { type: 'gif', width: w, height: h } : null;
  }
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) {
    const w = Math.abs(i32le(b, 18));
    const h = Math.abs(i32le(b, 22));
    return w > 0 && h > 0 ? { type: 'bmp', width: w, height: h } : null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker.
    let o = 2;
    while (o + 9 < b.length) {
      if (b[o] !== 0xff) {
        o++;
        continue;
      }
      const marker = b[o + 1];
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
        o += marker === 0xff ? 1 : 2;
        continue;
      }
      const len = u16be(b, o + 2);
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isSof) {
        const h = u16be(b, o + 5);
        const w = u16be(b, o + 7);
        return w > 0 && h > 0 ? { type: 'jpg', width: w, height: h } : null;
      }
      if (len < 2) return null;
      o += 2 + len;
    }
    return null;
  }
  return null;
}

/**
 * Display size in pixels (Word: 96 per inch) that fits the box, keeping the aspect ratio; small
 * pictures are not enlarged.
 */
export function fitImage(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const k = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}
