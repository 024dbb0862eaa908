import { endpoints } from '@bid/shared';
import { api } from '../../api/request.ts';

/** Word export calls (findAllTemplate, background export with progress, the file). */
export const exportKeys = {
  templates: ['export', 'templates'] as const,
};

export const exportApi = {
  templates: () => api.call(endpoints.findAllTemplate),
  start: (bidId: string, templateId: string) => api.call(endpoints.exportBidStart, { id: bidId, templateId }),
  progress: (jobId: string, signal?: AbortSignal) =>
    api.call(endpoints.exportBidProgress, { jobId }, { silent: true, signal }),
  /** The finished file as a blob (for the in-browser preview and the save). */
  file: (jobId: string, fileName: string) =>
    api.download(endpoints.exportBidFile, { jobId }, { fileName, timeout: 300_000 }),
};
