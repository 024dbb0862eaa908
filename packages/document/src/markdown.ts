import MarkdownItCallable, { type MarkdownIt, type Token } from 'markdown-it';
import type { PMMark, PMNode } from './model.ts';
import { cell, normalizeDoc, SOFT_BREAK } from './normalize.ts';
import { cleanControlChars } from './text.ts';

/**
 * Markdown (as AI models write it) -> the document model, and back.
 *
 * Choices that matter for Chinese AI output:
 * - HTML is never interpreted: markdown-it runs with html:false, so tags arrive as literal text;
 *   only <br> becomes a line break (models put it in table cells).
 * - Emphasis next to CJK punctuation works (`**注意：**内容` is bold in every Chinese editor, but
 *   not under plain CommonMark flanking rules).
 * - A single newline between lines of prose starts a new paragraph.
 * - An answer wrapped in ```markdown fences, or a fence left open, is read as Markdown, not code.
 * - 【待填写：…】 becomes a `placeholder` node carrying the text after the colon as its label.
 */

/** 【待填写：项目经理姓名】 (also with an ASCII colon or square brackets). */
export const PLACEHOLDER_RE = /[【[]待填写[：:]\s*([^【】[\]\n]{0,200}?)\s*[】\]]/g;
const BR_RE = /<br\s*\/?>/gi;
const DIAGRAM_KINDS = new Set(['flowchart', 'mindmap', 'gantt']);
const MARKDOWN_FENCE_INFO = new Set(['', 'markdown', 'md', 'text', 'txt', 'plain', 'plaintext']);
const MAX_FENCE_DEPTH = 3;

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x9fff && cp !== 0x3000) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3ffff) ||
    (cp >= 0x2018 && cp <= 0x201f) ||
    cp === 0x2026 ||
    cp === 0x2014
  );
}
const PUNCT_RE = /[\p{P}\p{S}]/u;
function isWhite(cp: number): boolean {
  return (
    cp === 0x20 ||
    cp === 0x09 ||
    cp === 0x0a ||
    cp === 0x0b ||
    cp === 0x0c ||
    cp === 0x0d ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}
function isPunct(cp: number): boolean {
  return PUNCT_RE.test(String.fromCodePoint(cp));
}

function codePointBefore(src: string, pos: number): number {
  if (pos <= 0) return 0x20;
  const cp = src.codePointAt(pos - 1)!;
  if (cp >= 0xdc00 && cp <= 0xdfff && pos >= 2) {
    const full = src.codePointAt(pos - 2)!;
    if (full > 0xffff) return full;
  }
  return cp;
}

/** CommonMark flanking rules relaxed next to CJK text, so `**注意：**内容` is bold (also used by the HTML renderer). */
export function installCjkEmphasis(md: MarkdownIt): void {
  const Base = md.inline.State;
  class CjkState extends Base {
    override scanDelims(start: number, canSplitWord: boolean) {
      const src = this.src;
      const marker = src.charCodeAt(start);
      const last = codePointBefore(src, start);
      let pos = start;
      while (pos < this.posMax && src.charCodeAt(pos) === marker) pos++;
      const next = pos < this.posMax ? src.codePointAt(pos)! : 0x20;
      const lastP = isPunct(last);
      const nextP = isPunct(next);
      const lastW = isWhite(last);
      const nextW = isWhite(next);
      // As markdown-cjk-friendly: a CJK neighbour on the far side counts like whitespace/punctuation.
      const left = !nextW && (!nextP || lastW || lastP || isCjk(last));
      const right = !lastW && (!lastP || nextW || nextP || isCjk(next));
      return {
        can_open: left && (canSplitWord || !right || lastP),
        can_close: right && (canSplitWord || !left || nextP),
        length: pos - start,
      };
    }
  }
  md.inline.State = CjkState;
}

function createParser(): MarkdownIt {
  const md = new MarkdownItCallable('default', {
    html: false,
    linkify: false,
    typographer: false,
    breaks: false,
  });
  installCjkEmphasis(md);
  // Escapes are joined into text by convertInline itself (it must tell `\<br>` from `<br>`).
  md.core.ruler.disable('text_join');
  // Record whether a fence was closed: an open fence in AI output is a formatting slip, not code.
  // markdown-it keeps its rules private: read them by name to wrap the original fence rule.
  const rules: Array<{ name: string; fn: (...a: any[]) => boolean }> = Reflect.get(
    md.block.ruler,
    '__rules__',
  );
  const fence = rules.find((r) => r.name === 'fence');
  if (fence) {
    const original = fence.fn;
    md.block.ruler.at(
      'fence',
      (state, startLine, endLine, silent) => {
        const okMatch = original(state, startLine, endLine, silent);
        if (!okMatch || silent) return okMatch;
        const token = state.tokens[state.tokens.length - 1];
        const last = state.line - 1;
        let closed = false;
        if (last > startLine) {
          const line = state.src.slice(state.bMarks[last] + state.tShift[last], state.eMarks[last]).trimEnd();
          const ch = token.markup[0];
          closed =
            line.length >= token.markup.length &&
            [...line].every((c) => c === ch) &&
            state.sCount[last] - state.blkIndent < 4;
        }
        token.meta = { ...(token.meta ?? {}), closed };
        return true;
      },
      { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
    );
  }
  return md;
}

let parser: MarkdownIt | null = null;
function getParser(): MarkdownIt {
  parser ??= createParser();
  return parser;
}

/** Text with placeholders and <br> turned into nodes. */
function copyMarks(marks: PMMark[]): PMMark[] | undefined {
  return marks.length
    ? marks.map((m) => (m.attrs ? { type: m.type, attrs: { ...m.attrs } } : { type: m.type }))
    : undefined;
}

function pushText(out: PMNode[], t: string, marks: PMMark[] | undefined): void {
  // <br> is rare: split only when there is a "<".
  const parts = t.includes('<') ? t.split(BR_RE) : [t];
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out.push({ type: 'hardBreak' });
    const p = parts[i].includes(ESCAPED_LT) ? parts[i].replaceAll(ESCAPED_LT, '<') : parts[i];
    if (p) out.push(marks ? { type: 'text', text: p, marks } : { type: 'text', text: p });
  }
}

/** Text with placeholders and <br> turned into nodes (an escaped `<` is still ESCAPED_LT here). */
function splitText(out: PMNode[], text: string, markStack: PMMark[]): void {
  const marks = copyMarks(markStack);
  if (!text.includes('待填写')) {
    pushText(out, text, marks);
    return;
  }
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER_RE)) {
    pushText(out, text.slice(last, m.index), marks);
    const node: PMNode = { type: 'placeholder', attrs: { label: m[1].trim() } };
    if (marks) node.marks = marks;
    out.push(node);
    last = m.index! + m[0].length;
  }
  pushText(out, text.slice(last), marks);
}

