/**
 * Heading numbers of a DOCX: Word computes "第一章", "1.2", "（三）" from numbering.xml at display
 * time, so the text of the document does not hold them and mammoth drops them. This reads
 * numbering.xml, styles.xml and document.xml and gives every paragraph its label and outline
 * level, in document order.
 */

export interface NumberedParagraph {
  text: string;
  /** The number as Word shows it (e.g. 第一章, 1.2, （三）); '' when none. */
  label: string;
  /** Outline level 1..9 (headings), or null for body text. */
  outline: number | null;
}

interface Level {
  start: number;
  fmt: string;
  text: string;
  isLgl: boolean;
}

interface StyleInfo {
  numId: string | null;
  ilvl: number | null;
  outline: number | null;
  basedOn: string | null;
  name: string;
}

const attr = (tag: string, name: string): string | null => {
  const m = new RegExp(`${name}="([^"]*)"`).exec(tag);
  return m ? m[1] : null;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? '';
  });
}

const CN_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

export function chineseNumber(n: number): string {
  if (n <= 0) return String(n);
  if (n < 10) return CN_DIGITS[n];
  if (n < 20) return `十${n % 10 ? CN_DIGITS[n % 10] : ''}`;
  if (n < 100) return `${CN_DIGITS[Math.floor(n / 10)]}十${n % 10 ? CN_DIGITS[n % 10] : ''}`;
  if (n < 1000) {
    const rest = n % 100;
    return `${CN_DIGITS[Math.floor(n / 100)]}百${rest === 0 ? '' : rest < 10 ? `零${CN_DIGITS[rest]}` : rest < 20 ? `一${chineseNumber(rest)}` : chineseNumber(rest)}`;
  }
  return String(n);
}

function roman(n: number): string {
  const map: Array<[number, string]> = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of map)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

function letters(n: number): string {
  const c = String.fromCharCode(65 + ((n - 1) % 26));
  return c.repeat(Math.floor((n - 1) / 26) + 1);
}

export function formatNumber(n: number, fmt: string): string {
  switch (fmt) {
    case 'decimal':
      return String(n);
    case 'decimalZero':
      return String(n).padStart(2, '0');
    case 'upperRoman':
      return roman(n);
    case 'lowerRoman':
      return roman(n).toLowerCase();
    case 'upperLetter':
      return letters(n);
    case 'lowerLetter':
      return letters(n).toLowerCase();
    case 'chineseCounting':
    case 'chineseCountingThousand':
    case 'chineseLegalSimplified':
    case 'japaneseCounting':
    case 'taiwaneseCounting':
    case 'ideographDigital':
      return chineseNumber(n);
    case 'ideographTraditional':
      return '甲乙丙丁戊己庚辛壬癸'[(n - 1) % 10];
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
      return n >= 1 && n <= 20 ? String.fromCharCode(0x2460 + n - 1) : String(n);
    case 'decimalEnclosedParen':
      return `(${n})`;
    case 'decimalFullWidth':
      return String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    case 'none':
      return '';
    default:
      return String(n);
  }
}

