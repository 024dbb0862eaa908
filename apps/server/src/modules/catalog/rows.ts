import { newId } from '../../lib/ids.ts';
import type { CatalogRow } from './repo.ts';

/** A new chapter row with no content; callers override what they know (id, settings, content...). */
export function blankRow(
  bidId: string,
  parentId: string | null,
  level: number,
  title: string,
  sortKey: number,
  now: string,
): CatalogRow {
  return {
    id: newId(),
    bid_id: bidId,
    parent_id: parentId,
    title: title.trim(),
    level,
    sort_key: sortKey,
    status: 'empty',
    progress: 0,
    word_count: 0,
    target_words: null,
    settings: null,
    scoring_items: null,
    engine: null,
    has_content: 0,
    version: 0,
    content_version_seq: 0,
    created_at: now,
    updated_at: now,
    content: null,
  };
}
