import type { PMNode } from './model.ts';

/**
 * The one document schema the server enforces on every chapter it stores: the editor's node and
 * mark types, the attributes each may carry, safe link and image addresses, and limits on depth
 * and size. The editor could never produce anything else; a hand-made request that does is refused
 * with a message saying what is wrong (never stored, never shown to anyone).
 */

export const DOC_LIMITS = {
  /** Nesting of nodes (doc > list > item > table > cell > paragraph > text is 7). */
  maxDepth: 40,
  maxNodes: 200_000,
  /** A link or image address. */
  maxUrlChars: 2_048,
  /** An image held inline as a data URL. */
  maxDataUrlChars: 1_500_000,
} as const;

type AttrCheck = (v: unknown) => boolean;

const isNull = (v: unknown) => v === null || v === undefined;
const str =
  (max: number): AttrCheck =>
  (v) =>
    isNull(v) || (typeof v === 'string' && v.length <= max);
const int =
  (min: number, max: number): AttrCheck =>
  (v) =>
    isNull(v) || (Number.isInteger(v) && (v as number) >= min && (v as number) <= max);
const oneOf =
  (...values: string[]): AttrCheck =>
  (v) =>
    isNull(v) || (typeof v === 'string' && values.includes(v));
const colwidth: AttrCheck = (v) =>
  isNull(v) ||
  (Array.isArray(v) &&
    v.length <= 100 &&
    v.every((w) => w === null || (typeof w === 'number' && w >= 0 && w <= 10_000)));
const plainObject: AttrCheck = (v) => isNull(v) || (typeof v === 'object' && !Array.isArray(v));

/** http, https and mailto only; no scripts, no other schemes hidden behind whitespace or case. */
export function isSafeHref(href: unknown): boolean {
  if (typeof href !== 'string' || href.length > DOC_LIMITS.maxUrlChars) return false;
  // eslint-disable-next-line no-control-regex -- control characters are how schemes get disguised.
  const flat = href.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
  if (/^(https?:\/\/|mailto:)/.test(flat)) return true;
  // A relative address or an anchor has no scheme at all.
  return !/^[a-z][a-z0-9+.-]*:/.test(flat) && !flat.startsWith('//');
}

