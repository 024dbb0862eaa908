import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { publicRoutes } from '../../http/route.ts';

/** Public help, FAQ and news (what /help, /question, /dynamic and /search.html show). */
export function registerContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { content } = ctx.services;
  const route = publicRoutes(app, ['content']);
  route(endpoints.contentList, '帮助、常见问题或动态列表（只含已发布）', (q) => content.list(q.kind));
  route(
    endpoints.contentDetail,
    { summary: '一篇帮助、问题或动态', description: '按编码（或编号）查找；不存在或未发布时为 404。' },
    (q) => content.get(q.kind, q.code),
  );
  route(
    endpoints.contentSearch,
    { summary: '搜索帮助、常见问题和动态', description: '空格分隔的每个词都须出现；返回摘录和高亮位置。' },
    (q) => content.search(q.q),
  );
}
