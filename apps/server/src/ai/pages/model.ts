import { PAGE_MODEL_DATA } from './page-model.data.ts';

/**
 * The page model of an export template (measured with LibreOffice by bench/pages/measure.ts):
 * how many words (countWords) a page of body text holds, and the pages the structure itself takes
 * (cover and contents, the page break before each part, a heading per chapter, table rows).
 * Budgets are computed from it so that a bid written to its budgets prints the pages asked for.
 */
export interface PageModel {
  templateId: string;
  charsPerPage: number;
  fixedPages: number;
  perPart: number;
  perChapter: number;
  perTableRow: number;
}

/** Used for a template that was not measured (an operator's own): the default government layout. */
export const DEFAULT_PAGE_TEMPLATE = 'gov-standard';

export function pageModelOf(templateId?: string | null): PageModel {
  const id = templateId && PAGE_MODEL_DATA[templateId] ? templateId : DEFAULT_PAGE_TEMPLATE;
  return { templateId: id, ...PAGE_MODEL_DATA[id] };
}

/** The structure of a bid as far as pages are concerned. */
export interface PageShape {
  /** Level-1 chapters (each starts a new page). */
  parts: number;
  /** Chapters below level 1 (a heading and a contents line each). */
  chapters: number;
  /** Rows of the tables planned from the tender (response tables, scoring index). */
  tableRows: number;
}

export function overheadPages(shape: PageShape, m: PageModel): number {
  return (
    m.fixedPages + m.perPart * shape.parts + m.perChapter * shape.chapters + m.perTableRow * shape.tableRows
  );
}

/** Words of text that fill `pages` after the structure's own pages (never below a page per part). */
export function wordsForPages(pages: number, shape: PageShape, m: PageModel): number {
  const free = Math.max(pages - overheadPages(shape, m), shape.parts);
  return Math.round(free * m.charsPerPage);
}

/** Words a table row is worth on the page (a table chapter's budget in words). */
export function wordsPerTableRow(m: PageModel): number {
  return m.perTableRow * m.charsPerPage;
}

/** Printed pages of a bid with `words` of text and the given structure. */
export function estimatePages(words: number, shape: PageShape, m: PageModel): number {
  return overheadPages(shape, m) + words / m.charsPerPage;
}

/**
 * The page count to plan for: the requested one, never above the tender's cap less a margin of
 * 5 % (at least a page) for what budgets do not see (titles, rounding, a table grown by a row).
 */
export function plannedPages(requested: number, pageLimit: number | null | undefined): number {
  if (!pageLimit || pageLimit <= 0) return requested;
  return Math.min(requested, Math.max(1, pageLimit - Math.max(1, Math.round(pageLimit * 0.05))));
}
