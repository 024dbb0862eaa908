import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTemplateItemSchema,
  adminTemplateUpdateSchema,
  envelopeSchema,
  idParamSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

const listSchema = envelopeSchema(z.array(adminTemplateItemSchema));

/** Word templates: list (disabled too), enable or disable, default, display name and order. */
export function registerAdminTemplateRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { templateConsole } = ctx.services;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/template/list',
    { schema: { tags, summary: 'Word 导出模板（含停用的）', response: { 200: listSchema } } },
    async () => ok(await templateConsole.list()),
  );
  r.post(
    '/api/admin/template/update',
    {
      schema: {
        tags,
        summary: '修改模板的显示名称、排序、启用状态',
        body: adminTemplateUpdateSchema,
        response: { 200: listSchema },
      },
    },
    async (req) => ok(await templateConsole.update(req.body)),
  );
  r.post(
    '/api/admin/template/setDefault',
    { schema: { tags, summary: '设为默认模板', body: idParamSchema, response: { 200: listSchema } } },
    async (req) => ok(await templateConsole.setDefault(req.body.id)),
  );
}
