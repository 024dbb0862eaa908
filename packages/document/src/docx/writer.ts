import {
  Document,
  Footer,
  Header,
  ImportedXmlComponent,
  NumberFormat,
  Packer,
  PageOrientation,
  Paragraph,
  SectionType,
  TextRun,
  type IContext,
  type ISectionOptions,
  type IXmlableObject,
} from 'docx';
import type { PMNode } from '../model.ts';
import { normalizeDoc } from '../normalize.ts';
import { cleanForWord } from '../text.ts';
import { formatHeadingNumber, separatorFor, stripOwnNumber } from '../templates/numbering.ts';
import { templateDefinitionSchema, type TemplateDefinition } from '../templates/schema.ts';
import { sizeToHalfPoints, sizeToPt } from '../templates/sizes.ts';
import { unzip, zip, type ZipEntry } from './zip.ts';
import { chapterXml, headingXml, newRelations, type ContentCtx, type ResolvedImage } from './content.ts';
import { PAGE_MARKER } from './content-context.ts';
import { lineHeightPt, PageEstimator, textEms } from './estimate.ts';
import { decodeDataUrl, imageInfo } from './images.ts';
import { tocXml } from './toc.ts';
import { coverChildren } from './cover.ts';
import { buildStyles, headingFormat, pageGeometry, runFont, STYLE, TWIPS_PER_PT } from './styles.ts';
import { esc } from './xml.ts';
import type { ExportBid, ExportChapter, ExportInput, FlatChapter, WriterOptions } from './types.ts';

export const MAX_LEVEL = 9;

function templateOf(input: ExportInput): TemplateDefinition {
  const t = input.template as { definition?: unknown };
  return templateDefinitionSchema.parse(
    t && typeof t === 'object' && 'definition' in t ? t.definition : input.template,
  );
}

/** The outline in document order with numbers from the template's scheme; titles lose numbers they carried. */
export function flattenChapters(chapters: ExportChapter[], tpl: TemplateDefinition): FlatChapter[] {
  const out: FlatChapter[] = [];
  const walk = (list: ExportChapter[], parentPath: number[]) => {
    list.forEach((ch, i) => {
      const path = [...parentPath, i + 1];
      const level = Math.min(path.length, MAX_LEVEL);
      const title =
        cleanForWord(stripOwnNumber(String(ch.title ?? '')))
          .replace(/\s+/g, ' ')
          .trim() || '（未命名章节）';
      const number = formatHeadingNumber(tpl.numbering, path.slice(0, MAX_LEVEL));
      const display = number ? `${number}${separatorFor(tpl.numbering, level)}${title}` : title;
      out.push({
        index: out.length,
        level,
        path,
        number,
        title,
        display,
        content: ch.content ?? null,
        bookmark: `_Toc_bid_${out.length + 1}`,
        ...(ch.key ? { key: ch.key } : {}),
      });
      if (ch.children?.length) walk(ch.children, path.length >= MAX_LEVEL ? parentPath : path);
    });
  };
  walk(chapters, []);
  return out;
}

// ---------------------------------------------------------------------------------- media

function collectMedia(node: PMNode | null | undefined, into: PMNode[]): void {
  if (!node) return;
  if (node.type === 'image' || node.type === 'diagram') into.push(node);
  for (const c of node.content ?? []) collectMedia(c, into);
}

/** The picture library's upload cap (apps/server picture RASTER_CAPS.maxUploadPixels). */
export const MAX_IMAGE_PIXELS = 50_000_000;

