import { unzip } from './zip.ts';

/** Test helpers: the parts of a .docx as text. */
export function docxParts(buf: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, data] of unzip(buf)) {
    if (name.endsWith('.xml') || name.endsWith('.rels')) out[name] = Buffer.from(data).toString('utf8');
  }
  return out;
}

export function docxFiles(buf: Uint8Array): string[] {
  return [...unzip(buf).keys()];
}

/** Text of every paragraph of an XML part, in order (w:t contents joined, tabs as \t). */
export function paragraphTexts(xml: string): string[] {
  const out: string[] = [];
  for (const p of xml.match(/<w:p\/>|<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    const text = (p.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>|<w:tab\/>/g) ?? [])
      .map((t) => (t === '<w:tab/>' ? '\t' : t.replace(/<[^>]+>/g, '')))
      .join('')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    out.push(text);
  }
  return out;
}

/** Paragraphs of a given style (w:pStyle) with their text. */
export function styledParagraphs(xml: string, style: string): string[] {
  const out: string[] = [];
  for (const p of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    if (p.includes(`<w:pStyle w:val="${style}"/>`)) out.push(paragraphTexts(p)[0] ?? '');
  }
  return out;
}
