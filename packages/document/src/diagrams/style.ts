import { tableMetrics, type FontMetrics } from './text.ts';

/**
 * One restrained visual language for every diagram: the brand blue family and greys, 1.5px
 * strokes, rounded corners, 14px labels. Changing a value here restyles the editor and Word alike.
 */
export const PALETTE = {
  blue900: '#1e3a8a',
  blue800: '#1e40af',
  blue700: '#1d4ed8',
  blue600: '#2563eb',
  blue500: '#3b82f6',
  blue400: '#60a5fa',
  blue300: '#93c5fd',
  blue200: '#bfdbfe',
  blue100: '#dbeafe',
  blue50: '#eff6ff',
  grey900: '#111827',
  grey800: '#1f2937',
  grey700: '#374151',
  grey600: '#4b5563',
  grey500: '#6b7280',
  grey400: '#9ca3af',
  grey300: '#d1d5db',
  grey200: '#e5e7eb',
  grey100: '#f3f4f6',
  grey50: '#f9fafb',
  white: '#ffffff',
} as const;

/** The bundled font first (the PNG export has exactly it), then what Chinese desktops have. */
export const FONT_STACK =
  "'Noto Sans SC','Source Han Sans SC','Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";

export const STYLE = {
  stroke: 1.5,
  fontSize: 14,
  smallFontSize: 12,
  lineHeight: 20,
  smallLineHeight: 17,
  margin: 16,
  radius: 6,
} as const;

export interface RenderOptions {
  /** Text metrics; the default is the generated table of the bundled font. */
  metrics?: FontMetrics;
  /**
   * Widest the picture should be, px (Gantt charts fit their time axis to it). Default 720: about
   * the text width of an A4 page, so Word shows the chart near its natural size.
   */
  maxWidth?: number;
  /** Accessible title written into the SVG. */
  title?: string;
}

export interface RenderedSvg {
  svg: string;
  /** Size in CSS px (1x); the PNG export multiplies by its scale. */
  width: number;
  height: number;
}

export function resolveOptions(
  opts: RenderOptions = {},
): Required<Omit<RenderOptions, 'title'>> & { title?: string } {
  return { metrics: opts.metrics ?? tableMetrics, maxWidth: opts.maxWidth ?? 720, title: opts.title };
}
