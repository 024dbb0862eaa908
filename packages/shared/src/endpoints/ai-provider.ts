import { idParamSchema } from '../schemas/common.ts';
import {
  aiProviderActivateSchema,
  aiProviderItemSchema,
  aiProviderListSchema,
  aiProviderSaveSchema,
} from '../schemas/ai-provider.ts';
import { get, post, type Out } from './define.ts';

/** The console's AI providers (keys never come back). */
export const aiProviderEndpoints = {
  adminAiProviderList: get<Out<typeof aiProviderListSchema>>(
    '/admin/ai-provider/list',
    null,
    aiProviderListSchema,
  ),
  adminAiProviderSave: post<Out<typeof aiProviderItemSchema>, typeof aiProviderSaveSchema>(
    '/admin/ai-provider/save',
    aiProviderSaveSchema,
    aiProviderItemSchema,
  ),
  adminAiProviderActivate: post<Out<typeof aiProviderListSchema>, typeof aiProviderActivateSchema>(
    '/admin/ai-provider/activate',
    aiProviderActivateSchema,
    aiProviderListSchema,
  ),
  adminAiProviderRemove: post<Out<typeof aiProviderListSchema>, typeof idParamSchema>(
    '/admin/ai-provider/remove',
    idParamSchema,
    aiProviderListSchema,
  ),
} as const;
