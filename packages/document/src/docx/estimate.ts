import type { LineSpacing } from '../templates/schema.ts';

/**
 * A page-count estimate of the body, used for the page numbers of the pre-rendered table of
 * contents. It is an ESTIMATE: line breaks are counted from character widths (CJK one em, other
 * characters half an em, as in 宋体/仿宋) and line heights from the template's spacing (a single line
 * of a CJK face taken as 1.3 em, as Word measures 宋体); Word recomputes the exact numbers when it
 * opens the file (the TOC field is marked dirty) and a reader can update the table at any time.
 * docx's own layout engine (docx/layout) was measured at ~50 s for a 300-page bid: too slow here.
 * LibreOffice, which substitutes Noto CJK for 宋体 on Linux, sets lines about 10 % taller, so a .docx
 * opened in it shows numbers that run behind by up to that much; the product's PDF export does not
 * print them: its file is written without the TOC field (WriterOptions.tocField) and LibreOffice
 * numbers the entries' PAGEREFs from its own layout.
 */

/** Single-line height of CJK faces relative to the font size (Word with 宋体/仿宋/黑体). */
export const CJK_SINGLE_LINE = 1.3;

export function lineHeightPt(spacing: LineSpacing, fontPt: number): number {
  switch (spacing.rule) {
    case 'exact':
      return spacing.pt;
    case 'atLeast':
      return Math.max(spacing.pt, fontPt * CJK_SINGLE_LINE);
    default:
      return fontPt * CJK_SINGLE_LINE * spacing.value;
  }
}

/** Width of text in ems: full-width characters count 1, others 0.5. */
export function textEms(text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      w += 1;
      i++;
    } else if (c >= 0x2e80 || (c >= 0x2000 && c <= 0x206f)) {
      w += 1;
    } else if (c === 0x09) {
      w += 2;
    } else {
      w += 0.5;
    }
  }
  return w;
}

export class PageEstimator {
  /** Current page, 1-based. */
  page = 1;
  /** Used height of the current page in points. */
  private y = 0;

  constructor(
    readonly widthPt: number,
    readonly heightPt: number,
  ) {}

  newPage(): void {
    if (this.y > 0) {
      this.page++;
      this.y = 0;
    }
  }

  /** Lines of a paragraph of `ems` width at `fontPt` in a column `widthPt` wide. */
  lines(ems: number, fontPt: number, widthPt = this.widthPt, firstIndentPt = 0): number {
    const perLine = Math.max(1, Math.floor(widthPt / fontPt));
    return Math.max(1, Math.ceil((ems + firstIndentPt / fontPt) / perLine));
  }

  /** A block that may break between lines (a paragraph or a table row run). */
  flow(lineCount: number, lineHeight: number, before = 0, after = 0): void {
    if (this.y > 0) this.y += before;
    let remaining = lineCount;
    while (remaining > 0) {
      const fit = Math.floor((this.heightPt - this.y) / lineHeight);
      if (fit <= 0) {
        this.page++;
        this.y = 0;
        continue;
      }
      const take = Math.min(fit, remaining);
      this.y += take * lineHeight;
      remaining -= take;
      if (remaining > 0) {
        this.page++;
        this.y = 0;
      }
    }
    this.y += after;
    if (this.y >= this.heightPt) {
      this.page++;
      this.y = 0;
    }
  }

  /** A block that cannot break (a picture, a table row that may not split). */
  block(heightPt: number): void {
    if (this.y > 0 && this.y + heightPt > this.heightPt) {
      this.page++;
      this.y = 0;
    }
    this.y += Math.min(heightPt, this.heightPt);
  }

  /** Makes sure the next `heightPt` starts on the same page as what follows (keep-with-next headings). */
  keep(heightPt: number): void {
    if (this.y > 0 && this.y + heightPt > this.heightPt) {
      this.page++;
      this.y = 0;
    }
  }
}
