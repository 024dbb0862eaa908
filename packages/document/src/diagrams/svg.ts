import { FONT_STACK, STYLE } from './style.ts';

/** Small SVG-writing helpers. Every number is rounded so the output is deterministic and compact. */

export function esc(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A number with at most one decimal, no trailing zeros, never "-0". */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) || r === 0 ? '0' : String(r);
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Vertical offset from a line's centre to its alphabetic baseline: CJK ideographs of the stack's
 * fonts sit between about -0.12em and 0.88em around the baseline, so their centre is 0.38em above it.
 */
export const BASELINE_SHIFT = 0.36;

export interface TextOpts {
  size?: number;
  lineHeight?: number;
  anchor?: 'start' | 'middle' | 'end';
  weight?: 'normal' | 'bold';
  fill: string;
}

/** Lines of text centred vertically on cy, anchored at x. */
export function textBlock(lines: string[], x: number, cy: number, o: TextOpts): string {
  const size = o.size ?? STYLE.fontSize;
  const lh = o.lineHeight ?? STYLE.lineHeight;
  const firstCenter = cy - ((lines.length - 1) * lh) / 2;
  const attrs = [
    `font-size="${n(size)}"`,
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
    o.weight === 'bold' ? 'font-weight="bold"' : '',
    `fill="${o.fill}"`,
  ]
    .filter(Boolean)
    .join(' ');
  const spans = lines
    .map(
      (l, i) => `<tspan x="${n(x)}" y="${n(firstCenter + i * lh + size * BASELINE_SHIFT)}">${esc(l)}</tspan>`,
    )
    .join('');
  return `<text ${attrs}>${spans}</text>`;
}

export function svgDocument(
  width: number,
  height: number,
  body: string,
  title?: string,
  kind?: string,
): string {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
    `font-family="${FONT_STACK}" role="img"${kind ? ` data-kind="${kind}"` : ''}>` +
    (title ? `<title>${esc(title)}</title>` : '') +
    body +
    `</svg>`
  );
}

/** Rounded-corner polyline path through points (radius r at every bend). */
export function roundedPolyline(pts: Point[], r: number): string {
  if (pts.length < 2) return '';
  let d = `M${n(pts[0].x)},${n(pts[0].y)}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const p0 = pts[i - 1];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const d1 = Math.hypot(p1.x - p0.x, p1.y - p0.y);
    const d2 = Math.hypot(p2.x - p1.x, p2.y - p1.y);
    const rr = Math.min(r, d1 / 2, d2 / 2);
    if (rr < 0.5) {
      d += ` L${n(p1.x)},${n(p1.y)}`;
      continue;
    }
    const a = { x: p1.x + ((p0.x - p1.x) / d1) * rr, y: p1.y + ((p0.y - p1.y) / d1) * rr };
    const b = { x: p1.x + ((p2.x - p1.x) / d2) * rr, y: p1.y + ((p2.y - p1.y) / d2) * rr };
    d += ` L${n(a.x)},${n(a.y)} Q${n(p1.x)},${n(p1.y)} ${n(b.x)},${n(b.y)}`;
  }
  const last = pts[pts.length - 1];
  return `${d} L${n(last.x)},${n(last.y)}`;
}

/**
 * A B-spline through dagre's control points, exactly as d3.curveBasis draws it: smooth, starting
 * at the first point and ending at the last.
 */
export function basisPath(pts: Point[]): string {
  if (pts.length < 3) return `M${pts.map((p) => `${n(p.x)},${n(p.y)}`).join(' L')}`;
  const p = pts;
  const k = p.length - 1;
  const bez = (a: Point, b: Point, c: Point) =>
    ` C${n((2 * a.x + b.x) / 3)},${n((2 * a.y + b.y) / 3)} ${n((a.x + 2 * b.x) / 3)},${n((a.y + 2 * b.y) / 3)} ${n((a.x + 4 * b.x + c.x) / 6)},${n((a.y + 4 * b.y + c.y) / 6)}`;
  let d = `M${n(p[0].x)},${n(p[0].y)} L${n((5 * p[0].x + p[1].x) / 6)},${n((5 * p[0].y + p[1].y) / 6)}`;
  for (let i = 2; i <= k; i++) d += bez(p[i - 2], p[i - 1], p[i]);
  d += bez(p[k - 1], p[k], p[k]);
  return `${d} L${n(p[k].x)},${n(p[k].y)}`;
}

/** A filled arrowhead whose tip is at `tip`, pointing along from -> tip. */
export function arrowHead(from: Point, tip: Point, fill: string, length = 9, halfWidth = 4): string {
  const dx = tip.x - from.x;
  const dy = tip.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = tip.x - ux * length;
  const by = tip.y - uy * length;
  const lx = bx - uy * halfWidth;
  const ly = by + ux * halfWidth;
  const rx = bx + uy * halfWidth;
  const ry = by - ux * halfWidth;
  return `<path d="M${n(tip.x)},${n(tip.y)} L${n(lx)},${n(ly)} L${n(rx)},${n(ry)} Z" fill="${fill}"/>`;
}

/** Moves `tip` back towards `from` by d (so a stroke ends under the arrowhead, not through it). */
export function pullBack(from: Point, tip: Point, d: number): Point {
  const dx = tip.x - from.x;
  const dy = tip.y - from.y;
  const len = Math.hypot(dx, dy);
  if (len <= d) return from;
  return { x: tip.x - (dx / len) * d, y: tip.y - (dy / len) * d };
}

/** Where the segment from `outside` to the polygon's centre first meets the polygon's boundary. */
export function clipToPolygon(outside: Point, center: Point, poly: Point[]): Point {
  let best: Point | null = null;
  let bestT = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const r = { x: center.x - outside.x, y: center.y - outside.y };
    const s = { x: b.x - a.x, y: b.y - a.y };
    const denom = r.x * s.y - r.y * s.x;
    if (Math.abs(denom) < 1e-9) continue;
    const t = ((a.x - outside.x) * s.y - (a.y - outside.y) * s.x) / denom;
    const u = ((a.x - outside.x) * r.y - (a.y - outside.y) * r.x) / denom;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && t < bestT) {
      bestT = t;
      best = { x: outside.x + r.x * t, y: outside.y + r.y * t };
    }
  }
  return best ?? center;
}

/** 32-bit FNV-1a, for deterministic ids derived from content. */
export function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
