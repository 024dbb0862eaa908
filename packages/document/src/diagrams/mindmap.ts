import type { MindNode, MindmapModel } from './model.ts';
import { PALETTE, STYLE, resolveOptions, type RenderOptions, type RenderedSvg } from './style.ts';
import { linesWidth, wrapBalanced, type FontMetrics } from './text.ts';
import { n, svgDocument, textBlock } from './svg.ts';

/**
 * A balanced mind map: the root in the middle, first-level branches split between the right and
 * the left so both sides are about as tall, deeper levels as underlined text (XMind's look).
 */

interface Level {
  size: number;
  bold: boolean;
  wrap: number;
  padX: number;
  padY: number;
  lineHeight: number;
}
const LEVELS: Level[] = [
  { size: 18, bold: true, wrap: 200, padX: 22, padY: 12, lineHeight: 25 },
  { size: 15, bold: true, wrap: 190, padX: 14, padY: 8, lineHeight: 21 },
  { size: 14, bold: false, wrap: 210, padX: 4, padY: 6, lineHeight: STYLE.lineHeight },
];
const levelOf = (depth: number) => LEVELS[Math.min(depth, LEVELS.length - 1)];
const H_GAP = 44;
const V_GAP = 10;

interface Laid {
  node: MindNode;
  depth: number;
  lines: string[];
  w: number;
  h: number;
  /** Height of the subtree band this node occupies. */
  band: number;
  children: Laid[];
  x: number;
  y: number;
  side: 1 | -1;
}

function measure(node: MindNode, depth: number, metrics: FontMetrics): Laid {
  const lv = levelOf(depth);
  const lines = wrapBalanced(node.text, lv.wrap, { fontSize: lv.size, bold: lv.bold, metrics, maxLines: 3 });
  const w = Math.ceil(linesWidth(lines, lv.size, lv.bold, metrics) + 2 * lv.padX);
  const h = Math.ceil(lines.length * lv.lineHeight + 2 * lv.padY);
  const children = (node.children ?? []).map((c) => measure(c, depth + 1, metrics));
  const childBand = children.reduce((s, c) => s + c.band, 0) + V_GAP * Math.max(0, children.length - 1);
  return { node, depth, lines, w, h, band: Math.max(h, childBand), children, x: 0, y: 0, side: 1 };
}

/** Places a subtree: x is the near edge of the node (towards the root), y the centre of its band. */
function place(
  l: Laid,
  nearX: number,
  top: number,
  side: 1 | -1,
  columnWidth: (depth: number, side: 1 | -1) => number,
): void {
  l.side = side;
  l.y = top + l.band / 2;
  l.x = nearX;
  const childrenBand =
    l.children.reduce((s, c) => s + c.band, 0) + V_GAP * Math.max(0, l.children.length - 1);
  let y = top + (l.band - childrenBand) / 2;
  const nextX = nearX + side * (columnWidth(l.depth, side) + H_GAP);
  for (const c of l.children) {
    place(c, nextX, y, side, columnWidth);
    y += c.band + V_GAP;
  }
}

function walk(l: Laid, fn: (l: Laid) => void): void {
  fn(l);
  for (const c of l.children) walk(c, fn);
}

/** Splits first-level branches so the two sides have about equal height (right side first). */
function splitSides(children: Laid[]): { right: Laid[]; left: Laid[] } {
  if (children.length <= 2) return { right: children, left: [] };
  const total = children.reduce((s, c) => s + c.band, 0);
  const right: Laid[] = [];
  let acc = 0;
  for (const c of children) {
    if (right.length === 0 || (acc + c.band / 2 <= total / 2 && right.length < children.length - 1)) {
      right.push(c);
      acc += c.band;
    } else break;
  }
  return { right, left: children.slice(right.length) };
}

