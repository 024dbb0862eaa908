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
    const tag = String.fromCharCode(
      r.u16(rec) >> 8,
      r.u16(rec) & 0xff,
      r.u16(rec + 2) >> 8,
      r.u16(rec + 2) & 0xff,
    );
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

/**
 * Glyph outlines from the glyf table (TrueType flavoured fonts), as path commands in font units
 * (y up). Used to draw text as paths in the PNG export: resvg re-reads a 10 MB CJK font for every
 * text chunk, which made a Gantt chart take seconds; outlines drawn as paths take milliseconds and
 * sit exactly where the layout measured them.
 */
export interface GlyphOutlines extends GlyphAdvances {
  glyphIdOf(codePoint: number): number;
  /** Path data for glyph `gid` moved right by `dx` font units (y up, unscaled). */
  pathOf(gid: number, dx: number): string;
  advanceOfGlyph(gid: number): number;
}

interface Contour {
  xs: number[];
  ys: number[];
  on: boolean[];
}

export function readGlyphOutlines(bytes: Uint8Array): GlyphOutlines {
  const base = readGlyphAdvances(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const r = new Reader(view);
  let fontBase = 0;
  if (r.u32(0) === 0x74746366) fontBase = r.u32(12);
  const tables = readTables(r, fontBase);
  const head = tables.get('head')!;
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  const hhea = tables.get('hhea')!;
  const hmtx = tables.get('hmtx')!;
  const cmap = tables.get('cmap')!;
  if (!loca || !glyf) throw new Error('font has no glyf table (CFF outlines are not supported)');
  const longLoca = r.i16(head.offset + 50) === 1;
  const numHMetrics = r.u16(hhea.offset + 34);
  const glyphOf = readCmap(r, cmap.offset);
  const glyphRange = (gid: number): [number, number] =>
    longLoca
      ? [glyf.offset + r.u32(loca.offset + gid * 4), glyf.offset + r.u32(loca.offset + gid * 4 + 4)]
      : [glyf.offset + r.u16(loca.offset + gid * 2) * 2, glyf.offset + r.u16(loca.offset + gid * 2 + 2) * 2];

  const contourCache = new Map<number, Contour[]>();
  const contoursOf = (gid: number, depth = 0): Contour[] => {
    const cached = contourCache.get(gid);
    if (cached) return cached;
    const [start, end] = glyphRange(gid);
    let out: Contour[] = [];
    if (end > start && depth < 8) {
      const numContours = r.i16(start);
      out = numContours >= 0 ? simpleGlyph(start, numContours) : compositeGlyph(start, depth);
    }
    contourCache.set(gid, out);
    return out;
  };

  const simpleGlyph = (start: number, numContours: number): Contour[] => {
    let p = start + 10;
    const endPts: number[] = [];
    for (let i = 0; i < numContours; i++, p += 2) endPts.push(r.u16(p));
    const numPoints = numContours ? endPts[numContours - 1] + 1 : 0;
    const instrLen = r.u16(p);
    p += 2 + instrLen;
    const flags: number[] = [];
    while (flags.length < numPoints) {
      const f = view.getUint8(p++);
      flags.push(f);
      if (f & 8) {
        let repeat = view.getUint8(p++);
        while (repeat-- > 0) flags.push(f);
      }
    }
    const xs: number[] = [];
    let v = 0;
    for (const f of flags) {
      if (f & 2) {
        const d = view.getUint8(p++);
        v += f & 16 ? d : -d;
      } else if (!(f & 16)) {
        v += r.i16(p);
        p += 2;
      }
      xs.push(v);
    }
    const ys: number[] = [];
    v = 0;
    for (const f of flags) {
      if (f & 4) {
        const d = view.getUint8(p++);
        v += f & 32 ? d : -d;
      } else if (!(f & 32)) {
        v += r.i16(p);
        p += 2;
      }
      ys.push(v);
    }
    const contours: Contour[] = [];
    let first = 0;
    for (const last of endPts) {
      contours.push({
        xs: xs.slice(first, last + 1),
        ys: ys.slice(first, last + 1),
        on: flags.slice(first, last + 1).map((f) => (f & 1) === 1),
      });
      first = last + 1;
    }
    return contours;
  };

  const compositeGlyph = (start: number, depth: number): Contour[] => {
    let p = start + 10;
    const out: Contour[] = [];
    for (;;) {
      const flags = r.u16(p);
      const gid = r.u16(p + 2);
      p += 4;
      let dx: number;
      let dy: number;
      if (flags & 1) {
        dx = r.i16(p);
        dy = r.i16(p + 2);
        p += 4;
      } else {
        dx = view.getInt8(p);
        dy = view.getInt8(p + 1);
        p += 2;
      }
      if (!(flags & 2)) {
        // Point-matching placement is rare in CJK fonts; place at the origin.
        dx = 0;
        dy = 0;
      }
      let a = 1;
      let b = 0;
      let c = 0;
      let d = 1;
      const f2dot14 = (o: number) => r.i16(o) / 16384;
      if (flags & 8) {
        a = d = f2dot14(p);
        p += 2;
      } else if (flags & 0x40) {
        a = f2dot14(p);
        d = f2dot14(p + 2);
        p += 4;
      } else if (flags & 0x80) {
        a = f2dot14(p);
        b = f2dot14(p + 2);
        c = f2dot14(p + 4);
        d = f2dot14(p + 6);
        p += 8;
      }
      for (const ct of contoursOf(gid, depth + 1)) {
        out.push({
          xs: ct.xs.map((x, i) => Math.round(a * x + c * ct.ys[i] + dx)),
          ys: ct.ys.map((y, i) => Math.round(b * ct.xs[i] + d * y + dy)),
          on: ct.on,
        });
      }
      if (!(flags & 0x20)) break;
    }
    return out;
  };

  const advanceOfGlyph = (gid: number) =>
    gid < numHMetrics ? r.u16(hmtx.offset + gid * 4) : r.u16(hmtx.offset + (numHMetrics - 1) * 4);

  return {
    ...base,
    glyphIdOf: glyphOf,
    advanceOfGlyph,
    pathOf(gid, dx) {
      let d = '';
      for (const ct of contoursOf(gid)) {
        const len = ct.xs.length;
        if (len === 0) continue;
        const X = (i: number) => ct.xs[(i + len) % len] + dx;
        const Y = (i: number) => ct.ys[(i + len) % len];
        const on = (i: number) => ct.on[(i + len) % len];
        // Start on an on-curve point (or the midpoint of two off-curve points).
        let startIdx = ct.on.indexOf(true);
        let sx: number;
        let sy: number;
        if (startIdx === -1) {
          sx = (X(0) + X(1)) / 2;
          sy = (Y(0) + Y(1)) / 2;
          startIdx = 0;
        } else {
          sx = X(startIdx);
          sy = Y(startIdx);
        }
        d += `M${sx} ${sy}`;
        for (let k = 1; k <= len; k++) {
          const i = startIdx + k;
          if (on(i)) {
            d += `L${X(i)} ${Y(i)}`;
          } else {
            const nx = on(i + 1) ? X(i + 1) : (X(i) + X(i + 1)) / 2;
            const ny = on(i + 1) ? Y(i + 1) : (Y(i) + Y(i + 1)) / 2;
            d += `Q${X(i)} ${Y(i)} ${nx} ${ny}`;
            if (on(i + 1)) k++;
          }
        }
        d += 'Z';
      }
      return d;
    },
  };
}
