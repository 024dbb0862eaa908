import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDashboardSchema,
  adminOrderItemSchema,
  adminOrderListQuerySchema,
  adminRevenueSchema,
  confirmOrderResultSchema,
  envelopeSchema,
  idParamSchema,
  pageSchema,
  refundOrderResultSchema,
  refundOrderSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

/** Dashboard, revenue and orders of the console. Registered inside the operator-only scope of routes.ts. */
export function registerAdminOrderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { commerce, commerceConsole, refunds } = ctx.services;
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
  r.post(
    '/api/admin/order/refund',
    { schema: { tags, summary: '退款（款项线下退回；收回该订单到账的额度，已用部分无法收回）', body: refundOrderSchema, response: { 200: envelopeSchema(refundOrderResultSchema) } } },
    async (req) => ok(await refunds.refund(requireAuth(req), req.body)),
  );
  r.get('/api/admin/revenue', { schema: { tags, summary: '近 30 天每日数据（北京时间）：新用户、新标书、订单、收入（已付减退款）', response: { 200: envelopeSchema(adminRevenueSchema) } } }, async () =>
    ok(await commerceConsole.revenue()),
  );
}
