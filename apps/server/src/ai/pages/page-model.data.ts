/**
 * Page model per built-in template, measured by bench/pages/measure.ts (synthetic bids through the
 * Word writer, LibreOffice to PDF, pages counted). Generated: do not edit by hand; run the script.
 *   pages = fixedPages + perPart × level-1 chapters + perChapter × other chapters
 *         + words / charsPerPage + perTableRow × table rows
 */
export const MEASURED_WITH = 'LibreOffice 7.4.7.2 40(Build:2)';

export const PAGE_MODEL_DATA: Record<
  string,
  { charsPerPage: number; fixedPages: number; perPart: number; perChapter: number; perTableRow: number }
> = {
  'gov-standard': {
    charsPerPage: 714,
    fixedPages: 0.89,
    perPart: 1.034,
    perChapter: 0.076,
    perTableRow: 0.0531,
  },
  engineering: {
    charsPerPage: 857,
    fixedPages: 1.97,
    perPart: 0.276,
    perChapter: 0.084,
    perTableRow: 0.0597,
  },
  business: {
    charsPerPage: 1154,
    fixedPages: 2.55,
    perPart: 0.724,
    perChapter: 0.059,
    perTableRow: 0.0431,
  },
  anonymous: {
    charsPerPage: 714,
    fixedPages: 0.89,
    perPart: 1.034,
    perChapter: 0.076,
    perTableRow: 0.0531,
  },
};
