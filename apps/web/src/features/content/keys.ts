import type { ContentKind } from '@bid/shared';

/**
 * Query keys of the public content. Server rendering fills the same keys (with what
 * ContentReader.list/get/search return) so hydration renders without a request; the light island
 * reads them from the page's payload (landing/payloadQueries.ts). Kept apart from api.ts so the
 * island does not pull in the request layer.
 */
export const contentKeys = {
  all: ['content'] as const,
  list: (kind: ContentKind) => ['content', 'list', kind] as const,
  detail: (kind: ContentKind, code: string) => ['content', 'detail', kind, code] as const,
  search: (q: string) => ['content', 'search', q] as const,
  admin: ['content', 'admin'] as const,
  adminList: (kind: ContentKind) => ['content', 'admin', 'list', kind] as const,
  notices: ['content', 'admin', 'notices'] as const,
};
