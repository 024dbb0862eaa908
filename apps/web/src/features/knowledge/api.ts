import {
  endpoints,
  type BusinessBidInput,
  type FactKind,
  type KnowledgeListInput,
  type KnowledgeSearchInput,
  type SaveDocumentInput,
  type SaveFactInput,
  type UploadProgress,
} from '@bid/shared';
import { api } from '../../api/request.ts';
import { uploadFile } from '../files/upload.ts';

/** Knowledge base and company library calls (API.md "Knowledge base and company library"). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: (q: Partial<KnowledgeListInput>) => ['knowledge', 'list', q] as const,
  detail: (id: string) => ['knowledge', 'detail', id] as const,
  search: (q: Partial<KnowledgeSearchInput>) => ['knowledge', 'search', q] as const,
  facts: ['knowledge', 'facts'] as const,
};

export const knowledgeApi = {
  /** A DOCX/PDF/TXT through the same upload, safe parser and OCR of scans as tenders. */
  upload: (file: File, onPercent?: (percent: number) => void, onOcr?: (p: UploadProgress) => void) =>
    uploadFile(file, { silent: true, onPercent, onOcr }),
  saveDocument: (input: SaveDocumentInput) =>
    api.call(endpoints.knowledgeSaveDocument, input, { silent: true }),
  list: (input: Partial<KnowledgeListInput>) =>
    api.call(endpoints.knowledgeList, input, { noDuplicateGuard: true }),
  detail: (id: string) => api.call(endpoints.knowledgeDetail, { id }, { noDuplicateGuard: true }),
  remove: (id: string) => api.call(endpoints.knowledgeRemoveDocument, { id }),
  search: (input: Partial<KnowledgeSearchInput> & { query: string }) =>
    api.call(endpoints.knowledgeSearch, input, { noDuplicateGuard: true }),
};

export const companyApi = {
  saveFact: (input: SaveFactInput) => api.call(endpoints.companySaveFact, input),
  listFacts: (kind?: FactKind) =>
    api.call(endpoints.companyListFacts, kind ? { kind } : {}, { noDuplicateGuard: true }),
  removeFact: (id: string) => api.call(endpoints.companyRemoveFact, { id }),
  /** OCR of a scanned certificate: proposed fields for the form, nothing saved. */
  readCertificate: (file: File) => api.upload(endpoints.companyReadCertificate, file, { silent: true }),
  generateBusinessBid: (input: BusinessBidInput) => api.call(endpoints.generateBusinessBid, input),
};