/** Stands for an escaped `<` while text is joined, so that `\\<br>` stays literal. */
const ESCAPED_LT = '\uFDD0';

function popMark(marks: PMMark[], type: string): void {
  for (let i = marks.length - 1; i >= 0; i--) {
    if (marks[i].type === type) {
      marks.splice(i, 1);
      return;
    }
  }
}

function convertInline(children: Token[] | null): PMNode[] {
  const out: PMNode[] = [];
  const marks: PMMark[] = [];
  let buffer = '';
  for (const t of children ?? []) {
    if (t.type === 'text') {
      buffer += t.content;
      continue;
    }
    if (t.type === 'text_special') {
      buffer += t.content === '<' && t.info === 'escape' ? ESCAPED_LT : t.content;
      continue;
    }
    if (buffer) {
      splitText(out, buffer, marks);
      buffer = '';
    }
    switch (t.type) {
      case 'code_inline':
        if (t.content) out.push({ type: 'text', text: t.content, marks: [...marks, { type: 'code' }] });
        break;
      case 'strong_open':
        marks.push({ type: 'bold' });
        break;
      case 'em_open':
        marks.push({ type: 'italic' });
        break;
      case 's_open':
        marks.push({ type: 'strike' });
        break;
      case 'link_open':
        marks.push({ type: 'link', attrs: { href: t.attrGet('href') ?? '', target: '_blank' } });
        break;
      case 'strong_close':
        popMark(marks, 'bold');
        break;
      case 'em_close':
        popMark(marks, 'italic');
        break;
      case 's_close':
        popMark(marks, 'strike');
        break;
      case 'link_close':
        popMark(marks, 'link');
        break;
      case 'image': {
        const alt = t.children?.map((c: Token) => c.content).join('') ?? t.content;
        out.push({
          type: 'image',
          attrs: { src: t.attrGet('src') ?? '', alt: alt || null, title: t.attrGet('title') || null },
        });
        break;
      }
      case 'softbreak':
        out.push({ type: SOFT_BREAK });
        break;
      case 'hardbreak':
        out.push({ type: 'hardBreak' });
        break;
      default:
        if (t.content) splitText(out, t.content, marks);
    }
  }
  if (buffer) splitText(out, buffer, marks);
  return out;
}

