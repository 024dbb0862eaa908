import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, healthSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { APP_VERSION } from '../../lib/version.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { auth: 'none', clientCheck: false },
      schema: { tags: ['health'], summary: '健康检查', response: { 200: envelopeSchema(healthSchema) } },
    },
    async () => {
      await ctx.services.health.ping();
      return ok({
        status: 'ok' as const,
        db: ctx.dbKind,
        ai: ctx.services.aiSetup.providerName,
        version: APP_VERSION,
      });
    },
  );
}
