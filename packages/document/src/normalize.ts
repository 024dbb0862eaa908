import type { PMMark, PMNode } from './model.ts';
import { cleanControlChars } from './text.ts';
import { isSafeHref } from './validate.ts';

/**
 * Makes any document-shaped JSON (from the Markdown converter, an AI answer or an old client) valid
 * for the TipTap schema the editor uses (StarterKit + Table + Image + placeholder + diagram):
 * listItem starts with a paragraph, tables are rectangular, cells and quotes hold at least one
 * block, images sit at block level, no empty text nodes, marks in one canonical order, `code`
 * alone on its text (TipTap's code mark excludes all others). Unknown nodes degrade to their text.
 */

const BLOCK_TYPES = new Set([
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'blockquote',
  'horizontalRule',
  'table',
  'image',
  'diagram',
  'codeBlock',
]);
const INLINE_TYPES = new Set(['text', 'hardBreak', 'placeholder', 'pageRef']);
/** Canonical mark order (outermost first when serialised). */
export const MARK_ORDER = ['link', 'bold', 'italic', 'underline', 'strike', 'highlight', 'code'] as const;
const MARK_RANK = new Map<string, number>(MARK_ORDER.map((m, i) => [m, i]));

/** A soft line break inside a paragraph while converting; never left in a normalised document. */
export const SOFT_BREAK = '__softBreak';

export function cell(
  type: 'tableCell' | 'tableHeader',
  content: PMNode[],
  colspan = 1,
  rowspan = 1,
  colwidth: number[] | null = null,
): PMNode {
  return { type, attrs: { colspan, rowspan, colwidth }, content };
}

function para(content: PMNode[] = []): PMNode {
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
}

export function normalizeMarks(marks: PMMark[] | undefined): PMMark[] | undefined {
  if (!marks?.length) return undefined;
  // The common case, one known mark without attributes, needs no copy.
  if (marks.length === 1 && !marks[0].attrs && MARK_RANK.has(marks[0].type) && marks[0].type !== 'link')
    return marks;
  const seen = new Map<string, PMMark>();
  for (const m of marks) {
    if (!m || typeof m.type !== 'string' || !MARK_RANK.has(m.type)) continue;
    // A link the schema would refuse (javascript:, data:, …) keeps its text and loses the link.
    if (m.type === 'link' && !isSafeHref(m.attrs?.href)) continue;
    seen.set(m.type, m);
  }
  if (seen.has('code')) return [seen.get('code')!];
  const out = [...seen.values()].sort((a, b) => MARK_RANK.get(a.type)! - MARK_RANK.get(b.type)!);
  return out.length ? out : undefined;
}

