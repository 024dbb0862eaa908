/**
 * A tiny TrueType/OpenType reader: just enough (head, hhea, hmtx, cmap 4/12) to know how wide each
 * character is in the font that will draw it. Pure (works on bytes), so it runs in Node and in a
 * build script alike; Node code reads the file and passes the bytes.
 */

export interface GlyphAdvances {
  unitsPerEm: number;
  /** Advance width in font units of the glyph for a code point, or undefined when the font has none. */
  advanceOf(codePoint: number): number | undefined;
}

class Reader {
  constructor(private readonly view: DataView) {}
  u16(o: number): number {
    return this.view.getUint16(o, false);
  }
  i16(o: number): number {
    return this.view.getInt16(o, false);
  }
  u32(o: number): number {
    return this.view.getUint32(o, false);
  }
}

interface TableDir {
  offset: number;
  length: number;
}

function readTables(r: Reader, base: number): Map<string, TableDir> {
  const numTables = r.u16(base + 4);
  const tables = new Map<string, TableDir>();
  for (let i = 0; i < numTables; i++) {
    const rec = base + 12 + i * 16;
    const tag = String.fromCharCode(r.u16(rec) >> 8, r.u16(rec) & 0xff, r.u16(rec + 2) >> 8, r.u16(rec + 2) & 0xff);
    tables.set(tag, { offset: r.u32(rec + 8), length: r.u32(rec + 12) });
  }
  return tables;
}

/** Maps code points to glyph ids from the best Unicode cmap subtable (format 12 preferred, else 4). */
function readCmap(r: Reader, cmapOffset: number): (cp: number) => number {
  const numSub = r.u16(cmapOffset + 2);
  let f4: number | undefined;
  let f12: number | undefined;
  for (let i = 0; i < numSub; i++) {
    const rec = cmapOffset + 4 + i * 8;
    const platform = r.u16(rec);
    const encoding = r.u16(rec + 2);
    const off = cmapOffset + r.u32(rec + 4);
    const format = r.u16(off);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12 && f12 === undefined) f12 = off;
    if (format === 4 && f4 === undefined) f4 = off;
  }
  if (f12 !== undefined) {
    const off = f12;
    const nGroups = r.u32(off + 12);
    const starts = new Uint32Array(nGroups);
    const ends = new Uint32Array(nGroups);
    const glyphs = new Uint32Array(nGroups);
    for (let i = 0; i < nGroups; i++) {
      const g = off + 16 + i * 12;
      starts[i] = r.u32(g);
      ends[i] = r.u32(g + 4);
      glyphs[i] = r.u32(g + 8);
    }
    return (cp) => {
      let lo = 0;
      let hi = nGroups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (cp < starts[mid]) hi = mid - 1;
        else if (cp > ends[mid]) lo = mid + 1;
        else return glyphs[mid] + (cp - starts[mid]);
      }
      return 0;
    };
  }
  if (f4 !== undefined) {
    const off = f4;
    const segX2 = r.u16(off + 6);
    const seg = segX2 / 2;
    const endsO = off + 14;
    const startsO = endsO + segX2 + 2;
    const deltaO = startsO + segX2;
    const rangeO = deltaO + segX2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      for (let i = 0; i < seg; i++) {
        const end = r.u16(endsO + i * 2);
        if (cp > end) continue;
        const start = r.u16(startsO + i * 2);
        if (cp < start) return 0;
        const delta = r.i16(deltaO + i * 2);
        const rangeOffset = r.u16(rangeO + i * 2);
        if (rangeOffset === 0) return (cp + delta) & 0xffff;
        const glyphAddr = rangeO + i * 2 + rangeOffset + (cp - start) * 2;
        const g = r.u16(glyphAddr);
        return g === 0 ? 0 : (g + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('font has no Unicode cmap');
}

/** Parses a .ttf/.otf (or the first face of a .ttc) and answers glyph advances per code point. */
export function readGlyphAdvances(bytes: Uint8Array): GlyphAdvances {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const r = new Reader(view);
  let base = 0;
  if (r.u32(0) === 0x74746366 /* 'ttcf' */) base = r.u32(12);
  const tables = readTables(r, base);
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  const cmap = tables.get('cmap');
  if (!head || !hhea || !hmtx || !cmap) throw new Error('font lacks head/hhea/hmtx/cmap');
  const unitsPerEm = r.u16(head.offset + 18);
  const numHMetrics = r.u16(hhea.offset + 34);
  const glyphOf = readCmap(r, cmap.offset);
  const lastAdvance = r.u16(hmtx.offset + (numHMetrics - 1) * 4);
  return {
    unitsPerEm,
    advanceOf(cp) {
      const gid = glyphOf(cp);
      if (gid === 0) return undefined;
      return gid < numHMetrics ? r.u16(hmtx.offset + gid * 4) : lastAdvance;
    },
  };
}
