/**
 * Winnowing (Schleimer, Wilkerson, Aiken 2003): hashes of every k-gram of the normalised text, and
 * in every window of w consecutive hashes the minimum is kept as a fingerprint. Any shared run of
 * at least w + k - 1 characters is guaranteed to share a fingerprint, while only about 2/(w+1) of
 * the positions are kept.
 */

export interface WinnowOptions {
  /** Characters per gram. */
  k: number;
  /** Hashes per window. */
  w: number;
}

export const DEFAULT_WINNOW: WinnowOptions = { k: 7, w: 6 };

export interface Fingerprints {
  /** Hash of the k-gram starting at positions[i]. */
  hashes: Int32Array;
  positions: Int32Array;
  count: number;
}

const BASE = 0x01000193;

/** Rolling polynomial hash of every k-gram (32-bit, wrapping). Length max(0, n - k + 1). */
export function gramHashes(text: string, k: number): Int32Array {
  const n = text.length - k + 1;
  if (n <= 0) return new Int32Array(0);
  const out = new Int32Array(n);
  let pow = 1;
  for (let i = 0; i < k - 1; i++) pow = Math.imul(pow, BASE);
  let h = 0;
  for (let i = 0; i < k; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  out[0] = h;
  for (let i = 1; i < n; i++) {
    h = (h - Math.imul(text.charCodeAt(i - 1), pow)) | 0;
    h = (Math.imul(h, BASE) + text.charCodeAt(i + k - 1)) | 0;
    out[i] = h;
  }
  // Mixing spreads the low-entropy polynomial values so that the window minimum is unbiased.
  for (let i = 0; i < n; i++) {
    let x = out[i];
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
    x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
    out[i] = x ^ (x >>> 16);
  }
  return out;
}

/** The fingerprints of a normalised text (the rightmost minimum of each window, each kept once). */
export function winnow(text: string, opts: WinnowOptions = DEFAULT_WINNOW): Fingerprints {
  const hashes = gramHashes(text, opts.k);
  const n = hashes.length;
  const w = Math.max(1, opts.w);
  const outH = new Int32Array(Math.max(1, n));
  const outP = new Int32Array(Math.max(1, n));
  let count = 0;
  if (n === 0) return { hashes: outH.subarray(0, 0), positions: outP.subarray(0, 0), count: 0 };
  // Monotonic deque of positions with increasing hashes: its head is the window's minimum.
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let last = -1;
  for (let i = 0; i < n; i++) {
    while (tail > head && hashes[dq[tail - 1]] >= hashes[i]) tail--;
    dq[tail++] = i;
    if (dq[head] <= i - w) head++;
    if (i >= w - 1 || i === n - 1) {
      const m = dq[head];
      if (m !== last) {
        outH[count] = hashes[m];
        outP[count] = m;
        count++;
        last = m;
      }
    }
  }
  return { hashes: outH.subarray(0, count), positions: outP.subarray(0, count), count };
}