export function sameMarks(a: PMMark[] | undefined, b: PMMark[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  if (x.length !== y.length) return false;
  return x.every(
    (m, i) => m.type === y[i].type && JSON.stringify(m.attrs ?? null) === JSON.stringify(y[i].attrs ?? null),
  );
}

function textOf(node: PMNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  if (node.type === 'placeholder') return `【待填写：${String(node.attrs?.label ?? '')}】`;
  return (node.content ?? []).map(textOf).join('');
}

/** Inline content: merged text runs, no empty text, known inline nodes only. Images are kept for the caller to lift. */
function normalizeInline(nodes: PMNode[] | undefined): PMNode[] {
  const out: PMNode[] = [];
  for (const n of nodes ?? []) {
    if (!n || typeof n !== 'object') continue;
    if (n.type === 'text') {
      const text = cleanControlChars(typeof n.text === 'string' ? n.text : '');
      if (!text) continue;
      const marks = normalizeMarks(n.marks);
      const prev = out[out.length - 1];
      if (prev && prev.type === 'text' && sameMarks(prev.marks, marks)) {
        prev.text += text;
      } else {
        out.push(marks ? { type: 'text', text, marks } : { type: 'text', text });
      }
    } else if (n.type === 'hardBreak' || n.type === SOFT_BREAK) {
      out.push({ type: n.type });
    } else if (n.type === 'placeholder') {
      const marks = normalizeMarks(n.marks);
      const node: PMNode = {
        type: 'placeholder',
        attrs: { label: cleanControlChars(String(n.attrs?.label ?? '')) },
      };
      if (marks) node.marks = marks;
      out.push(node);
    } else if (n.type === 'pageRef') {
      // The export's reference to a chapter's page (model.ts); kept as it is for the .docx writer.
      const chapter = typeof n.attrs?.chapter === 'string' ? n.attrs.chapter : '';
      const fallback = cleanControlChars(String(n.attrs?.fallback ?? ''));
      const words = (k: 'before' | 'after') =>
        typeof n.attrs?.[k] === 'string' ? { [k]: cleanControlChars(n.attrs[k] as string) } : {};
      if (chapter)
        out.push({ type: 'pageRef', attrs: { chapter, fallback, ...words('before'), ...words('after') } });
      else if (fallback) out.push(...normalizeInline([{ type: 'text', text: fallback }]));
    } else if (n.type === 'image') {
      out.push(n);
    } else {
      const text = textOf(n);
      if (text) out.push(...normalizeInline([{ type: 'text', text }]));
    }
  }
  return out;
}

/**
 * Splits inline content at images (lifted to block level) and, where `splitSoft`, at soft breaks
 * (each line its own paragraph: in Chinese prose a single newline means a new paragraph).
 */
function inlineToBlocks(
  type: 'paragraph' | 'heading',
  attrs: Record<string, unknown> | undefined,
  inline: PMNode[],
  splitSoft: boolean,
): PMNode[] {
  const blocks: PMNode[] = [];
  let run: PMNode[] = [];
  let hadText = false;
  const flush = (force: boolean) => {
    // Trailing hard breaks show as blank lines in Word and the editor; drop them.
    while (run.length && run[run.length - 1].type === 'hardBreak') run.pop();
    if (run.length || force) {
      blocks.push(type === 'heading' ? { type, attrs, ...(run.length ? { content: run } : {}) } : para(run));
      hadText = true;
    }
    run = [];
  };
  for (const n of inline) {
    if (n.type === 'image') {
      flush(false);
      const img = normalizeBlock(n);
      if (img) blocks.push(img);
    } else if (n.type === SOFT_BREAK) {
      if (splitSoft && type === 'paragraph') flush(false);
      else if (run.length) run.push({ type: 'hardBreak' });
    } else {
      if (n.type === 'hardBreak' && run.length === 0) continue;
      run.push(n);
    }
  }
  flush(!hadText && blocks.length === 0);
  // A heading split by an image keeps only its first part as the heading.
  return blocks.map((b, i) => (b.type === 'heading' && i > 0 ? para(b.content ?? []) : b));
}

function normalizeTable(node: PMNode): PMNode | null {
  const rows: PMNode[] = [];
  for (const r of node.content ?? []) {
    if (r?.type !== 'tableRow') continue;
    const cells: PMNode[] = [];
    for (const c of r.content ?? []) {
      if (c?.type !== 'tableCell' && c?.type !== 'tableHeader') continue;
      const colspan = clampInt(c.attrs?.colspan, 1, 1, 1000);
      const rowspan = clampInt(c.attrs?.rowspan, 1, 1, 100000);
      const cw =
        Array.isArray(c.attrs?.colwidth) &&
        c.attrs!.colwidth.every((w: unknown) => typeof w === 'number' && w > 0)
          ? (c.attrs!.colwidth as number[])
          : null;
      const content = normalizeBlocks(c.content, 'cell');
      cells.push(
        cell(
          c.type,
          content.length ? content : [para()],
          colspan,
          rowspan,
          cw && cw.length === colspan ? cw : null,
        ),
      );
    }
    rows.push({ type: 'tableRow', content: cells });
  }
  if (!rows.length) return null;
  // Rectangular grid: rowspans may not run past the last row; short rows get empty cells.
  const occupied: number[] = []; // per column: rows still covered by a rowspan from above
  const widths: number[] = [];
  rows.forEach((row, ri) => {
    let col = 0;
    let width = 0;
    for (const c of row.content!) {
      while ((occupied[col] ?? 0) > 0) {
        col++;
        width++;
      }
      const rs = Math.min(c.attrs!.rowspan as number, rows.length - ri);
      c.attrs!.rowspan = rs;
      const cs = c.attrs!.colspan as number;
      for (let k = 0; k < cs; k++) occupied[col + k] = Math.max(occupied[col + k] ?? 0, rs);
      col += cs;
      width += cs;
    }
    while ((occupied[col] ?? 0) > 0) {
      col++;
      width++;
    }
    widths.push(width);
    for (let k = 0; k < occupied.length; k++) if (occupied[k] > 0) occupied[k]--;
  });
  const max = Math.max(...widths, 1);
  rows.forEach((row, ri) => {
    const cellType =
      row.content!.length && row.content!.every((c) => c.type === 'tableHeader')
        ? 'tableHeader'
        : 'tableCell';
    for (let k = widths[ri]; k < max; k++) row.content!.push(cell(cellType, [para()]));
  });
  return { type: 'table', content: rows };
}

function clampInt(v: unknown, dflt: number, min: number, max: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v, 10) : Number.NaN;
  if (!Number.isFinite(n)) return dflt;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

function normalizeBlock(node: PMNode): PMNode | null {
  switch (node.type) {
    case 'horizontalRule':
      return { type: 'horizontalRule' };
    case 'image': {
      const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
      if (!src) return null;
      const attrs: Record<string, unknown> = {
        src,
        alt: strOrNull(node.attrs?.alt),
        title: strOrNull(node.attrs?.title),
      };
      if (node.attrs?.caption != null) attrs.caption = String(node.attrs.caption);
      if (typeof node.attrs?.width === 'number') attrs.width = node.attrs.width;
      if (typeof node.attrs?.height === 'number') attrs.height = node.attrs.height;
      return { type: 'image', attrs };
    }
    case 'diagram':
      return { type: 'diagram', attrs: { ...(node.attrs ?? {}) } };
    case 'codeBlock': {
      const text = cleanControlChars(textOf(node));
      const language =
        typeof node.attrs?.language === 'string' && node.attrs.language ? node.attrs.language : null;
      return text
        ? { type: 'codeBlock', attrs: { language }, content: [{ type: 'text', text }] }
        : { type: 'codeBlock', attrs: { language } };
    }
    case 'table':
      return normalizeTable(node);
    default:
      return null;
  }
}

function strOrNull(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

type Container = 'doc' | 'blockquote' | 'listItem' | 'cell';

/** Block content of a container; never empty for containers that need a block (the caller adds one). */
export function normalizeBlocks(nodes: PMNode[] | undefined, container: Container): PMNode[] {
  const out: PMNode[] = [];
  const splitSoft = container === 'doc' || container === 'blockquote';
  for (const n of nodes ?? []) {
    if (!n || typeof n !== 'object' || typeof n.type !== 'string') continue;
    switch (n.type) {
      case 'paragraph':
        out.push(...inlineToBlocks('paragraph', undefined, normalizeInline(n.content), splitSoft));
        break;
      case 'heading': {
        const level = clampInt(n.attrs?.level, 1, 1, 6);
        out.push(...inlineToBlocks('heading', { level }, normalizeInline(n.content), false));
        break;
      }
      case 'bulletList':
      case 'orderedList': {
        const items: PMNode[] = [];
        for (const item of n.content ?? []) {
          if (!item) continue;
          const content = normalizeBlocks(item.type === 'listItem' ? item.content : [item], 'listItem');
          if (content[0]?.type !== 'paragraph') content.unshift(para());
          items.push({ type: 'listItem', content });
        }
        if (!items.length) break;
        out.push(
          n.type === 'orderedList'
            ? {
                type: 'orderedList',
                attrs: { start: clampInt(n.attrs?.start, 1, 0, 1_000_000) },
                content: items,
              }
            : { type: 'bulletList', content: items },
        );
        break;
      }
      case 'blockquote': {
        const content = normalizeBlocks(n.content, 'blockquote');
        out.push({ type: 'blockquote', content: content.length ? content : [para()] });
        break;
      }
      case 'listItem':
        out.push(...normalizeBlocks(n.content, container));
        break;
      case 'text':
      case 'hardBreak':
      case 'placeholder':
        out.push(...inlineToBlocks('paragraph', undefined, normalizeInline([n]), false));
        break;
      default: {
        if (BLOCK_TYPES.has(n.type)) {
          const b = normalizeBlock(n);
          if (b) out.push(b);
        } else if (!INLINE_TYPES.has(n.type)) {
          // Unknown block (e.g. a future node an old server does not know): keep its words.
          const text = textOf(n).trim();
          if (text) out.push(para([{ type: 'text', text: cleanControlChars(text) }]));
        }
      }
    }
  }
  // Adjacent inline fragments given at block level were turned into paragraphs above.
  return out;
}

/** A valid `doc` for the editor and the writer, whatever came in. */
export function normalizeDoc(doc: PMNode | null | undefined): PMNode {
  const content = normalizeBlocks(
    doc && typeof doc === 'object' ? (doc.type === 'doc' ? doc.content : [doc]) : [],
    'doc',
  );
  return { type: 'doc', content: content.length ? content : [para()] };
}
