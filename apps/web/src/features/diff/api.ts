import { endpoints, type DiffCreateInput, type UploadProgress } from '@bid/shared';
import { api } from '../../api/request.ts';
import { uploadFile } from '../files/upload.ts';

/** 查重 calls (API.md "查重"), typed from packages/shared. */
export const diffKeys = {
  list: (current: number) => ['diff', 'list', current] as const,
  detail: (id: string) => ['diff', 'detail', id] as const,
};

export const diffApi = {
  create: (input: DiffCreateInput) => api.call(endpoints.diffCreate, input),
  detail: (id: string) => api.call(endpoints.diffDetail, { id }, { silent: true }),
  list: (current: number, size: number) => api.call(endpoints.diffList, { current, size }),
  remove: (id: string) => api.call(endpoints.diffRemove, { id }),
  /** The Word report as a blob. */
  export: (id: string) =>
    api.download(endpoints.diffExport, { id }, { fileName: '查重报告.docx', timeout: 120_000 }),
  /** A DOCX/PDF to compare (or the tender), through the same upload, safe parser and OCR as tenders. */
  upload: (file: File, onPercent?: (percent: number) => void, onOcr?: (p: UploadProgress) => void) =>
    uploadFile(file, { onPercent, onOcr }),
};
