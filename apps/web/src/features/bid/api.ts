import { BUILTIN_TEMPLATES } from '@bid/document/templates/builtin';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BidDetail,
  BidListItem,
  BidListQuery,
  CatalogDetail,
  CatalogInputNode,
  CatalogNode,
  CatalogSettings,
  CatalogVersionDetail,
  CatalogVersionItem,
  ContentVersionDetail,
  ContentVersionItem,
  DragPosition,
  Page,
  Quota,
  SaveBidInput,
  UpdateContentResult,
} from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/**
 * The bid workspace's calls (SPEC section 7, API.md) with their TanStack Query keys. Types come from
 * packages/shared; nothing here re-declares an API shape.
 */

export const bidKeys = {
  all: ['bid'] as const,
  list: (q: Partial<BidListQuery>) => ['bid', 'list', q] as const,
  detail: (id: string) => ['bid', 'detail', id] as const,
  quota: ['bid', 'quota'] as const,
  tree: (bidId: string) => ['catalog', 'tree', bidId] as const,
  outlineVersions: (bidId: string) => ['catalog', 'outlineVersions', bidId] as const,
  contentVersions: (catalogId: string) => ['catalog', 'contentVersions', catalogId] as const,
};

export interface TemplateOption {
  id: string;
  name: string;
  description?: string;
}

/** The built-in templates, shown when the template list cannot be loaded (same ids as the server's). */
export const FALLBACK_TEMPLATES: TemplateOption[] = BUILTIN_TEMPLATES.map((t) => ({ id: t.id, name: t.name, description: t.description }));

