import type { ExportJobProgress, ExportJobStarted, ExportTemplateItem } from '@bid/shared';
import { api } from '../../api/request.ts';

/** Word export calls (findAllTemplate, background export with progress, the file). */
export const exportKeys = {
  templates: ['export', 'templates'] as const,
};

export const exportApi = {
  templates: () => api.get<ExportTemplateItem[]>('/bid/templateConfig/findAllTemplate'),
  start: (bidId: string, templateId: string) => api.post<ExportJobStarted>('/bid/client/exportBidStart', { id: bidId, templateId }),
  progress: (jobId: string, signal?: AbortSignal) =>
    api.get<ExportJobProgress>('/bid/client/exportBidProgress', { jobId }, { silent: true, signal }),
  /** The finished file as a blob (for the in-browser preview and the save). */
  file: (jobId: string, fileName: string) =>
    api.download('/bid/client/exportBidFile', { jobId }, { method: 'GET', fileName, timeout: 300_000 }),
};
