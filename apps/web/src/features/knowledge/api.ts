import type {
  BusinessBidInput,
  BusinessBidResult,
  CompanyFact,
  FactKind,
  KnowledgeDetail,
  KnowledgeHit,
  KnowledgeListInput,
  KnowledgeListResult,
  KnowledgeSearchInput,
  SaveDocumentInput,
  SaveFactInput,
  UploadedFile,
} from '@bid/shared';
import { api } from '../../api/request.ts';

/** Knowledge base and company library calls (API.md "Knowledge base and company library"). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: (q: Partial<KnowledgeListInput>) => ['knowledge', 'list', q] as const,
  detail: (id: string) => ['knowledge', 'detail', id] as const,
  search: (q: Partial<KnowledgeSearchInput>) => ['knowledge', 'search', q] as const,
  facts: ['knowledge', 'facts'] as const,
};

export const knowledgeApi = {
  /** A DOCX/PDF/TXT through the same upload and safe parser as tenders. */
  upload: (file: File, onProgress?: (percent: number) => void) =>
    api.upload<UploadedFile>('/file/client/uploadTender', file, { silent: true, onProgress: onProgress ? (p) => onProgress(p) : undefined }),
  saveDocument: (input: SaveDocumentInput) => api.post<{ id: string }>('/knowledge/client/saveDocument', input, { silent: true }),
  list: (input: Partial<KnowledgeListInput>) => api.post<KnowledgeListResult>('/knowledge/client/list', input, { noDuplicateGuard: true }),
  detail: (id: string) => api.post<KnowledgeDetail>('/knowledge/client/detail', { id }, { noDuplicateGuard: true }),
  remove: (id: string) => api.post<null>('/knowledge/client/removeDocument', { id }),
  search: (input: Partial<KnowledgeSearchInput> & { query: string }) => api.post<KnowledgeHit[]>('/knowledge/client/search', input, { noDuplicateGuard: true }),
};

export const companyApi = {
  saveFact: (input: SaveFactInput) => api.post<{ id: string }>('/company/client/saveFact', input),
  listFacts: (kind?: FactKind) => api.post<CompanyFact[]>('/company/client/listFacts', kind ? { kind } : {}, { noDuplicateGuard: true }),
  removeFact: (id: string) => api.post<null>('/company/client/removeFact', { id }),
  generateBusinessBid: (input: BusinessBidInput) => api.post<BusinessBidResult>('/company/client/generateBusinessBid', input),
};
