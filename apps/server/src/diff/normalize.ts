/**
 * Text normalisation for comparison: full-width forms become half-width, Latin letters lower
 * case, and whitespace, punctuation and symbols are dropped, so that "本项目，工期为 90 天。" and
 * "本项目,工期为90天." compare equal. `map[i]` is the position in the original text of normalised
 * character i, so that matches found in normalised text are reported in the text the user reads.
 */

export interface Normalized {
  text: string;
  /** Original index of every normalised character. */
  map: Int32Array;
}

/** 1 for BMP code units that are dropped (punctuation, symbols, separators, controls). */
let DROP: Uint8Array | null = null;

function dropTable(): Uint8Array {
  if (DROP) return DROP;
  const t = new Uint8Array(65536);
  const re = /[\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}\s]/u;
  for (let c = 0; c < 65536; c++) {
    // Surrogates are kept (astral CJK characters are text); they never match the class alone.
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (re.test(String.fromCharCode(c))) t[c] = 1;
  }
  DROP = t;
  return t;
}

/** The half-width, lower-case code unit for one code unit (identity for most CJK text). */
function fold(c: number): number {
  // Full-width ASCII variants U+FF01..U+FF5E -> U+0021..U+007E.
  if (c >= 0xff01 && c <= 0xff5e) c -= 0xfee0;
  else if (c === 0x3000) c = 0x20;
  if (c >= 0x41 && c <= 0x5a) c += 0x20;
  return c;
}

export function normalize(text: string): Normalized {
  const drop = dropTable();
  const out = new Uint16Array(text.length);
  const map = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = fold(text.charCodeAt(i));
    if (drop[c]) continue;
    out[n] = c;
    map[n] = i;
    n++;
  }
  // Building the string in slices keeps String.fromCharCode's argument count bounded.
  let s = '';
  const CHUNK = 8192;
  for (let i = 0; i < n; i += CHUNK)
    s += String.fromCharCode.apply(null, Array.from(out.subarray(i, Math.min(n, i + CHUNK))));
  return { text: s, map: map.slice(0, n) };
}