function parseNumbering(xml: string): {
  abstract: Map<string, Map<number, Level>>;
  nums: Map<string, { abs: string; overrides: Map<number, number> }>;
} {
  const abstract = new Map<string, Map<number, Level>>();
  for (const m of xml.matchAll(/<w:abstractNum\b([^>]*)>([\s\S]*?)<\/w:abstractNum>/g)) {
    const id = attr(m[1], 'w:abstractNumId');
    if (id === null) continue;
    const levels = new Map<number, Level>();
    for (const l of m[2].matchAll(/<w:lvl\b([^>]*)>([\s\S]*?)<\/w:lvl>/g)) {
      const ilvl = Number(attr(l[1], 'w:ilvl') ?? 0);
      const body = l[2];
      const start = Number(attr(/<w:start\b[^>]*>/.exec(body)?.[0] ?? '', 'w:val') ?? 1);
      const fmt = attr(/<w:numFmt\b[^>]*>/.exec(body)?.[0] ?? '', 'w:val') ?? 'decimal';
      const text = decodeEntities(attr(/<w:lvlText\b[^>]*>/.exec(body)?.[0] ?? '', 'w:val') ?? '');
      levels.set(ilvl, {
        start: Number.isFinite(start) ? start : 1,
        fmt,
        text,
        isLgl: /<w:isLgl\b/.test(body),
      });
    }
    abstract.set(id, levels);
  }
  const nums = new Map<string, { abs: string; overrides: Map<number, number> }>();
  for (const m of xml.matchAll(/<w:num\b([^>]*)>([\s\S]*?)<\/w:num>/g)) {
    const id = attr(m[1], 'w:numId');
    const abs = attr(/<w:abstractNumId\b[^>]*>/.exec(m[2])?.[0] ?? '', 'w:val');
    if (id === null || abs === null) continue;
    const overrides = new Map<number, number>();
    for (const o of m[2].matchAll(/<w:lvlOverride\b([^>]*)>([\s\S]*?)<\/w:lvlOverride>/g)) {
      const so = attr(/<w:startOverride\b[^>]*>/.exec(o[2])?.[0] ?? '', 'w:val');
      if (so !== null) overrides.set(Number(attr(o[1], 'w:ilvl') ?? 0), Number(so));
    }
    nums.set(id, { abs, overrides });
  }
  return { abstract, nums };
}

function parseStyles(xml: string): Map<string, StyleInfo> {
  const out = new Map<string, StyleInfo>();
  for (const m of xml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    if (attr(m[1], 'w:type') !== 'paragraph') continue;
    const id = attr(m[1], 'w:styleId');
    if (!id) continue;
    const body = m[2];
    const name = attr(/<w:name\b[^>]*>/.exec(body)?.[0] ?? '', 'w:val') ?? '';
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(body)?.[1] ?? '';
    const ilvl = attr(/<w:ilvl\b[^>]*>/.exec(numPr)?.[0] ?? '', 'w:val');
    const outlineVal = attr(/<w:outlineLvl\b[^>]*>/.exec(body)?.[0] ?? '', 'w:val');
    const heading = /^(heading|标题)\s*(\d)$/i.exec(name.trim());
    out.set(id, {
      numId: attr(/<w:numId\b[^>]*>/.exec(numPr)?.[0] ?? '', 'w:val'),
      ilvl: ilvl === null ? null : Number(ilvl),
      outline:
        outlineVal !== null && Number(outlineVal) < 9
          ? Number(outlineVal) + 1
          : heading
            ? Number(heading[2])
            : null,
      basedOn: attr(/<w:basedOn\b[^>]*>/.exec(body)?.[0] ?? '', 'w:val'),
      name,
    });
  }
  return out;
}

function styleChain(styles: Map<string, StyleInfo>, id: string | null): StyleInfo[] {
  const out: StyleInfo[] = [];
  const seen = new Set<string>();
  while (id && !seen.has(id) && out.length < 20) {
    seen.add(id);
    const s = styles.get(id);
    if (!s) break;
    out.push(s);
    id = s.basedOn;
  }
  return out;
}

interface RawPara {
  text: string;
  style: string | null;
  numId: string | null;
  ilvl: number | null;
  outline: number | null;
}

