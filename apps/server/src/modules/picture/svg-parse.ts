import { SaxesParser } from 'saxes';

/**
 * The structural part of the SVG filter, on a namespace-aware XML parse instead of patterns over
 * the text: `<h:script xmlns:h="http://www.w3.org/1999/xhtml">` runs in an SVG document, and a
 * pattern looking for `<script` did not see it (issue 30, finding 8). The parser (saxes) is a
 * streaming tokenizer without recursion; the nesting it reads is bounded (SVG_MAX_NESTING).
 */

/** Elements refused whatever their namespace (compared on the local name, lower case). */
const REFUSED: Record<string, string> = {
  script: '脚本',
  foreignobject: 'foreignObject 外部内容',
  iframe: '嵌入的外部内容',
  embed: '嵌入的外部内容',
  object: '嵌入的外部内容',
  audio: '嵌入的外部内容',
  video: '嵌入的外部内容',
  handler: '脚本',
  listener: '脚本',
};

/**
 * Namespaces whose elements act in a browser (HTML, MathML, XSLT, XML Events, XInclude): none belongs
 * in a picture. Other foreign namespaces (editor metadata such as Inkscape's or RDF) are inert.
 */
const ACTIVE_NAMESPACES = new Set([
  'http://www.w3.org/1999/xhtml',
  'http://www.w3.org/1998/Math/MathML',
  'http://www.w3.org/1999/XSL/Transform',
  'http://www.w3.org/2001/xml-events',
  'http://www.w3.org/2001/XInclude',
]);

/** Attributes (by local name) whose value is an address: only in-file references or raster data. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data']);

/**
 * Element nesting the filter reads at most. A drawing needs a few dozen levels; the namespace-aware
 * parse costs time in proportion to the depth for every element, so a file 100,000 levels deep
 * took minutes before the depth was bounded.
 */
export const SVG_MAX_NESTING = 256;

/** Whitespace and control characters a browser drops from an address before reading it. */
const isDropped = (c: number) => c <= 0x20 || c === 0x7f;

function safeAddress(value: string): boolean {
  const v = [...value].filter((ch) => !isDropped(ch.codePointAt(0) ?? 0)).join('');
  return v.startsWith('#') || /^data:image\/(png|jpeg|jpg|gif|webp);/i.test(v);
}

/** Why the SVG's structure is unsafe, or null; a text that is not well-formed XML is refused too. */
export function svgStructureRisk(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let risk: string | null = null;
  let root: string | null = null;
  let depth = 0;
  parser.on('opentagstart', () => {
    depth += 1;
    // Thrown out of write() and caught below: parsing stops here.
    if (depth > SVG_MAX_NESTING) throw new Error((risk ??= '层级过深'));
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  parser.on('opentag', (tag) => {
    if (risk) return;
    const local = tag.local.toLowerCase();
    root ??= local;
    if (REFUSED[local]) risk = REFUSED[local];
    else if (ACTIVE_NAMESPACES.has(tag.uri)) risk = '非 SVG 的元素';
    if (risk) return;
    for (const a of Object.values(tag.attributes)) {
      const name = a.local.toLowerCase();
      if (name.startsWith('on')) risk = '事件属性（on…）';
      else if (ADDRESS_ATTRIBUTES.has(name) && !safeAddress(a.value)) risk = '外部资源链接';
      if (risk) return;
    }
  });
  parser.on('processinginstruction', (pi) => {
    // <?xml-stylesheet?> loads a style sheet (or an XSLT transform) from elsewhere.
    if (!risk && pi.target.toLowerCase() !== 'xml') risk = '处理指令';
  });
  try {
    parser.write(text).close();
  } catch {
    return risk ?? '不是有效的 XML';
  }
  if (risk) return risk;
  return root === 'svg' ? null : '根元素不是 svg';
}