async function resolveMedia(
  nodes: PMNode[],
  opts: WriterOptions,
): Promise<Map<PMNode, ResolvedImage | null>> {
  const map = new Map<PMNode, ResolvedImage | null>();
  for (const node of nodes) {
    try {
      if (node.type === 'image') {
        const src = String(node.attrs?.src ?? '');
        let bytes = src.startsWith('data:') ? decodeDataUrl(src) : null;
        if (!bytes && !src.startsWith('data:') && opts.resolveImage)
          bytes = (await opts.resolveImage(src)) ?? null;
        const info = bytes ? imageInfo(bytes) : null;
        // A header claiming more pixels than any picture the server accepts: Word would try to
        // decode it; the caption is written instead.
        if (bytes && info && info.width * info.height <= MAX_IMAGE_PIXELS) {
          const w = Number(node.attrs?.width) > 0 ? Number(node.attrs?.width) : info.width;
          const h = Number(node.attrs?.width) > 0 ? (info.height * w) / info.width : info.height;
          map.set(node, { data: bytes, info, cssWidth: w, cssHeight: h });
        } else {
          map.set(node, null);
        }
      } else if (opts.diagramToPng) {
        const png = await opts.diagramToPng({
          kind: String(node.attrs?.kind ?? ''),
          model: node.attrs?.model,
          caption: String(node.attrs?.caption ?? ''),
        });
        const info = png ? imageInfo(png.png) : null;
        map.set(
          node,
          png && info
            ? {
                data: png.png,
                info,
                cssWidth: png.cssWidth ?? png.width,
                cssHeight: png.cssHeight ?? png.height,
              }
            : null,
        );
      }
    } catch {
      // A picture that cannot be read must not stop the export: its caption is written instead.
      map.set(node, null);
    }
  }
  return map;
}

// ---------------------------------------------------------------------------------- pages

function fieldText(tpl: TemplateDefinition, text: string, bid: ExportBid): string {
  return cleanForWord(
    text.replace(/\{bidName\}/g, bid.name ?? '').replace(/\{bidder\}/g, bid.bidder ?? ''),
  ).trim();
}

function xmlEsc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A paragraph written as raw XML: the footer's PAGE / SECTIONPAGES fields carry cached results
 * (the estimated count) that docx's own field runs cannot express.
 */
class RawParagraph extends Paragraph {
  private readonly xml: ImportedXmlComponent;

  constructor(xml: string) {
    super({});
    this.xml = ImportedXmlComponent.fromXmlString(xml);
  }

  override prepForXml(context: IContext): IXmlableObject | undefined {
    return this.xml.prepForXml(context);
  }
}

/**
 * The footer line, e.g. 第 {PAGE} 页 共 {PAGES} 页. {PAGES} counts the body's own pages (cover and
 * contents are not counted), written with the estimated count as its result. By default it is a
 * SECTIONPAGES field, which Word and WPS compute; with `endBookmark` it is a PAGEREF to that bookmark
 * at the body's end (the body's last page number), the count LibreOffice computes (WriterOptions).
 */
function pageFooter(
  tpl: TemplateDefinition,
  format: string,
  estimatedPages: number,
  endBookmark?: string,
): Footer {
  const f = tpl.footer.font;
  const rPr =
    `<w:rPr><w:rFonts w:ascii="${xmlEsc(f.latin)}" w:hAnsi="${xmlEsc(f.latin)}" w:eastAsia="${xmlEsc(f.eastAsia)}" w:cs="${xmlEsc(f.latin)}"/>` +
    `${f.bold ? '<w:b/>' : ''}<w:sz w:val="${sizeToHalfPoints(f.size)}"/><w:szCs w:val="${sizeToHalfPoints(f.size)}"/></w:rPr>`;
  const field = (instr: string, result: string) =>
    `<w:r>${rPr}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${rPr}<w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r>` +
    `<w:r>${rPr}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${rPr}<w:t>${result}</w:t></w:r><w:r>${rPr}<w:fldChar w:fldCharType="end"/></w:r>`;
  const pages = endBookmark ? `PAGEREF ${endBookmark}` : 'SECTIONPAGES';
  let runs = '';
  for (const part of format.split(/(\{PAGE\}|\{PAGES\})/)) {
    if (!part) continue;
    if (part === '{PAGE}') runs += field('PAGE', '1');
    else if (part === '{PAGES}') runs += field(pages, String(Math.max(1, estimatedPages)));
    else runs += `<w:r>${rPr}<w:t xml:space="preserve">${xmlEsc(cleanForWord(part))}</w:t></w:r>`;
  }
  return new Footer({
    children: [new RawParagraph(`<w:p><w:pPr><w:pStyle w:val="${STYLE.footer}"/></w:pPr>${runs}</w:p>`)],
  });
}

