import type { PMNode } from '../model.ts';
import type { ExportTemplate, TemplateDefinition } from '../templates/schema.ts';

/** What the cover page may show. Missing fields print as a blank line to fill in by hand. */
export interface ExportBid {
  name: string;
  /** 项目名称 (defaults to the bid name). */
  projectName?: string | null;
  /** 项目编号 / 招标编号. */
  projectCode?: string | null;
  /** 招标人. */
  tenderer?: string | null;
  /** 投标人 (company). */
  bidder?: string | null;
  /** 法定代表人或其授权代表. */
  legalRep?: string | null;
  /** Date printed on the cover, e.g. 2025年3月1日; defaults to a blank 年 月 日 line. */
  date?: string | null;
}

/** One chapter of the outline; `level` is taken from the tree depth when missing. */
export interface ExportChapter {
  title: string;
  /** What pageRef nodes name this chapter by (the outline node's id). */
  key?: string;
  level?: number;
  content?: PMNode | null;
  children?: ExportChapter[];
}

export interface DiagramPng {
  png: Uint8Array;
  /** Pixel size of the PNG. */
  width: number;
  height: number;
  /** Natural display size in CSS px (1/96 in); defaults to the pixel size. */
  cssWidth?: number;
  cssHeight?: number;
}

export interface DiagramInput {
  kind: string;
  model: unknown;
  caption?: string;
}

export interface ExportProgress {
  stage: 'content' | 'pack' | 'done';
  /** Chapters written so far (stage content), else equal to total. */
  done: number;
  total: number;
}

export interface WriterOptions {
  /** Renders a diagram node to PNG (the diagrams module's renderDiagramPng). Without it a framed caption is written. */
  diagramToPng?: (diagram: DiagramInput) => Promise<DiagramPng | null> | DiagramPng | null;
  /** Bytes of an image that is not a data: URL (e.g. a picture-library URL); null when unavailable. */
  resolveImage?: (src: string) => Promise<Uint8Array | null> | Uint8Array | null;
  onProgress?: (p: ExportProgress) => void;
  /**
   * Write the table of contents as a Word TOC field (default). False for a file LibreOffice turns into
   * PDF: it prints a TOC field's entries as written, so their pages would be the writer's estimates,
   * while the same entries outside a field get their PAGEREFs laid out by LibreOffice (see toc.ts).
   */
  tocField?: boolean;
  /**
   * Write the footer's total ({PAGES}) as a SECTIONPAGES field (default): the body section's pages,
   * which Word and WPS compute. False for a file LibreOffice turns into PDF: it does not compute
   * SECTIONPAGES (it prints the written estimate) and its NUMPAGES counts the cover and 目录 too, so the
   * total is a PAGEREF to a bookmark at the body's end, the body's last page number as laid out.
   */
  sectionPagesField?: boolean;
}

export interface ExportInput {
  bid: ExportBid;
  chapters: ExportChapter[];
  template: ExportTemplate | TemplateDefinition;
  options?: WriterOptions;
}

/** A chapter with its computed number, flattened in document order. */
export interface FlatChapter {
  index: number;
  level: number;
  /** 1-based positions from the level-1 ancestor down to this chapter. */
  path: number[];
  number: string;
  title: string;
  /** Number + separator + title, as printed in the heading and the table of contents. */
  display: string;
  content: PMNode | null;
  bookmark: string;
  key?: string;
}
