import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { ClientConfigService } from './service.ts';

export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = new ClientConfigService(ctx.db);
  ctx.services.clientConfig = service;
  app.post('/api/common/client/getClientConfig', { config: { auth: 'optional' } }, async () => ok(await service.get()));
}
