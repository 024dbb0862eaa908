import type { PMNode } from '../model.ts';
import type { TemplateDefinition } from '../templates/schema.ts';
import type { PageEstimator } from './estimate.ts';
import type { ImageInfo } from './images.ts';
import type { PageGeometry } from './styles.ts';

/** A picture ready for Word: bytes, type and natural size in CSS px. */
export interface ResolvedImage {
  data: Uint8Array;
  info: ImageInfo;
  cssWidth: number;
  cssHeight: number;
}

/** Parts the body refers to by relationship id: pictures and external links. */
export interface BodyRelations {
  media: Array<{ rid: string; path: string; data: Uint8Array }>;
  links: Array<{ rid: string; url: string }>;
  byData: Map<Uint8Array, string>;
  byUrl: Map<string, string>;
  nextDrawingId: number;
  nextBookmarkId: number;
}

export function newRelations(): BodyRelations {
  return {
    media: [],
    links: [],
    byData: new Map(),
    byUrl: new Map(),
    nextDrawingId: 1000,
    nextBookmarkId: 1000,
  };
}

export interface ContentCtx {
  tpl: TemplateDefinition;
  geo: PageGeometry;
  est: PageEstimator;
  /** Pictures of image and diagram nodes, resolved before conversion (conversion itself is synchronous). */
  media: Map<PMNode, ResolvedImage | null>;
  rels: BodyRelations;
  /** Figure numbering state. */
  figures: { chapter: number; inChapter: number; global: number };
  /** Chapters by ExportChapter.key, for pageRef nodes: their bookmark and place in document order. */
  chapterRefs: Map<string, { bookmark: string; index: number }>;
  /** Whether Word should recompute fields when it opens the file (the template's TOC setting). */
  dirtyFields: boolean;
}

/**
 * Stands in for a page number until the body is laid out: a chapter referred to by a pageRef may
 * come after the reference (the 评分索引表 precedes the chapters it lists). The writer replaces it
 * with the chapter's estimated page, the field's cached result.
 */
export const pageMarker = (index: number) => `\u2063PAGE-${index}\u2063`;
export const PAGE_MARKER = /\u2063PAGE-(\d+)\u2063/g;

export interface Env {
  /** Width available to blocks, in twips. */
  width: number;
  /** Inside a table cell: table font, no first-line indent, no page estimation. */
  cell: null | { header: boolean };
  listDepth: number;
  quote: boolean;
}