export const bidApi = {
  save: (input: SaveBidInput) => api.post<{ id: string }>('/bid/client/saveBid', input),
  list: (q: Partial<BidListQuery>) => api.post<Page<BidListItem>>('/bid/client/getBidList', q, { noDuplicateGuard: true }),
  detail: (id: string, opts?: RequestOptions) => api.post<BidDetail>('/bid/client/getBidDetail', { id }, { noDuplicateGuard: true, ...opts }),
  quota: () => api.post<Quota>('/bid/client/getBidQuota', {}, { noDuplicateGuard: true, silent: true }),
  remove: (id: string) => api.post<null>('/bid/client/clientRemoveBid', { id }),
  recover: (id: string) => api.post<null>('/bid/client/clientRecoverBid', { id }),
  finish: (id: string) => api.post<null>('/bid/client/finishBid', { id }),
  async templates(): Promise<TemplateOption[]> {
    try {
      const list = await api.get<TemplateOption[]>('/bid/templateConfig/findAllTemplate', undefined, { silent: true });
      return Array.isArray(list) && list.length ? list : FALLBACK_TEMPLATES;
    } catch {
      return FALLBACK_TEMPLATES;
    }
  },

  tree: (bidId: string) => api.post<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId }, { noDuplicateGuard: true }),
  saveOutline: (bidId: string, catalogs: CatalogInputNode[]) => api.post<CatalogNode[]>('/catalog/client/bidCatalogSave', { bidId, catalogs }),
  chapter: (id: string) => api.post<CatalogDetail>('/catalog/client/getBidCatalogDetail', { id }, { noDuplicateGuard: true }),
  rename: (id: string, title: string) => api.post<null>('/catalog/client/updateBidCatalogTitle', { id, title }),
  moveUp: (id: string) => api.post<null>('/catalog/client/moveUpBidCatalog', { id }),
  moveDown: (id: string) => api.post<null>('/catalog/client/moveDownBidCatalog', { id }),
  removeChapter: (id: string) => api.post<null>('/catalog/client/removeBidCatalog', { id }),
  addChild: (id: string, title: string) => api.post<{ id: string }>('/catalog/client/addLowerLevelBidCatalog', { id, title }),
  addSibling: (id: string, title: string) => api.post<{ id: string }>('/catalog/client/addSameLevelBidCatalog', { id, title }),
  addTopLevel: (bidId: string, title: string) => api.post<{ id: string }>('/catalog/client/addSameLevelBidCatalog', { bidId, title }),
  drag: (id: string, targetId: string, position: DragPosition) => api.post<null>('/catalog/client/dragBidCatalog', { id, targetId, position }),
  promote: (id: string) => api.post<null>('/catalog/client/upGradeBidCatalog', { id }),
  demote: (id: string) => api.post<null>('/catalog/client/deGradeBidCatalog', { id }),
  settings: (id: string, settings: CatalogSettings) => api.post<CatalogSettings>('/catalog/client/updateBidCatalogSetting', { id, settings }),
  clearError: (id: string) => api.post<null>('/catalog/client/removeCatalogErrorStatus', { id }),
  /** Autosave: silent (the editor shows its own state and the 409 dialog), never refused as a duplicate. */
  saveContent: (id: string, content: unknown, baseVersion: number) =>
    api.post<UpdateContentResult>('/catalog/client/updateBidCatalogContent', { id, content, baseVersion }, { silent: true, noDuplicateGuard: true }),

  contentVersions: (id: string) => api.post<ContentVersionItem[]>('/catalog/client/getCatalogContentVersionList', { id }, { noDuplicateGuard: true }),
  contentVersion: (id: string, versionId: string) => api.post<ContentVersionDetail>('/catalog/client/getCatalogContentVersionDetail', { id, versionId }, { noDuplicateGuard: true }),
  saveContentVersion: (id: string, name?: string) => api.post<{ id: string; versionNo: number }>('/catalog/client/saveCatalogContentVersion', { id, name }),
  restoreContentVersion: (id: string, versionId: string, baseVersion: number) =>
    api.post<{ version: number; content: Record<string, unknown>; wordCount: number; bidProgress: number }>('/catalog/client/restoreCatalogContentVersion', { id, versionId, baseVersion }),

  outlineVersions: (bidId: string) => api.post<CatalogVersionItem[]>('/bid/client/getBidCatalogVersionList', { bidId }, { noDuplicateGuard: true }),
  outlineVersion: (id: string) => api.post<CatalogVersionDetail>('/bid/client/getBidCatalogVersionDetail', { id }, { noDuplicateGuard: true }),
  saveOutlineVersion: (bidId: string, name?: string) => api.post<{ id: string }>('/bid/client/saveCatalogVersion', { bidId, name }),
  restoreOutlineVersion: (id: string) => api.post<{ backupVersionId: string | null; catalogs: CatalogNode[] }>('/bid/client/restoreCatalogVersion', { id }),
};

export function useBidList(q: Partial<BidListQuery>) {
  return useQuery({ queryKey: bidKeys.list(q), queryFn: () => bidApi.list(q), placeholderData: (prev) => prev });
}

export function useBidDetail(id: string | null) {
  return useQuery({ queryKey: bidKeys.detail(id ?? ''), queryFn: () => bidApi.detail(id!), enabled: Boolean(id) });
}

export function useQuota() {
  return useQuery({ queryKey: bidKeys.quota, queryFn: bidApi.quota, staleTime: 0 });
}

export function useTemplates() {
  return useQuery({ queryKey: ['bid', 'templates'], queryFn: bidApi.templates, staleTime: 5 * 60_000 });
}

export function useCatalogTree(bidId: string | null) {
  return useQuery({ queryKey: bidKeys.tree(bidId ?? ''), queryFn: () => bidApi.tree(bidId!), enabled: Boolean(bidId) });
}

/** Refreshes what an outline change touches: the tree and the bid (progress). */
export function invalidateOutline(qc: QueryClient, bidId: string) {
  return Promise.all([qc.invalidateQueries({ queryKey: bidKeys.tree(bidId) }), qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) })]);
}

/** Moves to and from the recycle bin, refreshing every bid list. */
export function useRecycleMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: bidKeys.all });
  return {
    remove: useMutation({ mutationFn: bidApi.remove, onSuccess: done }),
    recover: useMutation({ mutationFn: bidApi.recover, onSuccess: done }),
  };
}
