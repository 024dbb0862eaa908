import type { DiffCreateInput, DiffDetail, DiffListItem, Page, UploadedFile } from '@bid/shared';
import { api } from '../../api/request.ts';

/** 查重 calls (API.md "查重"), typed from packages/shared. */
export const diffKeys = {
  list: (current: number) => ['diff', 'list', current] as const,
  detail: (id: string) => ['diff', 'detail', id] as const,
};

export const diffApi = {
  create: (input: DiffCreateInput) => api.post<{ id: string }>('/diff/client/create', input),
  detail: (id: string) => api.get<DiffDetail>('/diff/client/detail', { id }, { silent: true }),
  list: (current: number, size: number) =>
    api.get<Page<DiffListItem>>('/diff/client/list', { current, size }),
  remove: (id: string) => api.post<null>('/diff/client/remove', { id }),
  /** The Word report as a blob. */
  export: (id: string) =>
    api.download(
      '/diff/client/export',
      { id },
      { method: 'POST', fileName: '查重报告.docx', timeout: 120_000 },
    ),
  /** A DOCX/PDF to compare (or the tender), through the same upload and safe parser as tenders. */
  upload: (file: File, onProgress?: (percent: number) => void) =>
    api.upload<UploadedFile>('/file/client/uploadTender', file, {
      onProgress: onProgress ? (p) => onProgress(p) : undefined,
    }),
};
