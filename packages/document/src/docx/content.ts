import type { PMMark, PMNode } from '../model.ts';
import { cleanForWord } from '../text.ts';
import { sizeToPt } from '../templates/sizes.ts';
import type { FontSpec } from '../templates/schema.ts';
import { lineHeightPt, textEms } from './estimate.ts';
import { STYLE, TWIPS_PER_PT } from './styles.ts';
import { esc, paragraph, rPr, runs, type RunProps } from './xml.ts';
import { pageMarker, type ContentCtx, type Env } from './content-context.ts';
import { pictureXml } from './picture.ts';
import { columnWidths, layoutGrid, plainText } from './table-grid.ts';

export { newRelations, type ContentCtx, type ResolvedImage } from './content-context.ts';

const KIND_LABELS: Record<string, string> = { flowchart: '流程图', mindmap: '思维导图', gantt: '甘特图' };
const SAFE_LINK = /^(https?:|mailto:)/i;

// ------------------------------------------------------------------------------------------ inline

function hasMark(marks: PMMark[] | undefined, type: string): PMMark | undefined {
  return marks?.find((m) => m.type === type);
}

function runPropsOf(
  marks: PMMark[] | undefined,
  font: FontSpec,
  bold: boolean | undefined,
  anon: boolean,
): RunProps {
  const p: RunProps = { font, bold: bold ?? font.bold, color: anon ? null : (font.color ?? null) };
  if (!marks?.length || anon) return p;
  if (hasMark(marks, 'bold')) p.bold = true;
  if (hasMark(marks, 'italic')) p.italic = true;
  if (hasMark(marks, 'underline')) p.underline = true;
  if (hasMark(marks, 'strike')) p.strike = true;
  if (hasMark(marks, 'highlight')) p.highlight = true;
  if (hasMark(marks, 'code')) p.latin = 'Courier New';
  return p;
}

function linkRid(ctx: ContentCtx, url: string): string {
  let rid = ctx.rels.byUrl.get(url);
  if (!rid) {
    rid = `rIdBidLink${ctx.rels.links.length + 1}`;
    ctx.rels.links.push({ rid, url });
    ctx.rels.byUrl.set(url, rid);
  }
  return rid;
}

/** Runs of inline content, plus its width in ems and its line breaks for the page estimate. */
function inlineXml(
  nodes: PMNode[] | undefined,
  font: FontSpec,
  bold: boolean | undefined,
  ctx: ContentCtx,
): { xml: string; ems: number; breaks: number } {
  const anon = ctx.tpl.anonymous;
  let xml = '';
  let ems = 0;
  let breaks = 0;
  for (const n of nodes ?? []) {
    if (n.type === 'text') {
      const text = cleanForWord(n.text ?? '');
      if (!text) continue;
      ems += textEms(text);
      const props = runPropsOf(n.marks, font, bold, anon);
      const link = anon ? undefined : hasMark(n.marks, 'link');
      const href = typeof link?.attrs?.href === 'string' ? link.attrs.href : '';
      if (href && SAFE_LINK.test(href)) {
        xml += `<w:hyperlink r:id="${linkRid(ctx, href)}" w:history="1">${runs(text, rPr({ ...props, style: 'Hyperlink', color: '0563C1', underline: true }))}</w:hyperlink>`;
      } else {
        xml += runs(text, rPr(props));
      }
    } else if (n.type === 'hardBreak') {
      xml += `<w:r>${rPr({ font })}<w:br/></w:r>`;
      breaks++;
    } else if (n.type === 'placeholder') {
      // Text the writer must fill in: highlighted so it cannot be missed before printing.
      const text = `【待填写：${cleanForWord(String(n.attrs?.label ?? ''))}】`;
      xml += runs(text, rPr({ font, bold: bold ?? font.bold, highlight: true }));
      ems += textEms(text);
    } else if (n.type === 'pageRef') {
      const target = ctx.chapterRefs.get(String(n.attrs?.chapter ?? ''));
      const props = rPr(runPropsOf(n.marks, font, bold, anon));
      if (target) {
        // A PAGEREF field: LibreOffice computes it from its own layout when it opens the file, Word
        // on F9 (or on opening, when fields are marked dirty); the estimate is only its cached result.
        const before = cleanForWord(String(n.attrs?.before ?? ''));
        const after = cleanForWord(String(n.attrs?.after ?? ''));
        if (before) {
          xml += runs(before, props);
          ems += textEms(before);
        }
        xml +=
          `<w:r>${props}<w:fldChar w:fldCharType="begin"${ctx.dirtyFields ? ' w:dirty="true"' : ''}/></w:r>` +
          `<w:r>${props}<w:instrText xml:space="preserve"> PAGEREF ${esc(target.bookmark)} \\h </w:instrText></w:r>` +
          `<w:r>${props}<w:fldChar w:fldCharType="separate"/></w:r>` +
          `<w:r>${props}<w:t>${pageMarker(target.index)}</w:t></w:r>` +
          `<w:r>${props}<w:fldChar w:fldCharType="end"/></w:r>`;
        ems += 2;
        if (after) {
          xml += runs(after, props);
          ems += textEms(after);
        }
      } else {
        const text = cleanForWord(String(n.attrs?.fallback ?? ''));
        if (text) {
          xml += runs(text, props);
          ems += textEms(text);
        }
      }
    }
  }
  return { xml, ems, breaks };
}