function pageHeader(tpl: TemplateDefinition, bid: ExportBid): Header | undefined {
  if (!tpl.header.enabled || tpl.anonymous) return undefined;
  const text = fieldText(tpl, tpl.header.text, bid);
  if (!text) return undefined;
  return new Header({
    children: [
      new Paragraph({ style: STYLE.header, children: [new TextRun({ ...runFont(tpl.header.font), text })] }),
    ],
  });
}

// ---------------------------------------------------------------------------------- writer

export interface WriteResult {
  buffer: Buffer;
  /** Estimated body pages (see estimate.ts). */
  estimatedPages: number;
  chapters: FlatChapter[];
  /** Body page of each chapter as estimated for the table of contents. */
  chapterPages: number[];
}

/** The bid as a .docx file. Never throws for odd content; throws only for an invalid template. */
export async function writeBidDocx(input: ExportInput): Promise<Buffer> {
  return (await writeBidDocxDetailed(input)).buffer;
}

export async function writeBidDocxDetailed(input: ExportInput): Promise<WriteResult> {
  const tpl = templateOf(input);
  const opts = input.options ?? {};
  const bid: ExportBid = {
    ...input.bid,
    name: cleanForWord(String(input.bid?.name ?? '')).trim() || '投标文件',
  };
  const geo = pageGeometry(tpl);
  const flat = flattenChapters(input.chapters ?? [], tpl);
  for (const ch of flat) ch.content = ch.content ? normalizeDoc(ch.content) : null;

  const mediaNodes: PMNode[] = [];
  for (const ch of flat) collectMedia(ch.content, mediaNodes);
  const media = await resolveMedia(mediaNodes, opts);

  const est = new PageEstimator(geo.textWidth / TWIPS_PER_PT, geo.textHeight / TWIPS_PER_PT);
  const rels = newRelations();
  const chapterRefs = new Map<string, { bookmark: string; index: number }>();
  for (const c of flat) if (c.key && !chapterRefs.has(c.key)) chapterRefs.set(c.key, c);
  const ctx: ContentCtx = {
    tpl,
    geo,
    est,
    media,
    rels,
    figures: { chapter: 0, inChapter: 0, global: 0 },
    chapterRefs,
    dirtyFields: tpl.toc.refreshInWord,
  };
  const body: string[] = [];
  const chapterPages: number[] = [];
  const total = flat.length;
  let first = true;
  for (const ch of flat) {
    const h = headingFormat(tpl, ch.level);
    const fontPt = sizeToPt(h.font.size);
    const lh = lineHeightPt(h.lineSpacing, fontPt);
    if (h.pageBreakBefore && !first) est.newPage();
    const headingLines = est.lines(textEms(ch.display), fontPt);
    // A heading keeps with the next lines (keepNext): if they do not fit, both move to the next page.
    est.keep(
      headingLines * lh +
        h.spaceBeforePt +
        h.spaceAfterPt +
        lineHeightPt(tpl.body.lineSpacing, sizeToPt(tpl.body.font.size)) * 2,
    );
    chapterPages.push(est.page);
    est.flow(headingLines, lh, h.spaceBeforePt, h.spaceAfterPt);
    if (ch.level === 1) ctx.figures = { ...ctx.figures, chapter: ch.path[0], inChapter: 0 };
    // The first chapter opens the body section, which starts on a new page already.
    body.push(headingXml(ch.display, ch.level, ch.bookmark, h.font, h.pageBreakBefore && !first, ctx));
    first = false;
    chapterXml(ch.content, ctx, body);
    opts.onProgress?.({ stage: 'content', done: ch.index + 1, total });
  }
  if (!body.length) body.push('<w:p/>');
  const endBookmark =
    opts.sectionPagesField === false && tpl.footer.enabled && tpl.footer.pageNumberFormat.includes('{PAGES}')
      ? markBodyEnd(body, ctx)
      : undefined;
  // Page references (pageRef) get their chapter's estimated page as the field's cached result.
  for (let i = 0; i < body.length; i++)
    if (body[i].includes('\u2063PAGE-'))
      body[i] = body[i].replace(PAGE_MARKER, (_, n: string) => String(chapterPages[Number(n)] ?? ''));

  const sections: ISectionOptions[] = [];
  // Parts written as XML text and put in place of marker paragraphs after docx has packed the rest.
  const splices = new Map<string, string>();
  const pageProps = {
    size: {
      width: geo.width,
      height: geo.height,
      orientation:
        tpl.page.orientation === 'landscape' ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
    },
    margin: { ...geo.margins, gutter: 0 },
  };
  const header = pageHeader(tpl, bid);
  if (tpl.cover.enabled) {
    sections.push({
      properties: { page: pageProps },
      // Explicit empty header/footer: a cover shows no page number or running title.
      headers: { default: new Header({ children: [new Paragraph({ children: [] })] }) },
      footers: { default: new Footer({ children: [new Paragraph({ children: [] })] }) },
      children: coverChildren(tpl, bid, geo),
    });
  }
  if (tpl.toc.enabled) {
    const entries = flat
      .filter((c) => c.level <= tpl.toc.depth)
      .map((c) => ({ text: c.display, level: c.level, page: chapterPages[c.index], bookmark: c.bookmark }));
    const tocChildren: Paragraph[] = [
      new Paragraph({
        style: STYLE.tocTitle,
        children: [
          new TextRun({
            ...runFont(tpl.toc.titleFont, { noColor: tpl.anonymous }),
            text: cleanForWord(tpl.toc.title),
          }),
        ],
      }),
    ];
    // Entries are written out with estimated page numbers (estimate.ts) so the contents show in
    // LibreOffice, WPS, previews and print without a field update; Word refreshes them when dirty.
    tocChildren.push(new Paragraph({ children: [new TextRun(TOC_MARKER)] }));
    splices.set(
      TOC_MARKER,
      tocXml(entries, {
        depth: tpl.toc.depth,
        dirty: tpl.toc.refreshInWord,
        tabPos: geo.textWidth,
        field: opts.tocField ?? true,
      }),
    );
    sections.push({
      properties: {
        type: SectionType.NEXT_PAGE,
        page: { ...pageProps, pageNumbers: { start: 1, formatType: NumberFormat.UPPER_ROMAN } },
      },
      headers: header
        ? { default: header }
        : { default: new Header({ children: [new Paragraph({ children: [] })] }) },
      footers: {
        default: tpl.footer.enabled
          ? pageFooter(tpl, '{PAGE}', 1)
          : new Footer({ children: [new Paragraph({ children: [] })] }),
      },
      children: tocChildren,
    });
  }
  sections.push({
    properties: {
      type: SectionType.NEXT_PAGE,
      page: { ...pageProps, pageNumbers: { start: 1, formatType: NumberFormat.DECIMAL } },
    },
    headers: header
      ? { default: header }
      : { default: new Header({ children: [new Paragraph({ children: [] })] }) },
    footers: {
      default: tpl.footer.enabled
        ? pageFooter(tpl, tpl.footer.pageNumberFormat, est.page, endBookmark)
        : new Footer({ children: [new Paragraph({ children: [] })] }),
    },
    // Stands in for the body, which is written as XML text (see xml.ts) and put in its place below.
    children: [new Paragraph({ children: [new TextRun(BODY_MARKER)] })],
  });

  const doc = new Document({
    creator: '',
    lastModifiedBy: '',
    title: tpl.anonymous ? '' : bid.name,
    description: '',
    styles: buildStyles(tpl),
    sections,
  });
  opts.onProgress?.({ stage: 'pack', done: total, total });
  const skeleton = await Packer.toBuffer(doc);
  splices.set(BODY_MARKER, body.join(''));
  const buffer = assemble(skeleton, splices, rels);
  opts.onProgress?.({ stage: 'done', done: total, total });
  return { buffer, estimatedPages: est.page, chapters: flat, chapterPages };
}