function fenceToBlocks(token: Token, depth: number): PMNode[] {
  const info = token.info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const closed = Boolean(token.meta?.closed);
  if (info === 'diagram' || info.startsWith('diagram-')) {
    try {
      const parsed = JSON.parse(token.content) as { kind?: unknown; model?: unknown; caption?: unknown };
      const kind = typeof parsed.kind === 'string' ? parsed.kind : info.slice('diagram-'.length);
      if (DIAGRAM_KINDS.has(kind) && parsed.model && typeof parsed.model === 'object') {
        return [
          {
            type: 'diagram',
            attrs: {
              kind,
              model: parsed.model,
              caption: typeof parsed.caption === 'string' ? parsed.caption : '',
            },
          },
        ];
      }
    } catch {
      /* not a diagram after all: falls through to a code block */
    }
  }
  if (
    depth < MAX_FENCE_DEPTH &&
    (info === 'markdown' || info === 'md' || (!closed && MARKDOWN_FENCE_INFO.has(info)))
  ) {
    return tokensToBlocks(getParser().parse(token.content, {}), depth + 1);
  }
  const text = token.content.replace(/\n$/, '');
  return [
    text
      ? { type: 'codeBlock', attrs: { language: info || null }, content: [{ type: 'text', text }] }
      : { type: 'codeBlock', attrs: { language: info || null } },
  ];
}

function tokensToBlocks(tokens: Token[], depth: number): PMNode[] {
  const root: PMNode = { type: 'doc', content: [] };
  const stack: PMNode[] = [root];
  const top = () => stack[stack.length - 1];
  const open = (node: PMNode) => {
    node.content ??= [];
    stack.push(node);
  };
  const close = (type: string) => {
    // Pops to the nearest open node of that type; a stray close token is ignored.
    const idx = stack.map((n) => n.type).lastIndexOf(type);
    if (idx <= 0) return;
    while (stack.length > idx) {
      const node = stack.pop()!;
      top().content!.push(node);
    }
  };
  for (const t of tokens) {
    switch (t.type) {
      case 'paragraph_open':
        open({ type: 'paragraph' });
        break;
      case 'heading_open':
        open({ type: 'heading', attrs: { level: Number(t.tag.slice(1)) || 1 } });
        break;
      case 'bullet_list_open':
        open({ type: 'bulletList' });
        break;
      case 'ordered_list_open':
        open({ type: 'orderedList', attrs: { start: Number(t.attrGet('start') ?? 1) } });
        break;
      case 'list_item_open':
        open({ type: 'listItem' });
        break;
      case 'blockquote_open':
        open({ type: 'blockquote' });
        break;
      case 'table_open':
        open({ type: 'table' });
        break;
      case 'tr_open':
        open({ type: 'tableRow' });
        break;
      case 'th_open':
      case 'td_open':
        open(cell(t.type === 'th_open' ? 'tableHeader' : 'tableCell', []));
        break;
      case 'paragraph_close':
        close('paragraph');
        break;
      case 'heading_close':
        close('heading');
        break;
      case 'bullet_list_close':
        close('bulletList');
        break;
      case 'ordered_list_close':
        close('orderedList');
        break;
      case 'list_item_close':
        close('listItem');
        break;
      case 'blockquote_close':
        close('blockquote');
        break;
      case 'table_close':
        close('table');
        break;
      case 'tr_close':
        close('tableRow');
        break;
      case 'th_close':
        close('tableHeader');
        break;
      case 'td_close':
        close('tableCell');
        break;
      case 'inline': {
        const inline = convertInline(t.children);
        const host = top();
        if (host.type === 'tableCell' || host.type === 'tableHeader')
          host.content!.push({ type: 'paragraph', content: inline });
        else host.content!.push(...inline);
        break;
      }
      case 'hr':
        top().content!.push({ type: 'horizontalRule' });
        break;
      case 'fence':
        top().content!.push(...fenceToBlocks(t, depth));
        break;
      case 'code_block': {
        // Indented code in AI prose is almost always accidental indentation of a paragraph.
        const text = t.content.trim();
        if (text)
          top().content!.push({
            type: 'paragraph',
            content: convertInline(getParser().parseInline(text, {})[0]?.children ?? []),
          });
        break;
      }
      default:
        break;
    }
  }
  while (stack.length > 1) close(top().type);
  return root.content!;
}

/** Markdown -> a normalised `doc`. Never throws for any string. */
export function markdownToDoc(md: string): PMNode {
  const src = cleanControlChars(typeof md === 'string' ? md : '').replace(/[\uFDD0-\uFDEF]/g, '');
  return normalizeDoc({ type: 'doc', content: tokensToBlocks(getParser().parse(src, {}), 0) });
}

export { docToMarkdown, type DocToMarkdownOptions } from './to-markdown.ts';