/** Pictures on this site, http(s) images and raster data URLs (no SVG/HTML data, no other schemes). */
export function isSafeImageSrc(src: unknown): boolean {
  if (typeof src !== 'string') return false;
  if (/^data:/i.test(src))
    return (
      src.length <= DOC_LIMITS.maxDataUrlChars &&
      /^data:image\/(png|jpeg|jpg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i.test(src)
    );
  if (src.length > DOC_LIMITS.maxUrlChars) return false;
  // http(s) images and paths on this site (the picture library's /api/picture/client/file/<id>).
  return /^https?:\/\/[^\s"'<>]+$/i.test(src) || /^\/(?!\/)[^\s"'<>\\]*$/.test(src);
}

const NODES: Record<string, Record<string, AttrCheck>> = {
  doc: {},
  paragraph: {},
  text: {},
  hardBreak: {},
  horizontalRule: {},
  blockquote: {},
  bulletList: {},
  listItem: {},
  heading: { level: int(1, 6) },
  orderedList: { start: int(0, 1_000_000), type: str(10) },
  codeBlock: { language: str(40) },
  table: {},
  tableRow: {},
  // The editor's table cells carry a text alignment (TipTap's `align`, null when unset).
  tableHeader: {
    colspan: int(1, 100),
    rowspan: int(1, 1000),
    colwidth,
    align: oneOf('left', 'center', 'right'),
  },
  tableCell: {
    colspan: int(1, 100),
    rowspan: int(1, 1000),
    colwidth,
    align: oneOf('left', 'center', 'right'),
  },
  image: {
    src: isSafeImageSrc,
    alt: str(500),
    title: str(500),
    caption: str(500),
    width: int(1, 100_000),
    height: int(1, 100_000),
  },
  diagram: { kind: oneOf('flowchart', 'mindmap', 'gantt'), model: plainObject, caption: str(500) },
  placeholder: { label: str(200) },
};

const MARKS: Record<string, Record<string, AttrCheck>> = {
  bold: {},
  italic: {},
  underline: {},
  strike: {},
  code: {},
  highlight: { color: str(40) },
  link: {
    href: (v) => isSafeHref(v),
    target: oneOf('_blank', '_self'),
    rel: str(100),
    class: str(100),
    title: str(500),
  },
};

function checkAttrs(
  kind: string,
  name: string,
  attrs: unknown,
  allowed: Record<string, AttrCheck>,
): string | null {
  if (attrs === undefined || attrs === null) return null;
  if (typeof attrs !== 'object' || Array.isArray(attrs)) return `${kind}「${name}」的属性格式不正确`;
  for (const [key, value] of Object.entries(attrs as Record<string, unknown>)) {
    const check = allowed[key];
    if (!check) return `${kind}「${name}」不支持属性「${key.slice(0, 40)}」`;
    if (!check(value)) {
      if (name === 'link' && key === 'href') return '链接地址只能是 http、https 或 mailto 开头的网址';
      if (name === 'image' && key === 'src')
        return '图片地址不正确：只能是本站图片、http、https 图片或 PNG、JPEG、GIF、WebP 数据';
      return `${kind}「${name}」的属性「${key}」取值不正确`;
    }
  }
  return null;
}

/**
 * Why the document does not fit the schema (a Chinese message), or null when it does. Walks
 * without recursion, so no nesting can overflow the stack.
 */
export function documentProblem(doc: unknown): string | null {
  if (!doc || typeof doc !== 'object' || (doc as PMNode).type !== 'doc') return '根节点必须是 doc';
  let count = 0;
  const stack: Array<{ node: unknown; depth: number }> = [{ node: doc, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > DOC_LIMITS.maxDepth) return `层级过深（最多 ${DOC_LIMITS.maxDepth} 层）`;
    if (++count > DOC_LIMITS.maxNodes) return `节点过多（最多 ${DOC_LIMITS.maxNodes} 个）`;
    if (!node || typeof node !== 'object' || Array.isArray(node)) return '节点格式不正确';
    const n = node as Record<string, unknown>;
    const type = n.type;
    if (typeof type !== 'string' || !(type in NODES))
      return `不支持的节点类型「${String(type).slice(0, 40)}」`;
    if (depth > 1 && type === 'doc') return '文档中不能再嵌套 doc';
    for (const key of Object.keys(n))
      if (!['type', 'attrs', 'content', 'marks', 'text'].includes(key))
        return `节点「${type}」不支持字段「${key.slice(0, 40)}」`;
    const attrProblem = checkAttrs('节点', type, n.attrs, NODES[type]);
    if (attrProblem) return attrProblem;
    if (type === 'text') {
      if (typeof n.text !== 'string') return '文本节点缺少文字';
      if (n.content !== undefined) return '文本节点不能包含子节点';
    } else if (n.text !== undefined) return `节点「${type}」不能带文字`;
    if (n.marks !== undefined) {
      if (type !== 'text' || !Array.isArray(n.marks) || n.marks.length > 10)
        return `节点「${type}」的样式格式不正确`;
      for (const m of n.marks as unknown[]) {
        const mark = m as { type?: unknown; attrs?: unknown } | null;
        if (!mark || typeof mark !== 'object' || typeof mark.type !== 'string' || !(mark.type in MARKS))
          return `不支持的文字样式「${String(mark?.type).slice(0, 40)}」`;
        const p = checkAttrs('样式', mark.type, mark.attrs, MARKS[mark.type]);
        if (p) return p;
      }
    }
    if (n.content !== undefined) {
      if (!Array.isArray(n.content)) return `节点「${type}」的内容必须是数组`;
      for (const child of n.content) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return null;
}
