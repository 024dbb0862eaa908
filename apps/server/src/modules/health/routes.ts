import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { publicRoutes } from '../../http/route.ts';
import { APP_VERSION } from '../../lib/version.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Readiness for a load balancer: 200 when the database, the storage and the queue answer.
  publicRoutes(app, ['health'])(
    endpoints.ready,
    { summary: '就绪检查（数据库、文件存储、任务队列）', config: { auth: 'none', clientCheck: false } },
    () => ctx.services.health.ready(),
  );
  publicRoutes(app, ['health'])(
    endpoints.health,
    { summary: '健康检查', config: { auth: 'none', clientCheck: false } },
    async () => {
      await ctx.services.health.ping();
      return {
        status: 'ok' as const,
        db: ctx.dbKind,
        ai: ctx.services.aiSetup.providerName,
        version: APP_VERSION,
      };
    },
  );
}
