import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientConfigSchema, envelopeSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';

export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.clientConfig;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/common/client/getClientConfig',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['common'],
        summary: '客户端配置（加载提示、客服、备案信息）',
        response: { 200: envelopeSchema(clientConfigSchema) },
      },
    },
    async () => ok(await service.get()),
  );
}