/** Paragraphs of document.xml with their own properties (nested text-box paragraphs included). */
function scanDocument(xml: string): RawPara[] {
  const out: RawPara[] = [];
  const stack: Array<RawPara & { pPrDepth: number }> = [];
  let inPPr = 0;
  let inChange = 0;
  let textStart = -1;
  const re = /<(\/?)([A-Za-z0-9]+:[A-Za-z0-9]+)((?:[^>"]|"[^"]*")*?)(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    const [whole, close, name, attrs, self] = m;
    const cur = stack[stack.length - 1];
    if (name === 'w:p') {
      if (!close && !self)
        stack.push({ text: '', style: null, numId: null, ilvl: null, outline: null, pPrDepth: 0 });
      else if (close) {
        const p = stack.pop();
        if (p) out.push({ text: p.text, style: p.style, numId: p.numId, ilvl: p.ilvl, outline: p.outline });
      }
      continue;
    }
    if (!cur) continue;
    if (name === 'w:pPr') {
      if (close) inPPr = Math.max(0, inPPr - 1);
      else if (!self) inPPr += 1;
      continue;
    }
    if (name === 'w:pPrChange' || name === 'w:rPr') {
      if (close) inChange = Math.max(0, inChange - 1);
      else if (!self) inChange += 1;
      continue;
    }
    if (inPPr && !inChange) {
      if (name === 'w:pStyle') cur.style = attr(attrs, 'w:val');
      else if (name === 'w:numId') cur.numId = attr(attrs, 'w:val');
      else if (name === 'w:ilvl') cur.ilvl = Number(attr(attrs, 'w:val') ?? 0);
      else if (name === 'w:outlineLvl') {
        const v = Number(attr(attrs, 'w:val'));
        cur.outline = v < 9 ? v + 1 : null;
      }
      continue;
    }
    if (name === 'w:t') {
      if (!close && !self) textStart = m.index + whole.length;
      else if (close && textStart >= 0) {
        cur.text += decodeEntities(xml.slice(textStart, m.index));
        textStart = -1;
      }
    } else if (name === 'w:tab' && !close) cur.text += '\t';
  }
  return out;
}

export function numberParagraphs(
  documentXml: string,
  numberingXml: string | undefined,
  stylesXml: string | undefined,
): NumberedParagraph[] {
  const { abstract, nums } = numberingXml
    ? parseNumbering(numberingXml)
    : { abstract: new Map(), nums: new Map() };
  const styles = stylesXml ? parseStyles(stylesXml) : new Map<string, StyleInfo>();
  // Counters per abstract numbering (numIds sharing one continue each other), or per numId when
  // that num restarts a level with a startOverride.
  const counters = new Map<string, Array<number | undefined>>();
  const out: NumberedParagraph[] = [];
  for (const p of scanDocument(documentXml)) {
    const chain = styleChain(styles, p.style);
    let numId = p.numId;
    let ilvl = p.ilvl;
    if (numId === null) {
      const s = chain.find((x) => x.numId !== null);
      if (s) {
        numId = s.numId;
        ilvl = ilvl ?? s.ilvl;
      }
    }
    if (ilvl === null) ilvl = chain.find((x) => x.ilvl !== null)?.ilvl ?? 0;
    const outline = p.outline ?? chain.find((x) => x.outline !== null)?.outline ?? null;
    let label = '';
    const num = numId && numId !== '0' ? nums.get(numId) : undefined;
    const levels = num ? abstract.get(num.abs) : undefined;
    const lvl = levels?.get(ilvl);
    if (num && levels && lvl && lvl.fmt !== 'bullet') {
      const key = num.overrides.size ? `n${numId}` : `a${num.abs}`;
      let c = counters.get(key);
      if (!c) {
        c = [];
        counters.set(key, c);
      }
      const startOf = (l: number) => num.overrides.get(l) ?? levels.get(l)?.start ?? 1;
      const prev = c[ilvl];
      c[ilvl] = prev === undefined ? startOf(ilvl) : prev + 1;
      for (let d = ilvl + 1; d < 9; d++) c[d] = undefined;
      label = lvl.text.replace(/%(\d)/g, (_m: string, d: string) => {
        const l = Number(d) - 1;
        const v = c![l] ?? startOf(l);
        const f = lvl.isLgl ? 'decimal' : (levels.get(l)?.fmt ?? 'decimal');
        return formatNumber(v, f);
      });
    }
    out.push({ text: p.text, label: label.trim(), outline });
  }
  return out;
}
