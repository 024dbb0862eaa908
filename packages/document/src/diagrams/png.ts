import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Diagram } from './model.ts';
import { renderDiagram } from './render.ts';
import type { RenderOptions } from './style.ts';
import { FONT_FAMILY_NAME, FONT_FILES } from './font-files.ts';
import { readGlyphAdvances } from './ttf.ts';
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
  /** For tests: render without the bundled font (proves the font is what draws the glyphs). */
  noFont?: boolean;
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
}

let exactMetrics: FontMetrics | null = null;

/** Glyph advances read from the bundled font files themselves (exact for every character). */
export function fontFileMetrics(): FontMetrics {
  if (!exactMetrics) {
    const regular = readGlyphAdvances(fs.readFileSync(FONT_FILES.regular));
    const bold = readGlyphAdvances(fs.readFileSync(FONT_FILES.bold));
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

export function rasterizeSvg(svg: string, opts: { scale?: number; background?: string; noFont?: boolean } = {}) {
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
export async function renderDiagramPng(diagram: Diagram | { kind: string; model: unknown }, opts: PngOptions = {}): Promise<RenderedPng> {
  const scale = opts.scale ?? 2.5;
  const { svg, width, height } = renderDiagram(diagram, { ...opts, metrics: opts.metrics ?? fontFileMetrics() });
  const image = rasterizeSvg(svg, { scale, background: opts.background, noFont: opts.noFont });
  return { png: image.asPng(), width: image.width, height: image.height, cssWidth: width, cssHeight: height, scale };
}
