import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { decodeImage, hamming, IMAGE_LIMITS, phash, thumbnailPng, type Pixels } from './phash.ts';

/** A site-plan-like picture: gradient sky, shapes, stripes (deterministic per seed). */
function picture(w: number, h: number, seed: number): Pixels {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const u = x / w;
    const v = y / h;
    const i = (y * w + x) * 4;
    const inRect = seed % 2 ? u > 0.2 && u < 0.55 && v > 0.4 && v < 0.9 : u > 0.5 && u < 0.9 && v > 0.1 && v < 0.5;
    const inCircle = (u - 0.3 - seed * 0.07) ** 2 + (v - 0.3) ** 2 < 0.02 * (1 + (seed % 3));
    const stripe = Math.sin((u * (4 + seed) + v * (2 + (seed % 5))) * Math.PI) > 0.3;
    data[i] = inRect ? 200 : inCircle ? 30 : stripe ? 120 : 60 + 150 * v;
    data[i + 1] = inRect ? 60 : inCircle ? 180 : stripe ? 140 : 90 + 100 * u;
    data[i + 2] = inRect ? 40 : inCircle ? 60 : stripe ? 90 : 200 - 120 * v;
    data[i + 3] = 255;
  }
  return { width: w, height: h, data };
}

function toPng(p: Pixels): Buffer {
  const png = new PNG({ width: p.width, height: p.height });
  png.data = Buffer.from(p.data);
  return PNG.sync.write(png);
}

/** Nearest-neighbour resize with an optional crop of `crop` of each border. */
function resize(p: Pixels, w: number, h: number, crop = 0): Pixels {
  const data = new Uint8Array(w * h * 4);
  const x0 = p.width * crop;
  const y0 = p.height * crop;
  const cw = p.width * (1 - 2 * crop);
  const ch = p.height * (1 - 2 * crop);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const s = (Math.floor(y0 + (y * ch) / h) * p.width + Math.floor(x0 + (x * cw) / w)) * 4;
    data.set(p.data.subarray(s, s + 4), (y * w + x) * 4);
  }
  return { width: w, height: h, data };
}

function toJpeg(p: Pixels, quality: number): Buffer {
  return jpeg.encode({ width: p.width, height: p.height, data: Buffer.from(p.data) }, quality).data;
}

describe('perceptual hash', () => {
  const original = picture(640, 480, 1);
  const originalHash = phash(decodeImage(toPng(original))!);

  it('matches a resized, re-compressed JPEG with its PNG original', () => {
    const jpg = toJpeg(resize(original, 300, 225), 60);
    const d = hamming(originalHash, phash(decodeImage(jpg)!));
    expect(d).toBeLessThanOrEqual(IMAGE_LIMITS.matchDistance);
  });

  it('matches a lightly cropped copy', () => {
    const cropped = toPng(resize(original, 600, 450, 0.03));
    expect(hamming(originalHash, phash(decodeImage(cropped)!))).toBeLessThanOrEqual(IMAGE_LIMITS.matchDistance);
  });

  it('tells different pictures apart', () => {
    for (const seed of [2, 3, 4, 5]) {
      const other = phash(decodeImage(toPng(picture(640, 480, seed)))!);
      expect(hamming(originalHash, other)).toBeGreaterThan(IMAGE_LIMITS.matchDistance);
    }
  });

  it('refuses pictures over the pixel cap before decoding and unknown data', () => {
    // A valid PNG header claiming 30000 x 30000 pixels.
    const head = toPng(picture(4, 4, 1));
    head.writeUInt32BE(30000, 16);
    head.writeUInt32BE(30000, 20);
    expect(decodeImage(head)).toBeNull();
    expect(decodeImage(Buffer.from('not a picture'))).toBeNull();
  });

  it('writes a small PNG thumbnail', () => {
    const t = decodeImage(thumbnailPng(original))!;
    expect(Math.max(t.width, t.height)).toBe(160);
  });
});
