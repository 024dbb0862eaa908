import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import { adminTemplateItemSchema, adminTemplateUpdateSchema } from '../schemas/template-console.ts';
import { get, post, type Out } from './define.ts';

/** Word templates in the console: enable, default, display name and order. */
export const templateConsoleEndpoints = {
  adminTemplateList: get<Out<typeof adminTemplateItemSchema>[]>(
    '/admin/template/list',
    null,
    z.array(adminTemplateItemSchema),
  ),
  adminTemplateUpdate: post<Out<typeof adminTemplateItemSchema>[], typeof adminTemplateUpdateSchema>(
    '/admin/template/update',
    adminTemplateUpdateSchema,
    z.array(adminTemplateItemSchema),
  ),
  adminTemplateSetDefault: post<Out<typeof adminTemplateItemSchema>[], typeof idParamSchema>(
    '/admin/template/setDefault',
    idParamSchema,
    z.array(adminTemplateItemSchema),
  ),
} as const;
