import { endpoints, type RequestOf } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

export const templateConsoleApi = {
  list: (opts?: RequestOptions) => api.call(endpoints.adminTemplateList, undefined, opts),
  update: (input: RequestOf<typeof endpoints.adminTemplateUpdate>, opts?: RequestOptions) =>
    api.call(endpoints.adminTemplateUpdate, input, opts),
  setDefault: (id: string, opts?: RequestOptions) =>
    api.call(endpoints.adminTemplateSetDefault, { id }, opts),
};

export const templateConsoleKeys = { list: ['template-console', 'list'] as const };
