import { endpoints, type RequestOf } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/** The console's AI providers, through the shared endpoint table. */
export const aiProviderApi = {
  list: (opts?: RequestOptions) => api.call(endpoints.adminAiProviderList, undefined, opts),
  save: (input: RequestOf<typeof endpoints.adminAiProviderSave>, opts?: RequestOptions) =>
    api.call(endpoints.adminAiProviderSave, input, opts),
  activate: (id: string | null, opts?: RequestOptions) =>
    api.call(endpoints.adminAiProviderActivate, { id }, opts),
  remove: (id: string, opts?: RequestOptions) => api.call(endpoints.adminAiProviderRemove, { id }, opts),
};

export const aiProviderKeys = { list: ['ai-provider', 'list'] as const };
