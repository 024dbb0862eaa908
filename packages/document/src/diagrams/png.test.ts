import { describe, expect, it } from 'vitest';
import { PNG_SIGNATURE_CHECK, fontFileMetrics, rasterizeSvg, renderDiagramPng, textToPaths } from './png.ts';
import { renderDiagram } from './render.ts';
import { textWidth } from './text.ts';
import type { FlowchartModel } from './model.ts';

const model: FlowchartModel = {
  direction: 'TB',
  nodes: [
    { id: 'a', label: '编制施工组织设计', shape: 'process' },
    { id: 'b', label: '质量安全检查', shape: 'process' },
    { id: 'c', label: '竣工验收资料', shape: 'data' },
  ],
  edges: [
    { from: 'a', to: 'b' },
    { from: 'b', to: 'c' },
  ],
};

interface LabelBox {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where the renderer put each label line (from the SVG it wrote), in CSS px. */
function labelBoxes(svg: string): LabelBox[] {
  const boxes: LabelBox[] = [];
  for (const t of svg.matchAll(/<text ([^>]*)>((?:<tspan [^>]*>[^<]*<\/tspan>)+)<\/text>/g)) {
    const size = Number(/font-size="([\d.]+)"/.exec(t[1])![1]);
    const anchor = /text-anchor="(\w+)"/.exec(t[1])?.[1] ?? 'start';
    for (const s of t[2].matchAll(/<tspan x="([\d.]+)" y="([\d.]+)">([^<]*)<\/tspan>/g)) {
      const w = textWidth(s[3], size, false, fontFileMetrics());
      const x = Number(s[1]) - (anchor === 'middle' ? w / 2 : anchor === 'end' ? w : 0);
      const baseline = Number(s[2]);
      boxes.push({ text: s[3], x0: x, x1: x + w, y0: baseline - size * 0.9, y1: baseline + size * 0.15 });
    }
  }
  return boxes;
}

/** Dark pixels (text is grey-900 on pale blue) inside a box, from raw RGBA pixels. */
function inkIn(
  pixels: Buffer,
  width: number,
  box: LabelBox,
  scale: number,
): { count: number; mask: Set<number> } {
  const mask = new Set<number>();
  for (let y = Math.floor(box.y0 * scale); y < Math.ceil(box.y1 * scale); y++) {
    for (let x = Math.floor(box.x0 * scale); x < Math.ceil(box.x1 * scale); x++) {
      const i = (y * width + x) * 4;
      const lum = 0.299 * pixels[i] + 0.587 * pixels[i + 1] + 0.114 * pixels[i + 2];
      if (lum < 110) mask.add(y * width + x);
    }
  }
  return { count: mask.size, mask };
}

describe('PNG rasterisation with the bundled CJK font', () => {
  const scale = 2;
  const { svg } = renderDiagram({ kind: 'flowchart', model }, { metrics: fontFileMetrics() });
  const boxes = labelBoxes(svg);

  it('draws ink inside every Chinese label, and none without the font', () => {
    expect(boxes.map((b) => b.text)).toEqual(['编制施工组织设计', '质量安全检查', '竣工验收资料']);
    const withFont = rasterizeSvg(textToPaths(svg).svg, { scale });
    const noFont = rasterizeSvg(svg, { scale, noFont: true });
    for (const b of boxes) {
      const area = (b.x1 - b.x0) * (b.y1 - b.y0) * scale * scale;
      const ink = inkIn(withFont.pixels, withFont.width, b, scale).count;
      // Chinese glyphs cover roughly 10-40% of their em boxes; an empty box would be ~0, a tofu frame far less dense.
      expect(ink / area).toBeGreaterThan(0.08);
      expect(ink / area).toBeLessThan(0.6);
      expect(inkIn(noFont.pixels, noFont.width, b, scale).count).toBe(0);
    }
  });

  it('outlines match what resvg draws from the same font (no tofu, same glyph shapes)', () => {
    const paths = rasterizeSvg(textToPaths(svg).svg, { scale });
    const text = rasterizeSvg(svg, { scale });
    for (const b of boxes) {
      const a = inkIn(paths.pixels, paths.width, b, scale).mask;
      const c = inkIn(text.pixels, text.width, b, scale).mask;
      let both = 0;
      for (const p of a) if (c.has(p)) both++;
      const iou = both / (a.size + c.size - both);
      expect(iou).toBeGreaterThan(0.7);
    }
  });

  it('different characters give different ink (glyphs, not boxes)', () => {
    const png = rasterizeSvg(textToPaths(svg).svg, { scale });
    const shapes = boxes.map((b) => inkIn(png.pixels, png.width, b, scale).count);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('renderDiagramPng answers a PNG at print scale with its natural size', async () => {
    const r = await renderDiagramPng({ kind: 'flowchart', model });
    expect(r.png.subarray(0, 8).equals(PNG_SIGNATURE_CHECK)).toBe(true);
    expect(r.scale).toBe(2.5);
    expect(r.width).toBe(Math.ceil(r.cssWidth * 2.5));
    expect(r.height).toBe(Math.ceil(r.cssHeight * 2.5));
    expect(r.missingChars).toEqual([]);
  });
});
