import type { PMMark, PMNode } from './model.ts';

/**
 * The document model -> Markdown (the AI's context, copy as Markdown). The other direction is
 * markdown.ts.
 */

/* ------------------------------------------------------------------------------------------------
 * doc -> Markdown
 * ---------------------------------------------------------------------------------------------- */

export interface DocToMarkdownOptions {
  /** 'omit' replaces data: URLs of images by a short marker (AI context must not carry megabytes). */
  dataUrls?: 'keep' | 'omit';
  /** 'fence': ```diagram JSON (round-trips); 'caption': 【图：caption】 (for AI context). */
  diagrams?: 'fence' | 'caption';
}

const SER_MARKS = ['link', 'bold', 'italic', 'strike', 'code'] as const;

function escapeText(text: string, inTable: boolean): string {
  let s = text
    .replace(/[\\`*_[\]~]/g, (c) => `\\${c}`)
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    // A `<` that could open inline HTML or an autolink (<br>, <ba:>, </x>, <!--, <https://…>) would be
    // read as markup and dropped: written escaped, it reads back as the character.
    .replace(/<(?=[A-Za-z/!?])/g, '\\<');
  if (inTable) s = s.replace(/\|/g, '\\|');
  return s;
}

function escapeLineStart(line: string): string {
  // Keep a line of prose from being read as a heading, quote, list item, rule or code block.
  const s = line.replace(/^[ \t]+/, '');
  if (/^#{1,6}(\s|$)/.test(s) || s.startsWith('>') || /^[-+=](\s|$)/.test(s) || /^[-=][-=\s]*$/.test(s))
    return `\\${s}`;
  const m = /^(\d{1,9})([.)])(\s|$)/.exec(s);
  if (m) return `${m[1]}\\${s.slice(m[1].length)}`;
  return s;
}

function markOf(node: PMNode, type: string): PMMark | undefined {
  return node.marks?.find((m) => m.type === type);
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function wrapDelim(inner: string, delim: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  if (!m[2]) return inner;
  return `${m[1]}${delim}${m[2]}${delim}${m[3]}`;
}

interface InlineCtx {
  inTable: boolean;
  opts: DocToMarkdownOptions;
}

function leaf(node: PMNode, ctx: InlineCtx): string {
  switch (node.type) {
    case 'text':
      return escapeText((node.text ?? '').replace(/\n/g, ' '), ctx.inTable);
    case 'hardBreak':
      return ctx.inTable ? '<br>' : '\\\n';
    case 'placeholder':
      return `【待填写：${String(node.attrs?.label ?? '')}】`;
    case 'image':
      return imageMd(node, ctx.opts);
    default:
      return escapeText(node.text ?? '', ctx.inTable);
  }
}

function serializeInline(nodes: PMNode[], level: number, ctx: InlineCtx): string {
  if (level >= SER_MARKS.length) return nodes.map((n) => leaf(n, ctx)).join('');
  const type = SER_MARKS[level];
  let out = '';
  let i = 0;
  while (i < nodes.length) {
    const mark = markOf(nodes[i], type);
    let j = i + 1;
    if (!mark) {
      while (j < nodes.length && !markOf(nodes[j], type)) j++;
      out += serializeInline(nodes.slice(i, j), level + 1, ctx);
    } else {
      const key = JSON.stringify(mark.attrs ?? null);
      while (
        j < nodes.length &&
        JSON.stringify(markOf(nodes[j], type)?.attrs ?? null) === key &&
        markOf(nodes[j], type)
      )
        j++;
      const run = nodes.slice(i, j);
      if (type === 'code') {
        out += codeSpan(run.map((n) => (n.type === 'text' ? (n.text ?? '') : '')).join(''));
      } else {
        const inner = serializeInline(run, level + 1, ctx);
        if (type === 'link') {
          const href = String(mark.attrs?.href ?? '');
          out += `[${inner}](${linkDest(href)})`;
        } else {
          out += wrapDelim(inner, type === 'bold' ? '**' : type === 'italic' ? '*' : '~~');
        }
      }
    }
    i = j;
  }
  return out;
}

function linkDest(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

function imageMd(node: PMNode, opts: DocToMarkdownOptions): string {
  let src = String(node.attrs?.src ?? '');
  if (opts.dataUrls === 'omit' && src.startsWith('data:')) src = 'data:omitted';
  const alt = String(node.attrs?.alt ?? node.attrs?.caption ?? '').replace(/[[\]\\]/g, (c) => `\\${c}`);
  const title = node.attrs?.title ? ` "${String(node.attrs.title).replace(/["\\]/g, (c) => `\\${c}`)}"` : '';
  return `![${alt}](${linkDest(src)}${title})`;
}

function inlineMd(node: PMNode, ctx: InlineCtx): string {
  const text = serializeInline(node.content ?? [], 0, ctx);
  if (ctx.inTable) return text;
  return text.split('\n').map(escapeLineStart).join('\n');
}

function indent(text: string, prefix: string, first: string): string {
  return text
    .split('\n')
    .map((l, i) => (i === 0 ? first + l : l ? prefix + l : l))
    .join('\n');
}

