import type { PictureType } from '@bid/shared';
import { svgStructureRisk } from './svg-parse.ts';

/**
 * What an uploaded file really is, judged by its bytes (never by its name or the browser's
 * content type), its pixel size, and whether an SVG is safe to keep.
 */

export function sniffType(b: Buffer): PictureType | null {
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a'))
    return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (looksLikeSvg(b)) return 'svg';
  return null;
}

function looksLikeSvg(b: Buffer): boolean {
  const head = b
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    head,
  );
}

export interface Dimensions {
  width: number;
  height: number;
}

/** Pixel size from the header of PNG, JPEG, GIF and WebP; SVG from width/height or viewBox. */
export function dimensionsOf(type: PictureType, b: Buffer): Dimensions | null {
  try {
    switch (type) {
      case 'png':
        return b.length >= 24 ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
      case 'gif':
        return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : null;
      case 'webp':
        return webpSize(b);
      case 'jpeg':
        return jpegSize(b);
      case 'svg':
        return svgSize(b.toString('utf8'));
    }
  } catch {
    return null;
  }
}

function jpegSize(b: Buffer): Dimensions | null {
  let p = 2;
  while (p + 9 < b.length) {
    if (b[p] !== 0xff) {
      p++;
      continue;
    }
    const marker = b[p + 1];
    if (marker === 0xff) {
      p++;
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    const len = b.readUInt16BE(p + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { height: b.readUInt16BE(p + 5), width: b.readUInt16BE(p + 7) };
    if (marker === 0xda) return null;
    p += 2 + len;
  }
  return null;
}

function webpSize(b: Buffer): Dimensions | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30)
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

function svgSize(text: string): Dimensions | null {
  const tag = /<svg[\s\S]*?>/i.exec(text)?.[0];
  if (!tag) return null;
  const attr = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag);
  const w = attr('width');
  const h = attr('height');
  if (w && h) return { width: Math.round(Number(w[1])), height: Math.round(Number(h[1])) };
  const vb = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(tag);
  if (vb) return { width: Math.round(Number(vb[1])), height: Math.round(Number(vb[2])) };
  return null;
}

/** Decodes numeric character references and drops whitespace/control characters (how obfuscated "java&#x09;script:" is read). */
function normalizeForScan(text: string): string {
  return (
    text
      .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => safeChar(parseInt(h, 16)))
      .replace(/&#(\d+);?/g, (_m, d: string) => safeChar(parseInt(d, 10)))
      .replace(/&(tab|newline);/gi, '')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what obfuscation hides in.
      .replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200d\ufeff]+/g, '')
      .toLowerCase()
  );
}

function safeChar(cp: number): string {
  return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
}

/**
 * Why an SVG must be refused, or null when it is safe to keep and show. Conservative on purpose:
 * anything that could run script, load something from elsewhere or blow up a parser is refused.
 * (Served SVGs also carry a CSP sandbox, so a miss here still cannot run script.)
 */
export function svgRisk(b: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return '编码不是 UTF-8';
  }
  const lower = text.toLowerCase();
  if (/<!entity/i.test(text) || /<!doctype[^>]*\[/i.test(text)) return '实体声明';
  if (/<script[\s>/]/i.test(text) || /<script$/i.test(text)) return '脚本';
  if (/<foreignobject[\s>/]/i.test(lower)) return 'foreignObject 外部内容';
  if (/<(iframe|embed|object|audio|video|handler|listener)[\s>/]/i.test(text)) return '嵌入的外部内容';
  if (/[\s"'/]on[a-z]+\s*=/i.test(text)) return '事件属性（on…）';
  const flat = normalizeForScan(text);
  if (flat.includes('javascript:') || flat.includes('vbscript:')) return 'javascript: 链接';
  if (
    flat.includes('data:text/html') ||
    flat.includes('data:image/svg+xml') ||
    flat.includes('data:application')
  )
    return '内嵌的可执行数据';
  if (flat.includes('@import')) return '外部样式表';
  for (const m of text.matchAll(/(?:xlink:)?href\s*=\s*(["'])(.*?)\1/gi)) {
    const v = normalizeForScan(m[2]);
    if (!(v.startsWith('#') || /^data:image\/(png|jpeg|jpg|gif|webp);/.test(v))) return '外部资源链接';
  }
  if (/url\(\s*["']?\s*(?!#|data:image\/(png|jpeg|jpg|gif|webp);)/i.test(flat)) return '外部资源链接';
  // The patterns above read the text; this reads the elements, whatever prefix they carry.
  return svgStructureRisk(text) ?? svgCostRisk(text);
}

/** Limits on what makes an SVG expensive to draw: filters over huge regions, heavy blurs, reuse bombs. */
const SVG_COST = {
  maxFilterPrimitives: 64,
  maxBlur: 100,
  maxOctaves: 8,
  maxRegionPercent: 300,
  maxRegionUnits: 20_000,
  maxUses: 5_000,
} as const;

/** Why drawing this SVG could cost far more than its size suggests, or null. */
export function svgCostRisk(text: string): string | null {
  if ((text.match(/<fe[A-Z]/g) ?? []).length > SVG_COST.maxFilterPrimitives) return '滤镜过多';
  for (const m of text.matchAll(/stdDeviation\s*=\s*["']([^"']*)["']/gi)) {
    if (m[1].split(/[\s,]+/).some((v) => !(Math.abs(Number(v)) <= SVG_COST.maxBlur))) return '模糊半径过大';
  }
  for (const m of text.matchAll(/numOctaves\s*=\s*["']\s*([^"']*)["']/gi))
    if (!(Number(m[1]) <= SVG_COST.maxOctaves)) return '滤镜过于复杂';
  for (const tag of text.match(/<(filter|mask|pattern)\b[^>]*>/gi) ?? []) {
    const userSpace = /Units\s*=\s*["']\s*userSpaceOnUse/i.test(tag);
    for (const m of tag.matchAll(/\s(?:width|height|x|y)\s*=\s*["']\s*([-+\d.e]+)\s*(%?)\s*["']/gi)) {
      const v = Math.abs(Number(m[1]));
      const tooBig = m[2]
        ? v > SVG_COST.maxRegionPercent
        : userSpace
          ? v > SVG_COST.maxRegionUnits
          : v > SVG_COST.maxRegionPercent / 100;
      if (!Number.isFinite(v) || tooBig) return '滤镜或蒙版区域过大';
    }
  }
  if ((text.match(/<use[\s>/]/gi) ?? []).length > SVG_COST.maxUses) return '引用（use）过多';
  return null;
}
