import { endpoints } from '@bid/shared';
import { api } from '../../api/request.ts';

/** Word export calls (findAllTemplate, background export with progress, the file). */
export const exportKeys = {
  templates: ['export', 'templates'] as const,
  capabilities: ['export', 'capabilities'] as const,
};

export const exportApi = {
  templates: () => api.call(endpoints.findAllTemplate),
  start: (bidId: string, templateId: string) => api.call(endpoints.exportBidStart, { id: bidId, templateId }),
  progress: (jobId: string, signal?: AbortSignal) =>
    api.call(endpoints.exportBidProgress, { jobId }, { silent: true, signal }),
  capabilities: () => api.call(endpoints.exportCapabilities, undefined, { silent: true }),
  /** The tender's volumes in one zip, each a .docx or a .pdf; written while the call waits. */
  volumes: (bidId: string, templateId: string | null, format: 'docx' | 'pdf') =>
    api.download(endpoints.exportBid, { id: bidId, templateId, volumes: [], format }, { timeout: 720_000 }),
  /** The finished file as a blob (for the in-browser preview and the save). */
  file: (jobId: string, fileName: string) =>
    api.download(endpoints.exportBidFile, { jobId }, { fileName, timeout: 300_000 }),
};
