import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { imageInfo } from '@bid/document/docx/images';

/**
 * Perceptual hashes of pictures: the picture in grey, shrunk to 32x32 by area averaging, its 2-D
 * DCT, and one bit per low frequency (the 8x8 corner without the DC term) telling whether it is
 * above their median. Resizing, re-compression and light cropping move few bits; different
 * pictures differ in about half of the 63 bits.
 */

export const IMAGE_LIMITS = {
  /** Larger files are not decoded (a picture in a bid is a few MB at most). */
  maxBytes: 20 * 1024 * 1024,
  /** Checked from the header before decoding: a small file may claim a huge canvas. */
  maxPixels: 25_000_000,
  /** Hamming distance up to which two hashes are the same picture. */
  matchDistance: 10,
} as const;

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array;
}

/** PNG or JPEG pixels; null for other formats, pictures over the caps, or broken data. */
export function decodeImage(bytes: Uint8Array): Pixels | null {
  if (bytes.length > IMAGE_LIMITS.maxBytes) return null;
  const info = imageInfo(bytes);
  if (!info || info.width * info.height > IMAGE_LIMITS.maxPixels) return null;
  try {
    if (info.type === 'png') {
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return { width: png.width, height: png.height, data: png.data };
    }
    if (info.type === 'jpg') {
      const img = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: IMAGE_LIMITS.maxPixels / 1e6,
        maxMemoryUsageInMB: 256,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
  } catch {
    return null;
  }
  return null;
}

const N = 32;

/** Grey 32x32 by area averaging (every source pixel counts; transparent pixels read as white). */
export function greyThumb(img: Pixels, size = N): Float64Array {
  const out = new Float64Array(size * size);
  const weight = new Float64Array(size * size);
  const { width: w, height: h, data } = img;
  for (let y = 0; y < h; y++) {
    const ty = Math.min(size - 1, Math.floor((y * size) / h));
    for (let x = 0; x < w; x++) {
      const tx = Math.min(size - 1, Math.floor((x * size) / w));
      const i = (y * w + x) * 4;
      const a = data[i + 3] / 255;
      const grey = (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) * a + 255 * (1 - a);
      out[ty * size + tx] += grey;
      weight[ty * size + tx] += 1;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = weight[i] ? out[i] / weight[i] : 255;
  return out;
}

let COS: Float64Array | null = null;
function cosTable(): Float64Array {
  if (COS) return COS;
  COS = new Float64Array(N * N);
  for (let u = 0; u < N; u++)
    for (let x = 0; x < N; x++) COS[u * N + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  return COS;
}

/** 64-bit perceptual hash as 16 hex digits. */
export function phash(img: Pixels): string {
  const g = greyThumb(img);
  const c = cosTable();
  const F = 8;
  // Rows first, then columns, only for the 8 lowest frequencies.
  const rows = new Float64Array(N * F);
  for (let y = 0; y < N; y++)
    for (let u = 0; u < F; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += g[y * N + x] * c[u * N + x];
      rows[y * F + u] = s;
    }
  const coef: number[] = [];
  for (let v = 0; v < F; v++)
    for (let u = 0; u < F; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * F + u] * c[v * N + y];
      coef.push(s);
    }
  const ac = coef.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)];
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < 64; i++) {
    const bit = i === 0 ? 0 : coef[i] > median ? 1 : 0;
    if (i < 32) hi = (hi << 1) | bit;
    else lo = (lo << 1) | bit;
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export function hamming(a: string, b: string): number {
  return (
    popcount((parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) >>> 0) +
    popcount((parseInt(a.slice(8), 16) ^ parseInt(b.slice(8), 16)) >>> 0)
  );
}

/** A small PNG of the picture (longest side `max` px) for the report and the detail page. */
export function thumbnailPng(img: Pixels, max = 160): Buffer {
  const scale = Math.min(1, max / Math.max(img.width, img.height));
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.floor(x / scale));
      const sy = Math.min(img.height - 1, Math.floor(y / scale));
      const s = (sy * img.width + sx) * 4;
      const d = (y * w + x) * 4;
      for (let k = 0; k < 4; k++) png.data[d + k] = img.data[s + k];
    }
  return PNG.sync.write(png);
}
