import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Dashboard, revenue and orders of the console. Registered inside the operator-only scope of routes.ts. */
export function registerAdminOrderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { commerce, commerceConsole, refunds } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminDashboard, '运营概览', () => commerce.dashboard());
  route(endpoints.adminOrderList, '全部订单', (_, q) => commerce.adminOrders(q));
  route(endpoints.adminOrderConfirm, '确认银行转账收款（重复确认不重复到账）', (actor, body) =>
    commerce.confirm(actor, body.id),
  );
  route(
    endpoints.adminOrderRefund,
    '退款（款项线下退回；收回该订单到账的额度，已用部分无法收回）',
    (actor, body) => refunds.refund(actor, body),
  );
  route(
    endpoints.adminRevenue,
    '近 30 天每日数据（北京时间）：新用户、新标书、订单、收入（已付减退款）',
    () => commerceConsole.revenue(),
  );
}
