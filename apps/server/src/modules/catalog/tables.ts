import type { CatalogStatus, ContentVersionSource, OutlineVersionSource } from '@bid/shared';

/** Tables of a bid's outline (migration 0200): chapters, outline versions, content versions. */

export interface CatalogTable {
  id: string;
  bid_id: string;
  parent_id: string | null;
  title: string;
  level: number;
  sort_key: number;
  status: CatalogStatus;
  progress: number;
  word_count: number;
  /** Words of the chapter's own text: placeholders, notices, text repeated from the tender left out (1500). */
  own_words?: number;
  target_words: number | null;
  /** JSON: { requirement?, include?, noText? } */
  settings: string | null;
  /** JSON array of the scoring items the chapter answers. */
  scoring_items: string | null;
  engine: string | null;
  has_content: number;
  /** Optimistic-concurrency version of the content. */
  version: number;
  content_version_seq: number;
  /** Knowledge (0800): JSON array of the passages the last AI write used (getBidCatalogDetail.sources). */
  ai_sources?: string | null;
  created_at: string;
  updated_at: string;
  /** ProseMirror JSON. */
  content: string | null;
}

export interface CatalogVersionTable {
  id: string;
  bid_id: string;
  name: string;
  source: OutlineVersionSource;
  chapter_count: number;
  created_by: string | null;
  created_at: string;
  /** JSON tree of the whole outline, with the content of every chapter that had some. */
  snapshot: string;
}

export interface CatalogContentVersionTable {
  id: string;
  catalog_id: string;
  bid_id: string;
  version_no: number;
  name: string;
  source: ContentVersionSource;
  engine: string | null;
  word_count: number;
  content_hash: string;
  created_by: string | null;
  created_at: string;
  content: string;
}
