import { queryOptions } from '@tanstack/react-query';
import { endpoints, type ContentKind, type RequestOf } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';
import { contentKeys } from './keys.ts';

/** Public help, FAQ and news, and their console, through the shared endpoint table. */
export const contentApi = {
  list: (kind: ContentKind, opts?: RequestOptions) => api.call(endpoints.contentList, { kind }, opts),
  detail: (kind: ContentKind, code: string, opts?: RequestOptions) =>
    api.call(endpoints.contentDetail, { kind, code }, opts),
  search: (q: string, opts?: RequestOptions) => api.call(endpoints.contentSearch, { q }, opts),
};

export const adminContentApi = {
  list: (kind: ContentKind, opts?: RequestOptions) => api.call(endpoints.adminContentList, { kind }, opts),
  save: (input: RequestOf<typeof endpoints.adminContentSave>, opts?: RequestOptions) =>
    api.call(endpoints.adminContentSave, input, opts),
  publish: (id: string, published: boolean, opts?: RequestOptions) =>
    api.call(endpoints.adminContentPublish, { id, published }, opts),
  remove: (id: string, opts?: RequestOptions) => api.call(endpoints.adminContentDelete, { id }, opts),
  notices: (opts?: RequestOptions) => api.call(endpoints.adminNoticeList, undefined, opts),
  saveNotice: (input: RequestOf<typeof endpoints.adminNoticeSave>, opts?: RequestOptions) =>
    api.call(endpoints.adminNoticeSave, input, opts),
  publishNotice: (id: string, published: boolean, opts?: RequestOptions) =>
    api.call(endpoints.adminNoticePublish, { id, published }, opts),
  removeNotice: (id: string, opts?: RequestOptions) => api.call(endpoints.adminNoticeDelete, { id }, opts),
};

/** Published texts change rarely: what the page was rendered with stays fresh for a while. */
const PUBLIC_STALE_MS = 5 * 60_000;

export const contentQueries = {
  list: (kind: ContentKind) =>
    queryOptions({
      queryKey: contentKeys.list(kind),
      queryFn: () => contentApi.list(kind, { silent: true }),
      staleTime: PUBLIC_STALE_MS,
    }),
  // A missing article is the 404 page, not a toast.
  detail: (kind: ContentKind, code: string) =>
    queryOptions({
      queryKey: contentKeys.detail(kind, code),
      queryFn: () => contentApi.detail(kind, code, { silent: true }),
      staleTime: PUBLIC_STALE_MS,
    }),
  search: (q: string) =>
    queryOptions({
      queryKey: contentKeys.search(q),
      queryFn: () => contentApi.search(q, { silent: true }),
      staleTime: PUBLIC_STALE_MS,
      enabled: q.trim() !== '',
    }),
};
