import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Diagram } from './model.ts';
import { renderDiagram } from './render.ts';
import type { RenderOptions } from './style.ts';
import { FONT_FAMILY_NAME, FONT_FILES } from './font-files.ts';
import { readGlyphOutlines, type GlyphOutlines } from './ttf.ts';
import { defaultAdvance, type FontMetrics } from './text.ts';

/**
 * Node only: rasterises a diagram for Word with resvg and the bundled Noto Sans SC (no system
 * fonts, so the picture is the same on every server). The web bundle never imports this file.
 */

export interface PngOptions extends RenderOptions {
  /**
   * Pixels per CSS px. 2.5 gives ~240 dpi when Word shows the picture at its natural size
   * (96 px per inch), and still ≥150 dpi when it is scaled down to fit a page.
   */
  scale?: number;
  /** Background colour; Word pages are white, transparency prints grey on some printers. */
  background?: string;
  /**
   * How labels reach the picture. 'paths' (default): outlined here from the bundled font's glyphs,
   * fast and exactly where the layout measured them. 'text': left to resvg with the bundled font
   * (seconds per chart: resvg re-reads the font for each text chunk). 'none': no font at all — for
   * tests that prove the font is what draws the glyphs.
   */
  textMode?: 'paths' | 'text' | 'none';
}

export interface RenderedPng {
  png: Buffer;
  /** Pixel size of the PNG. */
  width: number;
  height: number;
  /** Natural display size in CSS px (1/96 inch): the size to give the picture in Word before fitting it to the page. */
  cssWidth: number;
  cssHeight: number;
  scale: number;
  /** Characters the bundled font has no glyph for (drawn as empty boxes); empty in practice. */
  missingChars: string[];
}

/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE_CHECK = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let exactMetrics: FontMetrics | null = null;
let outlines: { regular: GlyphOutlines; bold: GlyphOutlines } | null = null;

function fontOutlines(): { regular: GlyphOutlines; bold: GlyphOutlines } {
  outlines ??= {
    regular: readGlyphOutlines(fs.readFileSync(FONT_FILES.regular)),
    bold: readGlyphOutlines(fs.readFileSync(FONT_FILES.bold)),
  };
  return outlines;
}

/** Glyph advances read from the bundled font files themselves (exact for every character). */
export function fontFileMetrics(): FontMetrics {
  if (!exactMetrics) {
    const { regular, bold } = fontOutlines();
    exactMetrics = {
      advance(cp, isBold) {
        const f = isBold ? bold : regular;
        const w = f.advanceOf(cp);
        return w === undefined ? defaultAdvance(cp) : w / f.unitsPerEm;
      },
    };
  }
  return exactMetrics;
}

function unescapeXml(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
}

/**
 * Replaces the renderer's <text> elements (the exact form svg.ts writes: attributes font-size,
 * text-anchor, font-weight, fill; one positioned <tspan> per line) with glyph outlines.
 */
export function textToPaths(svg: string): { svg: string; missingChars: string[] } {
  const fonts = fontOutlines();
  const missing = new Set<string>();
  const out = svg.replace(
    /<text ([^>]*)>((?:<tspan [^>]*>[^<]*<\/tspan>)+)<\/text>/g,
    (_m, attrs: string, spans: string) => {
      const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1];
      const size = Number(attr('font-size') ?? 14);
      const anchor = attr('text-anchor') ?? 'start';
      const font = attr('font-weight') === 'bold' ? fonts.bold : fonts.regular;
      const fill = attr('fill') ?? '#000';
      const k = size / font.unitsPerEm;
      let paths = '';
      for (const m of spans.matchAll(/<tspan x="([^"]*)" y="([^"]*)">([^<]*)<\/tspan>/g)) {
        const text = unescapeXml(m[3]);
        let pen = 0;
        let d = '';
        for (const ch of text) {
          const gid = font.glyphIdOf(ch.codePointAt(0)!);
          if (gid === 0 && ch.trim()) missing.add(ch);
          d += font.pathOf(gid, pen);
          pen += font.advanceOfGlyph(gid);
        }
        if (!d) continue;
        const shift = anchor === 'middle' ? (pen * k) / 2 : anchor === 'end' ? pen * k : 0;
        const x = Number(m[1]) - shift;
        const y = Number(m[2]);
        paths += `<path transform="matrix(${+k.toFixed(6)} 0 0 ${-k.toFixed(6)} ${+x.toFixed(2)} ${+y.toFixed(2)})" d="${d}"/>`;
      }
      return paths ? `<g fill="${fill}">${paths}</g>` : '';
    },
  );
  return { svg: out, missingChars: [...missing] };
}

export function rasterizeSvg(
  svg: string,
  opts: { scale?: number; background?: string; noFont?: boolean } = {},
) {
  const resvg = new Resvg(svg, {
    font: opts.noFont
      ? { loadSystemFonts: false, fontFiles: [] }
      : {
          loadSystemFonts: false,
          fontFiles: [FONT_FILES.regular, FONT_FILES.bold],
          defaultFontFamily: FONT_FAMILY_NAME,
          sansSerifFamily: FONT_FAMILY_NAME,
        },
    fitTo: { mode: 'zoom', value: opts.scale ?? 2.5 },
    background: opts.background ?? '#ffffff',
    shapeRendering: 2,
    textRendering: 1,
    logLevel: 'off',
  });
  return resvg.render();
}

/**
 * Renders a diagram to PNG at print resolution. Text is measured with the font file's own metrics
 * (identical to the generated table the browser uses for every common character).
 */
export async function renderDiagramPng(
  diagram: Diagram | { kind: string; model: unknown },
  opts: PngOptions = {},
): Promise<RenderedPng> {
  const scale = opts.scale ?? 2.5;
  const mode = opts.textMode ?? 'paths';
  const { svg, width, height } = renderDiagram(diagram, {
    ...opts,
    metrics: opts.metrics ?? fontFileMetrics(),
  });
  const converted = mode === 'paths' ? textToPaths(svg) : { svg, missingChars: [] };
  const image = rasterizeSvg(converted.svg, { scale, background: opts.background, noFont: mode === 'none' });
  return {
    png: image.asPng(),
    width: image.width,
    height: image.height,
    cssWidth: width,
    cssHeight: height,
    scale,
    missingChars: converted.missingChars,
  };
}
