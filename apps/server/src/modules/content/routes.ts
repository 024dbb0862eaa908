import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentDetailQuerySchema,
  contentDetailSchema,
  contentListItemSchema,
  contentListQuerySchema,
  contentSearchHitSchema,
  contentSearchQuerySchema,
  envelopeSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';

/** Public help, FAQ and news (what /help, /question, /dynamic and /search.html show). */
export function registerContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { content } = ctx.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  r.get(
    '/api/content/client/list',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: '帮助、常见问题或动态列表（只含已发布）',
        querystring: contentListQuerySchema,
        response: { 200: envelopeSchema(z.array(contentListItemSchema)) },
      },
    },
    async (req) => ok(await content.list(req.query.kind)),
  );
  r.get(
    '/api/content/client/detail',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: '一篇帮助、问题或动态',
        description: '按编码（或编号）查找；不存在或未发布时为 404。',
        querystring: contentDetailQuerySchema,
        response: { 200: envelopeSchema(contentDetailSchema) },
      },
    },
    async (req) => ok(await content.get(req.query.kind, req.query.code)),
  );
  r.get(
    '/api/content/client/search',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: '搜索帮助、常见问题和动态',
        description: '空格分隔的每个词都须出现；返回摘录和高亮位置。',
        querystring: contentSearchQuerySchema,
        response: { 200: envelopeSchema(z.array(contentSearchHitSchema)) },
      },
    },
    async (req) => ok(await content.search(req.query.q)),
  );
}
