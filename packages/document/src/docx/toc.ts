import { STYLE } from './styles.ts';

export interface TocEntry {
  text: string;
  level: number;
  /** Estimated body page (see estimate.ts); empty when unknown. */
  page: number | null;
  bookmark: string;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The table of contents as Word writes its own: a TOC field in a Table-of-Contents content control,
 * its result already filled with one paragraph per chapter (number, title, dot leader, page) linked
 * to the heading's bookmark, each page number a PAGEREF field. LibreOffice, WPS, previews and print
 * show the entries as written; Word recomputes them when the field is dirty or the reader updates it.
 * Without `field` the same entries are written bare, for a file LibreOffice turns into PDF: it takes
 * the PAGEREFs inside a TOC field as text (the estimates), but lays out PAGEREFs outside one itself.
 * Written as XML because docx's TableOfContents puts its page-number tab at a fixed 16 cm, past the
 * right margin of most Chinese page setups.
 */
export function tocXml(
  entries: TocEntry[],
  opts: { depth: number; dirty: boolean; tabPos: number; field: boolean },
): string {
  const tabs = `<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="${opts.tabPos}"/></w:tabs>`;
  const begin = !opts.field
    ? ''
    : `<w:r><w:fldChar w:fldCharType="begin"${opts.dirty ? ' w:dirty="true"' : ''}/></w:r>` +
      `<w:r><w:instrText xml:space="preserve"> TOC \\o "1-${opts.depth}" \\h \\z \\u </w:instrText></w:r>` +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r>';
  const end = opts.field ? '<w:r><w:fldChar w:fldCharType="end"/></w:r>' : '';
  const paras = entries.map((e, i) => {
    const page = e.page === null ? '' : String(e.page);
    const entry =
      `<w:hyperlink w:anchor="${esc(e.bookmark)}" w:history="1">` +
      `<w:r><w:t xml:space="preserve">${esc(e.text)}</w:t></w:r><w:r><w:tab/></w:r>` +
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
      `<w:r><w:instrText xml:space="preserve"> PAGEREF ${esc(e.bookmark)} \\h </w:instrText></w:r>` +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
      `<w:r><w:t>${page}</w:t></w:r>` +
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>' +
      '</w:hyperlink>';
    return `<w:p><w:pPr><w:pStyle w:val="${STYLE.toc(Math.min(9, Math.max(1, e.level)))}"/>${tabs}</w:pPr>${i === 0 ? begin : ''}${entry}${i === entries.length - 1 ? end : ''}</w:p>`;
  });
  if (!paras.length)
    paras.push(`<w:p><w:pPr><w:pStyle w:val="${STYLE.toc(1)}"/>${tabs}</w:pPr>${begin}${end}</w:p>`);
  return (
    '<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr>' +
    `<w:sdtContent>${paras.join('')}</w:sdtContent></w:sdt>`
  );
}
