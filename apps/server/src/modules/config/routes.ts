import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';

export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.clientConfig;
  app.post('/api/common/client/getClientConfig', { config: { auth: 'optional' } }, async () => ok(await service.get()));
}
