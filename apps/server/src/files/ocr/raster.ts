/**
 * Grey page images for OCR: one byte per pixel, row by row. Plain loops over typed arrays, since a
 * page is a few million pixels and every step here runs once per page inside the parse child.
 */
export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * RGBA (a canvas's pixels) to grey. Red ink (a seal, a signature stamp) is lightened: a red seal
 * over a line would otherwise read as a dark blot on the characters under it, while black text
 * under the seal stays dark in every channel.
 */
export function grayOf(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Gray {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    const r = rgba[j];
    const g = rgba[j + 1];
    const b = rgba[j + 2];
    const a = rgba[j + 3];
    let v = (r * 77 + g * 150 + b * 29) >> 8;
    if (r > 140 && r - Math.max(g, b) > 60) v = Math.max(v, 255 - ((255 - Math.max(g, b)) >> 1));
    // Transparent pixels are paper.
    data[i] = a === 255 ? v : 255 - (((255 - v) * a) >> 8);
  }
  return { width, height, data };
}

/** Bilinear resize to exactly `width` × `height`. */
export function resize(img: Gray, width: number, height: number): Gray {
  const out = new Uint8Array(width * height);
  const sx = img.width / width;
  const sy = img.height / height;
  const W = img.width;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(img.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(img.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(W - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(W - 1, x0 + 1);
      const wx = fx - x0;
      const top = img.data[y0 * W + x0] * (1 - wx) + img.data[y0 * W + x1] * wx;
      const bottom = img.data[y1 * W + x0] * (1 - wx) + img.data[y1 * W + x1] * wx;
      out[y * width + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return { width, height, data: out };
}

/** The rectangle [x0, x1) × [y0, y1) of an image, clipped to it. */
export function crop(img: Gray, x0: number, y0: number, x1: number, y1: number): Gray {
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const width = Math.max(1, Math.min(img.width, Math.ceil(x1)) - left);
  const height = Math.max(1, Math.min(img.height, Math.ceil(y1)) - top);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (top + y) * img.width + left;
    data.set(img.data.subarray(from, from + width), y * width);
  }
  return { width, height, data };
}

/**
 * Rotates by `degrees` (counter-clockwise positive, as the page appears) about the centre, keeping
 * the size; what comes in from outside is paper.
 */
export function rotate(img: Gray, degrees: number): Gray {
  if (!degrees) return img;
  const { width: W, height: H } = img;
  const out = new Uint8Array(W * H).fill(255);
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = W / 2;
  const cy = H / 2;
  for (let y = 0; y < H; y++) {
    const dy = y - cy;
    for (let x = 0; x < W; x++) {
      const dx = x - cx;
      // Inverse mapping: where this output pixel comes from in the source.
      const sx = cos * dx - sin * dy + cx;
      const sy = sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= W - 1 || y0 >= H - 1) continue;
      const wx = sx - x0;
      const wy = sy - y0;
      const i = y0 * W + x0;
      const top = img.data[i] * (1 - wx) + img.data[i + 1] * wx;
      const bottom = img.data[i + W] * (1 - wx) + img.data[i + W + 1] * wx;
      out[y * W + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return { width: W, height: H, data: out };
}

/**
 * The skew of a page of text in degrees (what `rotate` must undo), by projection profiles: text
 * lines are sharpest, so the row histogram of ink is most peaked, at the page's true angle. Read on
 * a copy about 800 pixels wide; searched within ±`range` degrees, coarse then fine.
 */
export function estimateSkew(img: Gray, range = 3): number {
  const scale = Math.min(1, 800 / img.width);
  const small = scale < 1 ? resize(img, Math.round(img.width * scale), Math.round(img.height * scale)) : img;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < small.height; y++)
    for (let x = 0; x < small.width; x++)
      if (small.data[y * small.width + x] < 128) {
        xs.push(x - small.width / 2);
        ys.push(y);
      }
  if (xs.length < 200) return 0;
  const rows = new Float64Array(small.height * 2 + 64);
  const score = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i] - xs[i] * t) + small.height / 2 + 32;
      if (r >= 0 && r < rows.length) rows[r] += 1;
    }
    let s = 0;
    for (let i = 0; i < rows.length; i++) s += rows[i] * rows[i];
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (const step of [0.25, 0.05]) {
    const centre = best;
    const span = step === 0.25 ? range : 0.25;
    for (let d = centre - span; d <= centre + span + 1e-9; d += step) {
      const s = score(d);
      if (s > bestScore * 1.0001) {
        bestScore = s;
        best = d;
      }
    }
  }
  return Math.round(best * 100) / 100;
}

/**
 * Paper to white and ink to black: light speckles of a scan (and JPEG ringing around strokes)
 * become paper, so that the recogniser sees strokes as a clean render shows them.
 */
export function levels(img: Gray, ink = 40, paper = 190): Gray {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++)
    lut[v] = Math.max(0, Math.min(255, Math.round(((v - ink) * 255) / (paper - ink))));
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = lut[img.data[i]];
  return { width: img.width, height: img.height, data };
}
