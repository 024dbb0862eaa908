import { BUILTIN_TEMPLATES } from '@bid/document/templates/builtin';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type BidDetail,
  type BidListQuery,
  type CatalogInputNode,
  type CatalogSettings,
  type DragPosition,
  type Quota,
  type SaveBidInput,
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
export const FALLBACK_TEMPLATES: TemplateOption[] = BUILTIN_TEMPLATES.map((t) => ({
  id: t.id,
  name: t.name,
  description: t.description,
}));

export const bidApi = {
  save: (input: SaveBidInput) => api.call(endpoints.saveBid, input),
  list: (q: Partial<BidListQuery>) => api.call(endpoints.getBidList, q, { noDuplicateGuard: true }),
  detail: (id: string, opts?: RequestOptions): Promise<BidDetail> =>
    api.call(endpoints.getBidDetail, { id }, { noDuplicateGuard: true, ...opts }),
  quota: (): Promise<Quota> =>
    api.call(endpoints.getBidQuota, undefined, { noDuplicateGuard: true, silent: true }),
  remove: (id: string) => api.call(endpoints.clientRemoveBid, { id }),
  recover: (id: string) => api.call(endpoints.clientRecoverBid, { id }),
  finish: (id: string) => api.call(endpoints.finishBid, { id }),
  async templates(): Promise<TemplateOption[]> {
    try {
      const list: TemplateOption[] = await api.call(endpoints.findAllTemplate, undefined, { silent: true });
      return Array.isArray(list) && list.length ? list : FALLBACK_TEMPLATES;
    } catch {
      return FALLBACK_TEMPLATES;
    }
  },

  tree: (bidId: string) => api.call(endpoints.getBidCatalogList, { bidId }, { noDuplicateGuard: true }),
  saveOutline: (bidId: string, catalogs: CatalogInputNode[]) =>
    api.call(endpoints.bidCatalogSave, { bidId, catalogs }),
  chapter: (id: string) => api.call(endpoints.getBidCatalogDetail, { id }, { noDuplicateGuard: true }),
  rename: (id: string, title: string) => api.call(endpoints.updateBidCatalogTitle, { id, title }),
  moveUp: (id: string) => api.call(endpoints.moveUpBidCatalog, { id }),
  moveDown: (id: string) => api.call(endpoints.moveDownBidCatalog, { id }),
  removeChapter: (id: string) => api.call(endpoints.removeBidCatalog, { id }),
  addChild: (id: string, title: string) => api.call(endpoints.addLowerLevelBidCatalog, { id, title }),
  addSibling: (id: string, title: string) => api.call(endpoints.addSameLevelBidCatalog, { id, title }),
  addTopLevel: (bidId: string, title: string) => api.call(endpoints.addSameLevelBidCatalog, { bidId, title }),
  drag: (id: string, targetId: string, position: DragPosition) =>
    api.call(endpoints.dragBidCatalog, { id, targetId, position }),
  promote: (id: string) => api.call(endpoints.upGradeBidCatalog, { id }),
  demote: (id: string) => api.call(endpoints.deGradeBidCatalog, { id }),
  settings: (id: string, settings: CatalogSettings) =>
    api.call(endpoints.updateBidCatalogSetting, { id, settings }),
  clearError: (id: string) => api.call(endpoints.removeCatalogErrorStatus, { id }),
  /** Autosave: silent (the editor shows its own state and the 409 dialog), never refused as a duplicate. */
  saveContent: (id: string, content: Record<string, unknown>, baseVersion: number) =>
    api.call(
      endpoints.updateBidCatalogContent,
      { id, content, baseVersion },
      { silent: true, noDuplicateGuard: true },
    ),

  contentVersions: (id: string) =>
    api.call(endpoints.getCatalogContentVersionList, { id }, { noDuplicateGuard: true }),
  contentVersion: (id: string, versionId: string) =>
    api.call(endpoints.getCatalogContentVersionDetail, { id, versionId }, { noDuplicateGuard: true }),
  saveContentVersion: (id: string, name?: string) =>
    api.call(endpoints.saveCatalogContentVersion, { id, name }),
  restoreContentVersion: (id: string, versionId: string, baseVersion: number) =>
    api.call(endpoints.restoreCatalogContentVersion, { id, versionId, baseVersion }),

  outlineVersions: (bidId: string) =>
    api.call(endpoints.getBidCatalogVersionList, { bidId }, { noDuplicateGuard: true }),
  outlineVersion: (id: string) =>
    api.call(endpoints.getBidCatalogVersionDetail, { id }, { noDuplicateGuard: true }),
  saveOutlineVersion: (bidId: string, name?: string) =>
    api.call(endpoints.saveCatalogVersion, { bidId, name }),
  restoreOutlineVersion: (id: string) => api.call(endpoints.restoreCatalogVersion, { id }),
};

/**
 * A page of bids (我的标书, 已完成, 工作台's 最近的标书). Asked again whenever a list is shown: progress
 * moves with every save and every chapter a full-text run writes, and a list kept for the usual 30 s
 * showed 2 % beside a writing screen at 100 % (issue 26: one figure everywhere).
 */
export function useBidList(q: Partial<BidListQuery>) {
  return useQuery({
    queryKey: bidKeys.list(q),
    queryFn: () => bidApi.list(q),
    placeholderData: (prev) => prev,
    refetchOnMount: 'always',
  });
}

export function useBidDetail(id: string | null) {
  return useQuery({
    queryKey: bidKeys.detail(id ?? ''),
    queryFn: () => bidApi.detail(id!),
    enabled: Boolean(id),
  });
}

export function useQuota() {
  return useQuery({ queryKey: bidKeys.quota, queryFn: bidApi.quota, staleTime: 0 });
}

export function useTemplates() {
  return useQuery({ queryKey: ['bid', 'templates'], queryFn: bidApi.templates, staleTime: 5 * 60_000 });
}

export function useCatalogTree(bidId: string | null) {
  return useQuery({
    queryKey: bidKeys.tree(bidId ?? ''),
    queryFn: () => bidApi.tree(bidId!),
    enabled: Boolean(bidId),
  });
}

/** Refreshes what an outline change touches: the tree and the bid (progress). */
export function invalidateOutline(qc: QueryClient, bidId: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: bidKeys.tree(bidId) }),
    qc.invalidateQueries({ queryKey: bidKeys.detail(bidId) }),
  ]);
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
