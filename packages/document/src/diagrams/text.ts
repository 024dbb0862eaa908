import { BOLD_WIDTHS, REGULAR_WIDTHS } from './font-widths.generated.ts';

/**
 * Text measurement for diagram labels. Isomorphic: the default metrics come from a table generated
 * from the bundled font (font-widths.generated.ts), so the browser and the PNG export wrap labels
 * identically; Node may inject exact metrics read from the font file (see png.ts).
 */
export interface FontMetrics {
  /** Advance width of a code point in em (multiply by the font size for px). */
  advance(codePoint: number, bold: boolean): number;
}

/** Code points drawn full width (1 em) in a CJK font. */
export function isWide(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** The fallback when a table has no entry: 1 em for CJK, 0.6 em (an average Latin glyph) otherwise. */
export function defaultAdvance(cp: number): number {
  return isWide(cp) ? 1 : 0.6;
}

function parseTable(packed: string): Map<number, number> {
  const m = new Map<number, number>();
  if (!packed) return m;
  for (const pair of packed.split(',')) {
    const [cp, w] = pair.split(':');
    m.set(parseInt(cp, 36), parseInt(w, 36) / 1000);
  }
  return m;
}

let tables: { regular: Map<number, number>; bold: Map<number, number> } | null = null;

/** Metrics of the bundled Noto Sans SC from the generated table (isomorphic, the default). */
export const tableMetrics: FontMetrics = {
  advance(cp, bold) {
    tables ??= { regular: parseTable(REGULAR_WIDTHS), bold: parseTable(BOLD_WIDTHS) };
    return (bold ? tables.bold : tables.regular).get(cp) ?? defaultAdvance(cp);
  },
};

export function textWidth(
  text: string,
  fontSize: number,
  bold = false,
  metrics: FontMetrics = tableMetrics,
): number {
  let em = 0;
  for (const ch of text) em += metrics.advance(ch.codePointAt(0)!, bold);
  return em * fontSize;
}

/** Characters that must not start a line (Chinese line-breaking rules, 避头). */
const NO_LINE_START = new Set([...'，。、；：！？）】》」』”’〉…—,.;:!?)]}%·～']);
/** Characters that must not end a line (避尾). */
const NO_LINE_END = new Set([...'（【《「『“‘〈([{']);

/**
 * Splits text into unbreakable units: each CJK character alone, Latin words and numbers kept
 * together, spaces as their own units, closing punctuation glued to what precedes it and opening
 * punctuation to what follows.
 */
export function breakUnits(text: string): string[] {
  const units: string[] = [];
  let word = '';
  const flush = () => {
    if (word) units.push(word);
    word = '';
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === ' ' || ch === '\t') {
      flush();
      units.push(' ');
    } else if (isWide(cp) || NO_LINE_START.has(ch) || NO_LINE_END.has(ch)) {
      flush();
      units.push(ch);
    } else {
      word += ch;
    }
  }
  flush();
  // Glue: closing punctuation joins the previous unit; opening punctuation joins the next one.
  const glued: string[] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (NO_LINE_START.has(u) && glued.length && glued[glued.length - 1] !== ' ') {
      glued[glued.length - 1] += u;
    } else if (NO_LINE_END.has(u) && i + 1 < units.length && units[i + 1] !== ' ') {
      units[i + 1] = u + units[i + 1];
    } else {
      glued.push(u);
    }
  }
  return glued;
}

export interface WrapOptions {
  fontSize: number;
  bold?: boolean;
  metrics?: FontMetrics;
  /** Lines beyond this are dropped and the last kept line ends with an ellipsis. */
  maxLines?: number;
}

/** Wraps text to lines no wider than maxWidth (a unit wider than a line is split by character). */
export function wrapText(text: string, maxWidth: number, opts: WrapOptions): string[] {
  const { fontSize, bold = false, metrics = tableMetrics } = opts;
  const measure = (s: string) => textWidth(s, fontSize, bold, metrics);
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r/g, '').split('\n')) {
    let line = '';
    let lineW = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      lineW = 0;
    };
    for (const unit of breakUnits(paragraph.trim())) {
      if (unit === ' ' && line === '') continue;
      const w = measure(unit);
      if (lineW + w <= maxWidth + 0.01) {
        line += unit;
        lineW += w;
        continue;
      }
      if (unit === ' ') {
        push();
        continue;
      }
      if (line !== '') push();
      if (w <= maxWidth) {
        line = unit;
        lineW = w;
        continue;
      }
      // A single unit (a long Latin word or URL) wider than the line: split it by character.
      for (const ch of unit) {
        const cw = measure(ch);
        if (lineW + cw > maxWidth && line !== '') push();
        line += ch;
        lineW += cw;
      }
    }
    if (line !== '' || lines.length === 0) push();
  }
  const maxLines = opts.maxLines;
  if (maxLines && lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1];
    while (last.length > 0 && measure(`${last}…`) > maxWidth) last = [...last].slice(0, -1).join('');
    kept[maxLines - 1] = `${last}…`;
    return kept;
  }
  return lines;
}

/**
 * Like wrapText, but when the text needs several lines it narrows the width as far as the line
 * count allows, so lines come out about equally long instead of leaving one orphan character.
 */
export function wrapBalanced(text: string, maxWidth: number, opts: WrapOptions): string[] {
  const lines = wrapText(text, maxWidth, opts);
  if (lines.length < 2 || (opts.maxLines && lines.length >= opts.maxLines)) return lines;
  const { fontSize, bold = false, metrics = tableMetrics } = opts;
  let lo = textWidth(text, fontSize, bold, metrics) / lines.length;
  let hi = maxWidth;
  let best = lines;
  for (let i = 0; i < 8 && hi - lo > 1; i++) {
    const mid = (lo + hi) / 2;
    const attempt = wrapText(text, mid, opts);
    if (attempt.length <= lines.length) {
      best = attempt;
      hi = mid;
    } else lo = mid;
  }
  return best;
}

/** Width of the widest line. */
export function linesWidth(
  lines: string[],
  fontSize: number,
  bold = false,
  metrics: FontMetrics = tableMetrics,
): number {
  let w = 0;
  for (const l of lines) w = Math.max(w, textWidth(l, fontSize, bold, metrics));
  return w;
}
