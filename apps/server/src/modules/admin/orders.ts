import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardSchema, adminOrderItemSchema, adminOrderListQuerySchema, confirmOrderResultSchema, envelopeSchema, idParamSchema, pageSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

/** Dashboard and orders of the console. Registered inside the operator-only scope of routes.ts. */
export function registerAdminOrderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { commerce } = ctx.services;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/dashboard', { schema: { tags, summary: '运营概览', response: { 200: envelopeSchema(adminDashboardSchema) } } }, async () =>
    ok(await commerce.dashboard()),
  );
  r.get(
    '/api/admin/order/list',
    { schema: { tags, summary: '全部订单', querystring: adminOrderListQuerySchema, response: { 200: envelopeSchema(pageSchema(adminOrderItemSchema)) } } },
    async (req) => ok(await commerce.adminOrders(req.query)),
  );
  r.post(
    '/api/admin/order/confirm',
    { schema: { tags, summary: '确认银行转账收款（重复确认不重复到账）', body: idParamSchema, response: { 200: envelopeSchema(confirmOrderResultSchema) } } },
    async (req) => ok(await commerce.confirm(requireAuth(req), req.body.id)),
  );
}
