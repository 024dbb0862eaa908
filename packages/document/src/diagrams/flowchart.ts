import dagre from '@dagrejs/dagre';
import type { FlowchartModel, FlowShape } from './model.ts';
import { PALETTE, STYLE, resolveOptions, type RenderOptions, type RenderedSvg } from './style.ts';
import { linesWidth, wrapBalanced } from './text.ts';
import {
  arrowHead,
  basisPath,
  clipToPolygon,
  esc,
  n,
  pullBack,
  svgDocument,
  textBlock,
  type Point,
} from './svg.ts';

/** Widest a label may run before it wraps, per shape (a diamond needs more room around its text). */
const WRAP_WIDTH: Record<FlowShape, number> = {
  process: 168,
  decision: 126,
  terminal: 150,
  data: 150,
  subprocess: 150,
};
const MAX_LINES = 4;
const PAD_X = 16;
const PAD_Y = 10;
const MIN_H = 40;
const SKEW = 12;
const EDGE_LABEL_SIZE = STYLE.smallFontSize;

interface Box {
  id: string;
  shape: FlowShape;
  lines: string[];
  w: number;
  h: number;
  x: number;
  y: number;
}

function sizeNode(shape: FlowShape, lines: string[], textW: number): { w: number; h: number } {
  const textH = lines.length * STYLE.lineHeight;
  switch (shape) {
    case 'decision': {
      // A w x h text box fits inside a diamond of W x H when w/W + h/H <= 1: give each half.
      let w = Math.max((textW + 8) / 0.55, 104);
      let h = Math.max((textH + 4) / 0.45, 56);
      if (w / h > 2.6) h = w / 2.6;
      if (h / w > 1) w = h;
      return { w, h };
    }
    case 'terminal':
      return { w: Math.max(textW + 2 * (PAD_X + 8), 96), h: Math.max(textH + 2 * PAD_Y, MIN_H) };
    case 'data':
      return { w: Math.max(textW + 2 * PAD_X + 2 * SKEW, 104), h: Math.max(textH + 2 * PAD_Y, MIN_H) };
    case 'subprocess':
      return { w: Math.max(textW + 2 * PAD_X + 16, 104), h: Math.max(textH + 2 * PAD_Y, MIN_H) };
    default:
      return { w: Math.max(textW + 2 * PAD_X, 96), h: Math.max(textH + 2 * PAD_Y, MIN_H) };
  }
}

/** The outline of a shape as a polygon (for clipping edge ends to the visible border). */
function outline(b: Box): Point[] {
  const l = b.x - b.w / 2;
  const r = b.x + b.w / 2;
  const t = b.y - b.h / 2;
  const bo = b.y + b.h / 2;
  if (b.shape === 'decision')
    return [
      { x: b.x, y: t },
      { x: r, y: b.y },
      { x: b.x, y: bo },
      { x: l, y: b.y },
    ];
  if (b.shape === 'data')
    return [
      { x: l + SKEW, y: t },
      { x: r, y: t },
      { x: r - SKEW, y: bo },
      { x: l, y: bo },
    ];
  return [
    { x: l, y: t },
    { x: r, y: t },
    { x: r, y: bo },
    { x: l, y: bo },
  ];
}

function drawNode(b: Box): string {
  const l = b.x - b.w / 2;
  const t = b.y - b.h / 2;
  const sw = STYLE.stroke;
  const text = (fill: string, weight: 'normal' | 'bold' = 'normal') =>
    textBlock(b.lines, b.x, b.y, { anchor: 'middle', fill, weight });
  switch (b.shape) {
    case 'terminal':
      return (
        `<rect x="${n(l)}" y="${n(t)}" width="${n(b.w)}" height="${n(b.h)}" rx="${n(Math.min(b.h / 2, 22))}" fill="${PALETTE.blue700}" stroke="${PALETTE.blue700}" stroke-width="${sw}"/>` +
        text(PALETTE.white, 'bold')
      );
    case 'decision': {
      const pts = outline(b)
        .map((p) => `${n(p.x)},${n(p.y)}`)
        .join(' ');
      return (
        `<polygon points="${pts}" fill="${PALETTE.white}" stroke="${PALETTE.blue700}" stroke-width="${sw}" stroke-linejoin="round"/>` +
        text(PALETTE.grey900)
      );
    }
    case 'data': {
      const pts = outline(b)
        .map((p) => `${n(p.x)},${n(p.y)}`)
        .join(' ');
      return (
        `<polygon points="${pts}" fill="${PALETTE.blue50}" stroke="${PALETTE.blue500}" stroke-width="${sw}" stroke-linejoin="round"/>` +
        text(PALETTE.grey900)
      );
    }
    case 'subprocess':
      return (
        `<rect x="${n(l)}" y="${n(t)}" width="${n(b.w)}" height="${n(b.h)}" rx="4" fill="${PALETTE.blue100}" stroke="${PALETTE.blue700}" stroke-width="${sw}"/>` +
        `<path d="M${n(l + 8)},${n(t)} V${n(t + b.h)} M${n(l + b.w - 8)},${n(t)} V${n(t + b.h)}" stroke="${PALETTE.blue700}" stroke-width="${sw}"/>` +
        text(PALETTE.grey900)
      );
    default:
      return (
        `<rect x="${n(l)}" y="${n(t)}" width="${n(b.w)}" height="${n(b.h)}" rx="${STYLE.radius}" fill="${PALETTE.blue50}" stroke="${PALETTE.blue500}" stroke-width="${sw}"/>` +
        text(PALETTE.grey900)
      );
  }
}