// ------------------------------------------------------------------------------------------ blocks

function bodyLineHeight(ctx: ContentCtx): number {
  return lineHeightPt(ctx.tpl.body.lineSpacing, sizeToPt(ctx.tpl.body.font.size));
}

function estimateParagraph(
  ctx: ContentCtx,
  env: Env,
  ems: number,
  breaks: number,
  fontPt: number,
  lineHeight: number,
  indentPt: number,
  before = 0,
  after = 0,
): void {
  if (env.cell) return;
  const widthPt = env.width / TWIPS_PER_PT;
  const lines = ctx.est.lines(ems, fontPt, widthPt, indentPt) + breaks;
  ctx.est.flow(lines, lineHeight, before, after);
}

interface ParaOpts {
  style?: string;
  font?: FontSpec;
  bold?: boolean;
  indentLeft?: number;
  hanging?: number;
  prefix?: string;
  prefixEms?: number;
  jc?: 'center';
}

function paragraphXml(node: PMNode, ctx: ContentCtx, env: Env, opts: ParaOpts = {}): string {
  const tpl = ctx.tpl;
  const font = opts.font ?? (env.cell ? tpl.table.font : tpl.body.font);
  const style =
    opts.style ??
    (env.cell
      ? env.cell.header
        ? STYLE.tableHeader
        : STYLE.tableText
      : env.quote
        ? STYLE.quote
        : STYLE.body);
  const bold = opts.bold ?? (env.cell?.header ? tpl.table.headerBold && !tpl.anonymous : undefined);
  const inline = inlineXml(node.content, font, bold, ctx);
  const indent =
    opts.indentLeft !== undefined
      ? {
          left: opts.indentLeft,
          ...(opts.hanging ? { hanging: opts.hanging } : { firstLine: 0, firstLineChars: 0 }),
        }
      : undefined;
  const fontPt = sizeToPt(font.size);
  const firstIndentPt = indent || env.cell ? 0 : tpl.body.firstLineChars * fontPt;
  estimateParagraph(
    ctx,
    env,
    inline.ems + (opts.prefixEms ?? 0),
    inline.breaks,
    fontPt,
    bodyLineHeight(ctx),
    firstIndentPt + (opts.indentLeft ?? 0) / TWIPS_PER_PT,
    tpl.body.spaceBeforePt,
    tpl.body.spaceAfterPt,
  );
  return paragraph({ style, indent, jc: opts.jc }, (opts.prefix ?? '') + inline.xml);
}

