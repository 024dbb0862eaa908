import type { ContentKind } from '@bid/shared';

/** Tables of migration 1400 (public content). */
export interface ContentTable {
  id: string;
  kind: ContentKind;
  /** The URL name, unique per kind: /help/{code}.html, /question/{code}.html, /dynamic/{code}.html. */
  code: string;
  title: string;
  summary: string;
  category: string;
  /** Markdown. */
  body: string;
  /** Folded plain text of title, summary and body (searchText): what search matches against. */
  search_text: string;
  published: number;
  sort: number;
  created_at: string;
  updated_at: string;
}