type LayoutGraph = InstanceType<typeof dagre.graphlib.Graph>;

/**
 * Node order within ranks for big charts: dagre's depth-first initial order, then four barycenter
 * sweeps (down, up, down, up). dagre's own ordering repeats sweeps until four pass without fewer
 * crossings and rebuilds layer graphs each time — most of its time on a 300-node chart — for
 * little visible gain on the chain-like graphs flowcharts are.
 */
function fastOrder(graph: LayoutGraph): void {
  const nodes = graph.nodes().filter((v) => !(graph.children(v) ?? []).length);
  const rankOf = (v: string) => (graph.node(v) as { rank?: number }).rank ?? 0;
  const maxRank = Math.max(0, ...nodes.map(rankOf));
  const layers: string[][] = Array.from({ length: maxRank + 1 }, () => []);
  const seen = new Set<string>();
  const visit = (root: string) => {
    const stack = [root];
    while (stack.length) {
      const v = stack.pop()!;
      if (seen.has(v)) continue;
      seen.add(v);
      layers[rankOf(v)].push(v);
      const next = (graph.successors(v) ?? []) as string[];
      for (let i = next.length - 1; i >= 0; i--) if (!seen.has(next[i])) stack.push(next[i]);
    }
  };
  [...nodes].sort((a, b) => rankOf(a) - rankOf(b)).forEach(visit);
  const pos = new Map<string, number>();
  layers.forEach((layer) => layer.forEach((v, i) => pos.set(v, i)));
  for (let sweep = 0; sweep < 4; sweep++) {
    const down = sweep % 2 === 0;
    for (let k = 0; k <= maxRank; k++) {
      const r = down ? k : maxRank - k;
      const layer = layers[r];
      const bary = new Map<string, number>();
      for (const v of layer) {
        const ns = ((down ? graph.predecessors(v) : graph.successors(v)) ?? []) as string[];
        bary.set(
          v,
          ns.length ? ns.reduce((s, w) => s + (pos.get(w) ?? 0), 0) / ns.length : (pos.get(v) ?? 0),
        );
      }
      layer.sort((a, b) => bary.get(a)! - bary.get(b)! || pos.get(a)! - pos.get(b)!);
      layer.forEach((v, i) => pos.set(v, i));
    }
  }
  for (const v of nodes) (graph.node(v) as { order?: number }).order = pos.get(v) ?? 0;
}

/** The point halfway along a polyline. */
function midpoint(pts: Point[]): Point {
  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
  let left = total / 2;
  for (let i = 1; i < pts.length; i++) {
    const seg = Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
    if (seg >= left && seg > 0) {
      const t = left / seg;
      return {
        x: pts[i - 1].x + (pts[i].x - pts[i - 1].x) * t,
        y: pts[i - 1].y + (pts[i].y - pts[i - 1].y) * t,
      };
    }
    left -= seg;
  }
  return pts[pts.length - 1];
}