function listXml(node: PMNode, ctx: ContentCtx, env: Env, out: string[]): void {
  const ordered = node.type === 'orderedList';
  const start = Number(node.attrs?.start ?? 1) || 1;
  const font = env.cell ? ctx.tpl.table.font : ctx.tpl.body.font;
  const em = sizeToPt(font.size) * TWIPS_PER_PT;
  const depth = env.listDepth;
  // Marker at the body's first-line indent (two characters) plus two per level; text after a hanging indent.
  const markerPos = env.cell ? depth * 1.5 * em : (2 + depth * 2) * em;
  const hanging = Math.round(ordered ? 2 * em : 1.5 * em);
  const left = Math.round(markerPos + hanging);
  const markerProps = rPr({ font, color: null });
  const style = env.cell ? undefined : STYLE.listItem;
  (node.content ?? []).forEach((item, i) => {
    const marker = ordered ? orderedMarker(start + i, depth) : bulletMarker(depth);
    const prefix = `<w:r>${markerProps}<w:t xml:space="preserve">${marker}</w:t><w:tab/></w:r>`;
    (item.content ?? []).forEach((child, k) => {
      if (k === 0 && child.type === 'paragraph') {
        out.push(
          paragraphXml(child, ctx, env, { style, font, indentLeft: left, hanging, prefix, prefixEms: 2 }),
        );
      } else if (child.type === 'paragraph') {
        out.push(paragraphXml(child, ctx, env, { style, font, indentLeft: left }));
      } else {
        blocksXml([child], ctx, { ...env, listDepth: depth + 1 }, out);
      }
    });
  });
}

function orderedMarker(n: number, depth: number): string {
  if (depth % 3 === 1) return `${n})`;
  if (depth % 3 === 2) return n >= 1 && n <= 20 ? '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳'[n - 1] : `(${n})`;
  return `${n}.`;
}

function bulletMarker(depth: number): string {
  return ['●', '○', '■', '□'][depth % 4];
}

const NUMERIC =
  /^[\s\d.,，%‰+\-—–~～/／×xX:：()（）第天周月年日个台套项人次元万亿]*\d[\s\d.,，%‰+\-—–~～/／×xX:：()（）第天周月年日个台套项人次元万亿]*$/;