function tableMd(node: PMNode, opts: DocToMarkdownOptions): string {
  // Markdown has no merged cells: a span keeps its text in its first grid cell and leaves the rest empty.
  const grid: string[][] = [];
  const rows = node.content ?? [];
  rows.forEach((row, ri) => {
    grid[ri] ??= [];
    let col = 0;
    for (const c of row.content ?? []) {
      while (grid[ri][col] !== undefined) col++;
      const cs = Number(c.attrs?.colspan ?? 1) || 1;
      const rs = Number(c.attrs?.rowspan ?? 1) || 1;
      const text = (c.content ?? [])
        .map((b) => cellBlockMd(b, opts))
        .filter(Boolean)
        .join('<br>');
      for (let r = 0; r < rs; r++) {
        grid[ri + r] ??= [];
        for (let k = 0; k < cs; k++) grid[ri + r][col + k] = r === 0 && k === 0 ? text : '';
      }
      col += cs;
    }
  });
  const width = Math.max(1, ...grid.map((r) => r.length));
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  const [head, ...body] = grid.length ? grid : [[]];
  return [line(head), `|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n');
}

function cellBlockMd(block: PMNode, opts: DocToMarkdownOptions): string {
  const ctx: InlineCtx = { inTable: true, opts };
  if (block.type === 'paragraph' || block.type === 'heading')
    return serializeInline(block.content ?? [], 0, ctx);
  if (block.type === 'image') return imageMd(block, opts);
  if (block.type === 'bulletList' || block.type === 'orderedList') {
    const start = Number(block.attrs?.start ?? 1);
    return (block.content ?? [])
      .map(
        (item, i) =>
          `${block.type === 'orderedList' ? `${start + i}.` : '•'} ${(item.content ?? []).map((b) => cellBlockMd(b, opts)).join(' ')}`,
      )
      .join('<br>');
  }
  return escapeText((block.content ?? []).map((b) => cellBlockMd(b, opts) || b.text || '').join(' '), true);
}

function blocksMd(blocks: PMNode[], opts: DocToMarkdownOptions): string {
  const parts: string[] = [];
  let prevListMarker = '';
  for (const b of blocks) {
    let text: string;
    if (b.type === 'bulletList' || b.type === 'orderedList') {
      // Two lists in a row merge into one unless the marker differs (CommonMark).
      const marker =
        b.type === 'bulletList' ? (prevListMarker === '-' ? '*' : '-') : prevListMarker === '.' ? ')' : '.';
      text = blockMd(b, opts, marker);
      prevListMarker = marker;
    } else {
      text = blockMd(b, opts, '');
      prevListMarker = '';
    }
    if (text !== '') parts.push(text);
  }
  return parts.join('\n\n');
}

function blockMd(b: PMNode, opts: DocToMarkdownOptions, listMarker: string): string {
  const ctx: InlineCtx = { inTable: false, opts };
  switch (b.type) {
    case 'paragraph':
      return inlineMd(b, ctx);
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(b.attrs?.level ?? 1)));
      const text = serializeInline(b.content ?? [], 0, ctx).replace(/\\\n/g, ' ');
      return `${'#'.repeat(level)} ${text}`;
    }
    case 'bulletList':
    case 'orderedList': {
      const ordered = b.type === 'orderedList';
      const start = Number(b.attrs?.start ?? 1);
      const items = (b.content ?? []).map((item, i) => {
        const marker = ordered
          ? `${start + i}${listMarker === ')' ? ')' : '.'} `
          : `${listMarker === '*' ? '*' : '-'} `;
        const inner = (item.content ?? [])
          .map((child, k) => {
            const text = blockMd(child, opts, '');
            return k > 0 && child.type !== 'bulletList' && child.type !== 'orderedList' ? `\n${text}` : text;
          })
          .join('\n');
        return indent(inner || '', ' '.repeat(marker.length), marker).replace(/[ ]+$/, '');
      });
      const loose = (b.content ?? []).some(
        (item) =>
          (item.content ?? []).filter((c) => c.type !== 'bulletList' && c.type !== 'orderedList').length > 1,
      );
      return items.join(loose ? '\n\n' : '\n');
    }
    case 'listItem':
      return blocksMd(b.content ?? [], opts);
    case 'blockquote':
      return blocksMd(b.content ?? [], opts)
        .split('\n')
        .map((l) => (l ? `> ${l}` : '>'))
        .join('\n');
    case 'horizontalRule':
      return '---';
    case 'image':
      return imageMd(b, opts);
    case 'diagram': {
      const caption = String(b.attrs?.caption ?? '');
      if (opts.diagrams === 'caption') return `【图：${caption || String(b.attrs?.kind ?? '图示')}】`;
      return `\`\`\`diagram\n${JSON.stringify({ kind: b.attrs?.kind, caption, model: b.attrs?.model })}\n\`\`\``;
    }
    case 'codeBlock': {
      const text = (b.content ?? []).map((n) => n.text ?? '').join('');
      const longest = Math.max(2, ...(text.match(/`{3,}/g) ?? []).map((r) => r.length));
      const fence = '`'.repeat(longest + 1);
      return `${fence}${String(b.attrs?.language ?? '')}\n${text}\n${fence}`;
    }
    case 'table':
      return tableMd(b, opts);
    default:
      return (b.content ?? []).length ? blocksMd(b.content ?? [], opts) : '';
  }
}

/** The document as Markdown (GFM tables, placeholders as 【待填写：…】). */
export function docToMarkdown(doc: PMNode, opts: DocToMarkdownOptions = {}): string {
  if (!doc) return '';
  const blocks = doc.type === 'doc' ? (doc.content ?? []) : [doc];
  return (
    blocksMd(blocks, opts)
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}