/** Lays out and draws a flowchart. Large graphs use dagre's cheaper ranker to stay fast. */
export function renderFlowchart(model: FlowchartModel, options: RenderOptions = {}): RenderedSvg {
  const { metrics, title } = resolveOptions(options);
  const g = new dagre.graphlib.Graph({ multigraph: true });
  const big = model.nodes.length > 120;
  g.setGraph({
    rankdir: model.direction,
    nodesep: model.direction === 'LR' ? 28 : 36,
    ranksep: model.direction === 'LR' ? 56 : 44,
    edgesep: 16,
    marginx: STYLE.margin,
    marginy: STYLE.margin,
    ranker: big ? 'longest-path' : 'network-simplex',
  });
  const boxes = new Map<string, Box>();
  for (const node of model.nodes) {
    const lines = wrapBalanced(node.label, WRAP_WIDTH[node.shape], {
      fontSize: STYLE.fontSize,
      metrics,
      maxLines: MAX_LINES,
    });
    const { w, h } = sizeNode(
      node.shape,
      lines,
      linesWidth(lines, STYLE.fontSize, node.shape === 'terminal', metrics),
    );
    const box: Box = { id: node.id, shape: node.shape, lines, w: Math.ceil(w), h: Math.ceil(h), x: 0, y: 0 };
    boxes.set(node.id, box);
    g.setNode(node.id, { width: box.w, height: box.h });
  }
  const edgeLabels: string[][] = [];
  model.edges.forEach((e, i) => {
    const lines = e.label
      ? wrapBalanced(e.label, 120, { fontSize: EDGE_LABEL_SIZE, metrics, maxLines: 2 })
      : [];
    edgeLabels.push(lines);
    const lw = lines.length ? linesWidth(lines, EDGE_LABEL_SIZE, false, metrics) + 10 : 0;
    const lh = lines.length ? lines.length * STYLE.smallLineHeight + 4 : 0;
    // Label boxes make dagre insert a rank between every pair of ranks; on big charts that doubles
    // the layout time, so there labels go on the middle of the routed edge instead.
    g.setEdge(
      e.from,
      e.to,
      big ? {} : { width: Math.ceil(lw), height: Math.ceil(lh), labelpos: 'c' },
      `e${i}`,
    );
  });
  dagre.layout(g, big ? { customOrder: (lg) => fastOrder(lg as LayoutGraph) } : undefined);

  for (const box of boxes.values()) {
    const pos = g.node(box.id);
    box.x = pos.x;
    box.y = pos.y;
  }
  const graph = g.graph();
  const width = Math.max(graph.width ?? 0, 120);
  const height = Math.max(graph.height ?? 0, 60);

  const edgeParts: string[] = [];
  const labelParts: string[] = [];
  model.edges.forEach((e, i) => {
    const le = g.edge({ v: e.from, w: e.to, name: `e${i}` }) as { points: Point[]; x?: number; y?: number };
    const src = boxes.get(e.from)!;
    const dst = boxes.get(e.to)!;
    let pts = le.points.map((p) => ({ x: p.x, y: p.y }));
    if (e.from === e.to) {
      // A self-loop: a small loop on the right side of the node.
      const r = src.x + src.w / 2;
      pts = [
        { x: r, y: src.y - 8 },
        { x: r + 24, y: src.y - 14 },
        { x: r + 24, y: src.y + 14 },
        { x: r, y: src.y + 8 },
      ];
    } else if (pts.length >= 2) {
      // dagre clips to the bounding box; diamonds and parallelograms need their real border.
      if (src.shape === 'decision' || src.shape === 'data')
        pts[0] = clipToPolygon(pts[1], { x: src.x, y: src.y }, outline(src));
      if (dst.shape === 'decision' || dst.shape === 'data')
        pts[pts.length - 1] = clipToPolygon(pts[pts.length - 2], { x: dst.x, y: dst.y }, outline(dst));
    }
    const tip = pts[pts.length - 1];
    const before = pts[pts.length - 2] ?? pts[0];
    const stroked = [...pts.slice(0, -1), pullBack(before, tip, 7)];
    edgeParts.push(
      `<path d="${basisPath(stroked)}" fill="none" stroke="${PALETTE.grey500}" stroke-width="${STYLE.stroke}" stroke-linecap="round" stroke-linejoin="round"/>` +
        arrowHead(before, tip, PALETTE.grey500),
    );
    const lines = edgeLabels[i];
    if (lines.length && (le.x === undefined || le.y === undefined)) {
      const mid = midpoint(pts);
      le.x = mid.x;
      le.y = mid.y;
    }
    if (lines.length && le.x !== undefined && le.y !== undefined) {
      const lw = linesWidth(lines, EDGE_LABEL_SIZE, false, metrics) + 10;
      const lh = lines.length * STYLE.smallLineHeight + 4;
      labelParts.push(
        `<rect x="${n(le.x - lw / 2)}" y="${n(le.y - lh / 2)}" width="${n(lw)}" height="${n(lh)}" rx="4" fill="${PALETTE.white}" stroke="${PALETTE.grey200}" stroke-width="1"/>` +
          textBlock(lines, le.x, le.y, {
            anchor: 'middle',
            fill: PALETTE.grey600,
            size: EDGE_LABEL_SIZE,
            lineHeight: STYLE.smallLineHeight,
          }),
      );
    }
  });

  const nodeParts = model.nodes.map(
    (node) => `<g data-id="${esc(node.id)}">${drawNode(boxes.get(node.id)!)}</g>`,
  );
  const body = `<g class="edges">${edgeParts.join('')}</g><g class="nodes">${nodeParts.join('')}</g><g class="edge-labels">${labelParts.join('')}</g>`;
  return {
    svg: svgDocument(width, height, body, title, 'flowchart'),
    width: Math.ceil(width),
    height: Math.ceil(height),
  };
}
