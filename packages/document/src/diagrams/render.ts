import { parseDiagram, type Diagram } from './model.ts';
import { renderFlowchart } from './flowchart.ts';
import { renderMindmap } from './mindmap.ts';
import { renderGantt } from './gantt.ts';
import type { RenderOptions, RenderedSvg } from './style.ts';

/**
 * The one renderer: a diagram model -> SVG. Pure and isomorphic (no Node APIs), so the editor's
 * node view and the Word export draw the same picture. Invalid input throws a ZodError whose
 * message is Chinese.
 */
export function renderDiagram(
  diagram: Diagram | { kind: string; model: unknown },
  opts: RenderOptions = {},
): RenderedSvg {
  const d = parseDiagram(diagram);
  switch (d.kind) {
    case 'flowchart':
      return renderFlowchart(d.model, opts);
    case 'mindmap':
      return renderMindmap(d.model, opts);
    case 'gantt':
      return renderGantt(d.model, opts);
  }
}

/** The SVG string of a diagram (see renderDiagram for its size). */
export function renderDiagramSvg(
  diagram: Diagram | { kind: string; model: unknown },
  opts: RenderOptions = {},
): string {
  return renderDiagram(diagram, opts).svg;
}