function tableXml(node: PMNode, ctx: ContentCtx, env: Env, out: string[]): void {
  const tpl = ctx.tpl;
  const rows = (node.content ?? []).filter((r) => r.type === 'tableRow');
  if (!rows.length) return;
  const cols = Math.max(
    1,
    ...rows.map((r) => (r.content ?? []).reduce((s, c) => s + Math.max(1, Number(c.attrs?.colspan ?? 1)), 0)),
  );
  const grid = layoutGrid(rows, cols);
  const widths = columnWidths(grid, cols, env.width);
  // Leading rows made only of header cells repeat at the top of every page the table runs onto.
  let headerRows = 0;
  while (
    headerRows < rows.length - 1 &&
    (rows[headerRows].content ?? []).length > 0 &&
    (rows[headerRows].content ?? []).every((c) => c.type === 'tableHeader')
  )
    headerRows++;
  const fontPt = sizeToPt(tpl.table.font.size);
  const lineH = lineHeightPt(tpl.table.lineSpacing, fontPt);
  const shade =
    tpl.table.headerShading && !tpl.anonymous
      ? `<w:shd w:val="clear" w:color="auto" w:fill="${tpl.table.headerShading}"/>`
      : '';
  const b = `w:val="single" w:sz="${tpl.table.borderSize}" w:space="0" w:color="${tpl.table.borderColor}"`;
  let xml =
    '<w:tbl><w:tblPr>' +
    `<w:tblW w:w="${env.width}" w:type="dxa"/><w:jc w:val="center"/>` +
    `<w:tblBorders><w:top ${b}/><w:left ${b}/><w:bottom ${b}/><w:right ${b}/><w:insideH ${b}/><w:insideV ${b}/></w:tblBorders>` +
    '<w:tblLayout w:type="fixed"/><w:tblCellMar><w:top w:w="30" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="30" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar>' +
    '<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/>' +
    `</w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>`;
  // Rows still covered by a cell above, per column: Word wants a vMerge continuation cell there.
  const continuing: Array<{ until: number; colspan: number; header: boolean } | undefined> = [];
  grid.forEach((row, ri) => {
    let rowHeight = 0;
    const byCol = new Map(row.map((c) => [c.col, c]));
    let cells = '';
    let col = 0;
    while (col < cols) {
      const cont = continuing[col];
      if (cont && cont.until > ri) {
        const w = widths.slice(col, col + cont.colspan).reduce((a, v) => a + v, 0);
        cells += `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="dxa"/>${cont.colspan > 1 ? `<w:gridSpan w:val="${cont.colspan}"/>` : ''}<w:vMerge/>${cont.header ? shade : ''}<w:vAlign w:val="center"/></w:tcPr><w:p/></w:tc>`;
        col += cont.colspan;
        continue;
      }
      const c = byCol.get(col);
      if (!c) {
        // A short row (never after normalisation): fill the grid so Word keeps the columns.
        cells += `<w:tc><w:tcPr><w:tcW w:w="${widths[col]}" w:type="dxa"/></w:tcPr><w:p/></w:tc>`;
        col++;
        continue;
      }
      const header = c.node.type === 'tableHeader';
      const w = widths.slice(col, col + c.colspan).reduce((a, v) => a + v, 0);
      if (c.rowspan > 1) continuing[col] = { until: ri + c.rowspan, colspan: c.colspan, header };
      const cellEnv: Env = { width: Math.max(600, w - 216), cell: { header }, listDepth: 0, quote: false };
      const inner: string[] = [];
      const content = c.node.content ?? [];
      // Short numbers and dates read better centred.
      if (
        !header &&
        content.length === 1 &&
        content[0].type === 'paragraph' &&
        NUMERIC.test(plainText(content[0])) &&
        plainText(content[0]).length <= 12
      ) {
        inner.push(paragraphXml(content[0], ctx, cellEnv, { jc: 'center' }));
      } else {
        blocksXml(content, ctx, cellEnv, inner);
      }
      if (!inner.length || !inner[inner.length - 1].startsWith('<w:p'))
        inner.push(`<w:p>${`<w:pPr><w:pStyle w:val="${STYLE.tableText}"/></w:pPr>`}</w:p>`);
      if (c.rowspan === 1) {
        const lines = Math.max(
          1,
          ...plainText(c.node)
            .split('\n')
            .map((l) => ctx.est.lines(textEms(l), fontPt, (w - 216) / TWIPS_PER_PT)),
        );
        rowHeight = Math.max(rowHeight, lines * lineH + 3);
      }
      cells +=
        `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="dxa"/>${c.colspan > 1 ? `<w:gridSpan w:val="${c.colspan}"/>` : ''}${c.rowspan > 1 ? '<w:vMerge w:val="restart"/>' : ''}` +
        `${header ? shade : ''}<w:vAlign w:val="center"/></w:tcPr>${inner.join('')}</w:tc>`;
      col += c.colspan;
    }
    if (!env.cell) ctx.est.block(rowHeight || lineH + 3);
    // A row shorter than a third of a page is kept on one page: a row split across a page break
    // reads as two rows (a scoring item's name cut in two). Taller rows may still break.
    const trPr =
      (ri < headerRows ? '<w:tblHeader/>' : '') + (rowHeight && rowHeight < 240 ? '<w:cantSplit/>' : '');
    xml += `<w:tr>${trPr ? `<w:trPr>${trPr}</w:trPr>` : ''}${cells}</w:tr>`;
  });
  xml += '</w:tbl>';
  out.push(xml);
}

function framedNote(text: string, ctx: ContentCtx, env: Env): string {
  const font = env.cell ? ctx.tpl.table.font : ctx.tpl.body.font;
  estimateParagraph(ctx, env, textEms(text), 0, sizeToPt(font.size), bodyLineHeight(ctx), 0, 6, 6);
  return paragraph(
    {
      border: 'box',
      spacing: { before: 120, after: 120 },
      indent: { firstLine: 0, firstLineChars: 0 },
      jc: 'center',
    },
    runs(cleanForWord(text), rPr({ font, color: null })),
  );
}

