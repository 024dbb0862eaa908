import type { FastifyInstance } from 'fastify';
import {
  adminDashboardSchema,
  adminOrderItemSchema,
  adminOrderListQuerySchema,
  adminRevenueSchema,
  confirmOrderResultSchema,
  idParamSchema,
  pageSchema,
  refundOrderResultSchema,
  refundOrderSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Dashboard, revenue and orders of the console. Registered inside the operator-only scope of routes.ts. */
export function registerAdminOrderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { commerce, commerceConsole, refunds } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route.get('/api/admin/dashboard', { summary: '运营概览', data: adminDashboardSchema }, () =>
    commerce.dashboard(),
  );
  route.get(
    '/api/admin/order/list',
    { summary: '全部订单', input: adminOrderListQuerySchema, data: pageSchema(adminOrderItemSchema) },
    (_, q) => commerce.adminOrders(q),
  );
  route.post(
    '/api/admin/order/confirm',
    {
      summary: '确认银行转账收款（重复确认不重复到账）',
      input: idParamSchema,
      data: confirmOrderResultSchema,
    },
    (actor, body) => commerce.confirm(actor, body.id),
  );
  route.post(
    '/api/admin/order/refund',
    {
      summary: '退款（款项线下退回；收回该订单到账的额度，已用部分无法收回）',
      input: refundOrderSchema,
      data: refundOrderResultSchema,
    },
    (actor, body) => refunds.refund(actor, body),
  );
  route.get(
    '/api/admin/revenue',
    {
      summary: '近 30 天每日数据（北京时间）：新用户、新标书、订单、收入（已付减退款）',
      data: adminRevenueSchema,
    },
    () => commerceConsole.revenue(),
  );
}