export function renderMindmap(model: MindmapModel, options: RenderOptions = {}): RenderedSvg {
  const { metrics, title } = resolveOptions(options);
  const root = measure(model.root, 0, metrics);
  const { right, left } = splitSides(root.children);

  // Column widths per depth and side, so siblings at one depth line up.
  const widths = new Map<string, number>();
  const note = (l: Laid, side: 1 | -1) =>
    walk(l, (x) => widths.set(`${side}:${x.depth}`, Math.max(widths.get(`${side}:${x.depth}`) ?? 0, x.w)));
  right.forEach((c) => note(c, 1));
  left.forEach((c) => note(c, -1));
  const columnWidth = (depth: number, side: 1 | -1) => widths.get(`${side}:${depth}`) ?? 0;

  const bandOf = (list: Laid[]) =>
    list.reduce((s, c) => s + c.band, 0) + V_GAP * 2 * Math.max(0, list.length - 1);
  const rightBand = bandOf(right);
  const leftBand = bandOf(left);
  const height = Math.max(root.h, rightBand, leftBand) + 2 * STYLE.margin;
  const centerY = height / 2;

  // Horizontal extent: widths of every column on each side.
  const sideExtent = (side: 1 | -1, list: Laid[]) => {
    if (!list.length) return 0;
    let maxDepth = 0;
    list.forEach((c) => walk(c, (x) => (maxDepth = Math.max(maxDepth, x.depth))));
    let ext = 0;
    for (let d = 1; d <= maxDepth; d++) ext += H_GAP + columnWidth(d, side);
    return ext;
  };
  const leftExt = sideExtent(-1, left);
  const rightExt = sideExtent(1, right);
  const rootX = STYLE.margin + leftExt; // left edge of the root box
  const width = rootX + root.w + rightExt + STYLE.margin;
  root.x = rootX;
  root.y = centerY;

  const layoutSide = (list: Laid[], side: 1 | -1, band: number) => {
    let y = centerY - band / 2;
    const nearX = side === 1 ? rootX + root.w + H_GAP : rootX - H_GAP;
    for (const c of list) {
      place(c, nearX, y, side, columnWidth);
      y += c.band + V_GAP * 2;
    }
  };
  layoutSide(right, 1, rightBand);
  layoutSide(left, -1, leftBand);

  const links: string[] = [];
  const nodes: string[] = [];
  const nodeBox = (l: Laid) => {
    const left = l.side === 1 || l.depth === 0 ? l.x : l.x - l.w;
    return { left, right: left + l.w, top: l.y - l.h / 2, bottom: l.y + l.h / 2 };
  };
  /** Where a link leaves/enters a node: box side for boxed levels, the underline's end otherwise. */
  const anchor = (l: Laid, towardsChild: boolean) => {
    const b = nodeBox(l);
    const outSide = towardsChild ? l.side : (-l.side as 1 | -1);
    const x =
      l.depth === 0
        ? towardsChild
          ? l.side === 1
            ? b.right
            : b.left
          : b.left
        : outSide === 1
          ? b.right
          : b.left;
    const y = l.depth >= 2 ? b.bottom : l.y;
    return { x, y };
  };

  const drawLinks = (parent: Laid, kids: Laid[], side: 1 | -1) => {
    for (const c of kids) {
      const from =
        parent.depth === 0
          ? { x: side === 1 ? nodeBox(parent).right : nodeBox(parent).left, y: parent.y }
          : anchor(parent, true);
      const to = anchor(c, false);
      const mx = (from.x + to.x) / 2;
      const color = c.depth === 1 ? PALETTE.blue500 : PALETTE.blue300;
      links.push(
        `<path d="M${n(from.x)},${n(from.y)} C${n(mx)},${n(from.y)} ${n(mx)},${n(to.y)} ${n(to.x)},${n(to.y)}" fill="none" stroke="${color}" stroke-width="${c.depth === 1 ? 2 : STYLE.stroke}" stroke-linecap="round"/>`,
      );
      drawLinks(c, c.children, side);
    }
  };
  drawLinks(root, right, 1);
  drawLinks(root, left, -1);

  const drawNode = (l: Laid) => {
    const lv = levelOf(l.depth);
    const b = nodeBox(l);
    const cx = (b.left + b.right) / 2;
    if (l.depth === 0) {
      nodes.push(
        `<rect x="${n(b.left)}" y="${n(b.top)}" width="${n(l.w)}" height="${n(l.h)}" rx="10" fill="${PALETTE.blue700}"/>` +
          textBlock(l.lines, cx, l.y, {
            anchor: 'middle',
            fill: PALETTE.white,
            weight: 'bold',
            size: lv.size,
            lineHeight: lv.lineHeight,
          }),
      );
    } else if (l.depth === 1) {
      nodes.push(
        `<rect x="${n(b.left)}" y="${n(b.top)}" width="${n(l.w)}" height="${n(l.h)}" rx="${STYLE.radius}" fill="${PALETTE.blue50}" stroke="${PALETTE.blue500}" stroke-width="${STYLE.stroke}"/>` +
          textBlock(l.lines, cx, l.y, {
            anchor: 'middle',
            fill: PALETTE.blue900,
            weight: 'bold',
            size: lv.size,
            lineHeight: lv.lineHeight,
          }),
      );
    } else {
      const textX = l.side === 1 ? b.left + lv.padX : b.right - lv.padX;
      nodes.push(
        `<path d="M${n(b.left)},${n(b.bottom)} H${n(b.right)}" stroke="${PALETTE.blue300}" stroke-width="${STYLE.stroke}" stroke-linecap="round"/>` +
          textBlock(l.lines, textX, l.y - 1, {
            anchor: l.side === 1 ? 'start' : 'end',
            fill: PALETTE.grey800,
            size: lv.size,
            lineHeight: lv.lineHeight,
          }),
      );
    }
  };
  walk(root, drawNode);

  const body = `<g class="links">${links.join('')}</g><g class="nodes">${nodes.join('')}</g>`;
  return {
    svg: svgDocument(width, height, body, title, 'mindmap'),
    width: Math.ceil(width),
    height: Math.ceil(height),
  };
}
