import { useMemo } from 'react';
import { renderDiagram, safeParseDiagram, type RenderedSvg } from '@bid/document/diagrams/index';

export interface DiagramViewProps {
  kind: string;
  model: unknown;
  /** Shown under the picture (图题). */
  caption?: string;
  /** Fit to the container width (default) or keep the natural size. */
  fit?: boolean;
  className?: string;
}

/** The one renderer's SVG in a div: the same picture the Word export rasterises. */
export function DiagramView({ kind, model, caption, fit = true, className }: DiagramViewProps) {
  const out = useMemo((): { ok: true; svg: RenderedSvg } | { ok: false; message: string } => {
    const parsed = safeParseDiagram({ kind, model });
    if (!parsed.ok) return { ok: false, message: parsed.message };
    try {
      return { ok: true, svg: renderDiagram(parsed.diagram, { title: caption || undefined }) };
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : '图表无法显示' };
    }
  }, [kind, model, caption]);

  return (
    <figure className={['bs-diagram', className].filter(Boolean).join(' ')} data-kind={kind}>
      {out.ok ? (
        <div
          className="bs-diagram__svg"
          style={fit ? { maxWidth: out.svg.width } : { width: out.svg.width }}
          // The renderer escapes every label; the markup is its own, never user HTML.
          // Scaled to the column, but never below 3/4 of its size: a wide chart scrolls instead of shrinking unreadably.
          dangerouslySetInnerHTML={{
            __html: out.svg.svg.replace(
              /^<svg /,
              `<svg style="width:100%;min-width:${Math.round(out.svg.width * 0.75)}px;height:auto;display:block" `,
            ),
          }}
        />
      ) : (
        <div className="bs-diagram__error" role="alert">
          图表数据有误：{out.message}
        </div>
      )}
      {caption ? <figcaption className="bs-diagram__caption">{caption}</figcaption> : null}
    </figure>
  );
}
