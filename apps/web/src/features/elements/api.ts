import type {
  ElementKind,
  ElementRequest,
  ElementResult,
  ImageSearchResult,
  Page,
  PictureItem,
  PictureListQuery,
  PictureTagCount,
  PictureUpdateInput,
} from '@bid/shared';
import { api, type UploadOptions } from '../../api/index.ts';

/** Calls of the rich-elements feature: chapter elements and the picture library. */

const GENERATE_PATH: Record<ElementKind, string> = {
  table: '/ai/client/aiGenerateTable',
  mindmap: '/ai/client/aiGenerateMindMap',
  flowchart: '/ai/client/aiGenerateFlowchart',
  gantt: '/ai/client/aiGenerateGantt',
};

export function generateElement(kind: ElementKind, req: ElementRequest, signal?: AbortSignal): Promise<ElementResult> {
  // Regenerating the same chapter twice within a second is a real wish, not a double click.
  return api.post<ElementResult>(GENERATE_PATH[kind], req, { signal, noDuplicateGuard: Boolean(req.replace) });
}

export function searchImages(req: ElementRequest, signal?: AbortSignal): Promise<ImageSearchResult> {
  return api.post<ImageSearchResult>('/ai/client/aiSearchImages', req, { signal });
}

export const pictureApi = {
  list: (q: Partial<PictureListQuery>) => api.post<Page<PictureItem>>('/picture/client/list', q, { noDuplicateGuard: true }),
  tags: () => api.post<PictureTagCount[]>('/picture/client/tags', {}, { noDuplicateGuard: true }),
  update: (input: PictureUpdateInput) => api.post<PictureItem>('/picture/client/update', input),
  remove: (ids: string[]) => api.post<{ removed: number }>('/picture/client/remove', { ids }),
  upload: (file: File, fields: { name?: string; tags?: string }, opts: UploadOptions = {}) =>
    api.upload<PictureItem>('/picture/client/upload', file, {
      ...opts,
      fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as Record<string, string>,
    }),
};
