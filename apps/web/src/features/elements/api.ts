import {
  endpoints,
  type ElementKind,
  type ElementRequest,
  type ElementResult,
  type ImageSearchResult,
  type PictureListQuery,
  type PictureUpdateInput,
} from '@bid/shared';
import { api, type UploadOptions } from '../../api/index.ts';

/** Calls of the rich-elements feature: chapter elements and the picture library. */

const GENERATE = {
  table: endpoints.aiGenerateTable,
  mindmap: endpoints.aiGenerateMindMap,
  flowchart: endpoints.aiGenerateFlowchart,
  gantt: endpoints.aiGenerateGantt,
} satisfies Record<ElementKind, unknown>;

export function generateElement(
  kind: ElementKind,
  req: ElementRequest,
  signal?: AbortSignal,
): Promise<ElementResult> {
  // Regenerating the same chapter twice within a second is a real wish, not a double click.
  return api.call(GENERATE[kind], req, { signal, noDuplicateGuard: Boolean(req.replace) });
}

export function searchImages(req: ElementRequest, signal?: AbortSignal): Promise<ImageSearchResult> {
  return api.call(endpoints.aiSearchImages, req, { signal });
}

export const pictureApi = {
  list: (q: Partial<PictureListQuery>) => api.call(endpoints.pictureList, q, { noDuplicateGuard: true }),
  tags: () => api.call(endpoints.pictureTags, undefined, { noDuplicateGuard: true }),
  update: (input: PictureUpdateInput) => api.call(endpoints.pictureUpdate, input),
  remove: (ids: string[]) => api.call(endpoints.pictureRemove, { ids }),
  upload: (file: File, fields: { name?: string; tags?: string }, opts: UploadOptions = {}) => {
    const present: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields)) if (v) present[k] = v;
    return api.upload(endpoints.pictureUpload, file, { ...opts, fields: present });
  },
};
