import { describe, expect, it } from 'vitest';
import { decodeImage, hamming, IMAGE_LIMITS, phash, thumbnailPng } from './phash.ts';
import { picture, resize, toJpeg, toPng } from './testing.ts';

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
    expect(hamming(originalHash, phash(decodeImage(cropped)!))).toBeLessThanOrEqual(
      IMAGE_LIMITS.matchDistance,
    );
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
