/** Diagrams, isomorphic part (safe for the web bundle). The PNG rasteriser lives in ./png.ts (Node only). */
export * from './model.ts';
export * from './render.ts';
export { PALETTE, STYLE, FONT_STACK, type RenderOptions, type RenderedSvg } from './style.ts';
export { tableMetrics, textWidth, wrapText, type FontMetrics } from './text.ts';
export { renderFlowchart } from './flowchart.ts';
export { renderMindmap } from './mindmap.ts';
export { renderGantt } from './gantt.ts';