/** Converts block nodes into WordprocessingML paragraphs and tables, appending to `out`. */
export function blocksXml(nodes: PMNode[], ctx: ContentCtx, env: Env, out: string[]): void {
  const tpl = ctx.tpl;
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push(paragraphXml(node, ctx, env));
        break;
      case 'heading': {
        // Headings inside chapter text are not part of the outline: bold lines, not Word headings,
        // so the table of contents and the numbering stay the outline's.
        if (env.cell) out.push(paragraphXml(node, ctx, env, { bold: !tpl.anonymous }));
        else
          out.push(
            paragraphXml(node, ctx, env, {
              style: STYLE.sub,
              font: tpl.subHeading.font ?? tpl.body.font,
              bold: tpl.subHeading.bold && !tpl.anonymous,
            }),
          );
        break;
      }
      case 'bulletList':
      case 'orderedList':
        listXml(node, ctx, env, out);
        break;
      case 'blockquote':
        blocksXml(node.content ?? [], ctx, { ...env, quote: true }, out);
        break;
      case 'codeBlock': {
        const font = { ...tpl.table.font };
        const props = rPr({ font, latin: 'Courier New', color: null });
        for (const line of plainText(node).split('\n')) {
          const clean = cleanForWord(line);
          out.push(paragraph({ style: STYLE.code }, runs(clean, props)));
          estimateParagraph(ctx, env, textEms(clean), 0, sizeToPt(font.size), sizeToPt(font.size) * 1.3, 0);
        }
        break;
      }
      case 'horizontalRule':
        out.push(paragraph({ border: 'bottom', indent: { firstLine: 0, firstLineChars: 0 } }, ''));
        if (!env.cell) ctx.est.flow(1, bodyLineHeight(ctx));
        break;
      case 'table':
        if ((node.content ?? []).length) {
          tableXml(node, ctx, env, out);
          // A paragraph after a table keeps Word from merging two tables and gives the text below some air.
          if (!env.cell)
            out.push(
              paragraph(
                { style: STYLE.tableText, spacing: { before: 0, after: 0, line: 160, lineRule: 'auto' } },
                '',
              ),
            );
        }
        break;
      case 'image': {
        const img = ctx.media.get(node);
        const caption = String(node.attrs?.caption ?? node.attrs?.title ?? node.attrs?.alt ?? '');
        if (img) pictureXml(img, caption, ctx, env, out, caption);
        else out.push(framedNote(`【图片：${caption || '未能嵌入的图片'}】`, ctx, env));
        break;
      }
      case 'diagram': {
        const img = ctx.media.get(node);
        const kind = KIND_LABELS[String(node.attrs?.kind)] ?? '图示';
        const caption = String(node.attrs?.caption ?? '') || kind;
        if (img) pictureXml(img, caption, ctx, env, out, caption);
        else out.push(framedNote(`【${kind}】${caption === kind ? '' : caption}`, ctx, env));
        break;
      }
      default: {
        // Inline content or an unknown block at block level: keep its text.
        const text = plainText(node);
        if (text.trim())
          out.push(paragraphXml({ type: 'paragraph', content: [{ type: 'text', text }] }, ctx, env));
      }
    }
  }
}

export function chapterXml(content: PMNode | null, ctx: ContentCtx, out: string[]): void {
  let nodes = content?.content ?? [];
  // Empty paragraphs at the start and end of a chapter are editor leftovers, not layout.
  const isEmpty = (n: PMNode) => n.type === 'paragraph' && !plainText(n).trim();
  let a = 0;
  let b = nodes.length;
  while (a < b && isEmpty(nodes[a])) a++;
  while (b > a && isEmpty(nodes[b - 1])) b--;
  nodes = nodes.slice(a, b);
  blocksXml(nodes, ctx, { width: ctx.geo.textWidth, cell: null, listDepth: 0, quote: false }, out);
}

/** A chapter heading: Word heading style (navigation pane, TOC), bookmark for the TOC link. */
export function headingXml(
  text: string,
  level: number,
  bookmark: string,
  font: FontSpec,
  pageBreakBefore: boolean,
  ctx: ContentCtx,
): string {
  const id = ctx.rels.nextBookmarkId++;
  return paragraph(
    { style: STYLE.heading(level), pageBreakBefore },
    `<w:bookmarkStart w:id="${id}" w:name="${esc(bookmark)}"/>${runs(text, rPr({ font, color: ctx.tpl.anonymous ? null : (font.color ?? null) }))}<w:bookmarkEnd w:id="${id}"/>`,
  );
}
