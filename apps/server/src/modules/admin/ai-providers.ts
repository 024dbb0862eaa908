import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** AI providers and model tiers: the key goes in once and never comes back. */
export function registerAdminAiProviderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { aiProviders } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminAiProviderList, 'AI 服务商（密钥只显示后 4 位）', () => aiProviders.list());
  route(endpoints.adminAiProviderSave, '新增或修改 AI 服务商（修改时 apiKey 留空则不变）', (actor, body) =>
    aiProviders.save(actor, body),
  );
  route(
    endpoints.adminAiProviderActivate,
    '启用某个 AI 服务商（id 为 null 时恢复服务器自身配置），立即生效',
    (actor, body) => aiProviders.activate(actor, body.id),
  );
  route(endpoints.adminAiProviderRemove, '删除 AI 服务商', (actor, body) =>
    aiProviders.remove(actor, body.id),
  );
}
