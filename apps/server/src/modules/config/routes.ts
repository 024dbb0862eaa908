import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { publicRoutes } from '../../http/route.ts';

export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.clientConfig;
  publicRoutes(app, ['common'])(
    endpoints.clientConfig,
    { summary: '客户端配置（加载提示、客服、备案信息）', config: { auth: 'optional' } },
    () => service.get(),
  );
}
