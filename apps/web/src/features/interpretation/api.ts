import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type ModelTier } from '@bid/shared';
import { api } from '../../api/request.ts';
import { saveBlob } from '../../api/download.ts';

/** File interpretation calls (API.md "Tender analysis and file interpretation"), typed from packages/shared. */

/** How often a running interpretation is polled. */
const POLL_MS = 1_000;

export const interpretationKeys = {
  all: ['interpretation'] as const,
  list: (current: number, size: number) => ['interpretation', 'list', current, size] as const,
  detail: (id: string) => ['interpretation', 'detail', id] as const,
};

export const interpretationApi = {
  start: (input: { fileId?: string; text?: string; name?: string; modelType?: ModelTier }) =>
    api.call(endpoints.startAnalysis, input),
  detail: (id: string) => api.call(endpoints.interpretationDetail, { id }, { noDuplicateGuard: true }),
  list: (current: number, size: number) =>
    api.call(endpoints.interpretationList, { current, size }, { noDuplicateGuard: true }),
  remove: (id: string) => api.call(endpoints.interpretationRemove, { id }),
  /** Downloads the report and hands it to the browser as a file save. */
  async exportDocx(id: string, name: string): Promise<void> {
    const r = await api.download(
      endpoints.interpretationExport,
      { id },
      { fileName: `${name}-解读报告.docx` },
    );
    saveBlob(r.blob, r.fileName);
  },
};

export function useInterpretationList(current: number, size: number) {
  return useQuery({
    queryKey: interpretationKeys.list(current, size),
    queryFn: () => interpretationApi.list(current, size),
    placeholderData: keepPreviousData,
    // Rows still being analysed move on their own.
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.status === 'running') ? POLL_MS * 2 : false),
  });
}

/** One interpretation, polled while its job runs. */
export function useInterpretation(id: string | null) {
  return useQuery({
    queryKey: interpretationKeys.detail(id ?? ''),
    queryFn: () => interpretationApi.detail(id!),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? POLL_MS : false),
  });
}

export function useRemoveInterpretation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => interpretationApi.remove(id),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: interpretationKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: interpretationKeys.all });
    },
  });
}