const END_BOOKMARK = '_bid_body_end';

/**
 * Puts a bookmark at the end of the body's last paragraph, so that a PAGEREF to it gives the body's
 * last page. An empty last paragraph (the one after a closing table) gets a space: LibreOffice drops an
 * empty paragraph that ends the document after a table, and the bookmark with it.
 */
function markBodyEnd(body: string[], ctx: ContentCtx): string {
  const id = ctx.rels.nextBookmarkId++;
  const mark = `<w:bookmarkStart w:id="${id}" w:name="${END_BOOKMARK}"/><w:bookmarkEnd w:id="${id}"/>`;
  const space = '<w:r><w:t xml:space="preserve"> </w:t></w:r>';
  const last = body[body.length - 1];
  if (last.endsWith('<w:p/>'))
    body[body.length - 1] = `${last.slice(0, -'<w:p/>'.length)}<w:p>${space}${mark}</w:p>`;
  else if (last.endsWith('</w:p>')) {
    const start = Math.max(last.lastIndexOf('<w:p>'), last.lastIndexOf('<w:p '));
    const hasRun = /<w:r[ >]/.test(last.slice(start));
    body[body.length - 1] = `${last.slice(0, -'</w:p>'.length)}${hasRun ? '' : space}${mark}</w:p>`;
  } else body.push(`<w:p>${space}${mark}</w:p>`);
  return END_BOOKMARK;
}

