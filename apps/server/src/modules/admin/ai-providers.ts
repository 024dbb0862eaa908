import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiProviderActivateSchema, aiProviderItemSchema, aiProviderListSchema, aiProviderSaveSchema, envelopeSchema, idParamSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

/** AI providers and model tiers: the key goes in once and never comes back. */
export function registerAdminAiProviderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { aiProviders } = ctx.services;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/ai-provider/list', { schema: { tags, summary: 'AI 服务商（密钥只显示后 4 位）', response: { 200: envelopeSchema(aiProviderListSchema) } } }, async () =>
    ok(await aiProviders.list()),
  );
  r.post(
    '/api/admin/ai-provider/save',
    { schema: { tags, summary: '新增或修改 AI 服务商（修改时 apiKey 留空则不变）', body: aiProviderSaveSchema, response: { 200: envelopeSchema(aiProviderItemSchema) } } },
    async (req) => ok(await aiProviders.save(requireAuth(req), req.body)),
  );
  r.post(
    '/api/admin/ai-provider/activate',
    { schema: { tags, summary: '启用某个 AI 服务商（id 为 null 时恢复服务器自身配置），立即生效', body: aiProviderActivateSchema, response: { 200: envelopeSchema(aiProviderListSchema) } } },
    async (req) => ok(await aiProviders.activate(requireAuth(req), req.body.id)),
  );
  r.post('/api/admin/ai-provider/remove', { schema: { tags, summary: '删除 AI 服务商', body: idParamSchema, response: { 200: envelopeSchema(aiProviderListSchema) } } }, async (req) =>
    ok(await aiProviders.remove(requireAuth(req), req.body.id)),
  );
}