const BODY_MARKER = '\u2063BID-BODY\u2063';
const TOC_MARKER = '\u2063BID-TOC\u2063';
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

/** Puts the body XML, its pictures and its link relationships into the package docx wrote. */
function assemble(
  skeleton: Buffer,
  splices: Map<string, string>,
  rels: ReturnType<typeof newRelations>,
): Buffer {
  const files = unzip(skeleton);
  const text = (name: string) => Buffer.from(files.get(name)!).toString('utf8');
  let docXml = text('word/document.xml');
  for (const [marker, xml] of splices) {
    const at = docXml.indexOf(marker);
    if (at < 0) throw new Error('docx skeleton without its marker');
    const pStart = Math.max(docXml.lastIndexOf('<w:p>', at), docXml.lastIndexOf('<w:p ', at));
    const pEnd = docXml.indexOf('</w:p>', at) + '</w:p>'.length;
    // The last paragraph of a section carries the section's properties: keep them in an empty paragraph.
    const sect = /<w:sectPr[\s\S]*<\/w:sectPr>/.exec(docXml.slice(pStart, pEnd));
    docXml =
      docXml.slice(0, pStart) +
      xml +
      (sect ? `<w:p><w:pPr>${sect[0]}</w:pPr></w:p>` : '') +
      docXml.slice(pEnd);
  }
  const out = new Map<string, ZipEntry>();
  for (const [name, data] of files) out.set(name, { name, data, level: 6 });
  // The body XML is MBs of repetitive markup: a fast level costs little size.
  out.set('word/document.xml', { name: 'word/document.xml', data: Buffer.from(docXml, 'utf8'), level: 3 });

  if (rels.media.length || rels.links.length) {
    const relsName = 'word/_rels/document.xml.rels';
    let relXml = text(relsName);
    let extra = '';
    for (const m of rels.media) {
      extra += `<Relationship Id="${m.rid}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${m.path}"/>`;
      // Pictures are compressed already.
      out.set(`word/${m.path}`, { name: `word/${m.path}`, data: m.data, level: 0 });
    }
    for (const l of rels.links) {
      extra += `<Relationship Id="${l.rid}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${esc(l.url)}" TargetMode="External"/>`;
    }
    relXml = relXml.replace('</Relationships>', `${extra}</Relationships>`);
    out.set(relsName, { name: relsName, data: Buffer.from(relXml, 'utf8'), level: 6 });
    let types = text('[Content_Types].xml');
    const exts = new Set(rels.media.map((m) => m.path.split('.').pop()!));
    for (const ext of exts) {
      if (!new RegExp(`Extension="${ext}"`, 'i').test(types))
        types = types.replace(
          '<Default ',
          `<Default Extension="${ext}" ContentType="${CONTENT_TYPES[ext]}"/><Default `,
        );
    }
    out.set('[Content_Types].xml', {
      name: '[Content_Types].xml',
      data: Buffer.from(types, 'utf8'),
      level: 6,
    });
  }
  // [Content_Types].xml first, as Office writes it.
  const entries = [...out.values()].sort((a, b) =>
    a.name === '[Content_Types].xml' ? -1 : b.name === '[Content_Types].xml' ? 1 : 0,
  );
  return zip(entries);
}
