import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bidLogItemSchema,
  createOrderResultSchema,
  createOrderSchema,
  envelopeSchema,
  oneselfListSchema,
  orderItemSchema,
  packageItemSchema,
  pageQuerySchema,
  pageSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

const tags = ['套餐与订单'];

/** API.md "Commerce": packages (public), orders and quota movements of the caller. */
export function registerCommerceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.commerce;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/client/indexShow',
    { config: { auth: 'none' }, schema: { tags, summary: '在售套餐（无需登录）', response: { 200: envelopeSchema(z.array(packageItemSchema)) } } },
    async () => ok(await service.packages()),
  );
  r.post(
    '/api/order/client/create',
    { schema: { tags, summary: '下单（银行转账：返回转账信息，运营确认收款后到账）', body: createOrderSchema, response: { 200: envelopeSchema(createOrderResultSchema) } } },
    async (req) => ok(await service.createOrder(requireAuth(req), req.body)),
  );
  r.get(
    '/api/order/client/oneselfOrderList',
    { schema: { tags, summary: '我的订单', querystring: pageQuerySchema, response: { 200: envelopeSchema(pageSchema(orderItemSchema)) } } },
    async (req) => ok(await service.myOrders(requireAuth(req), req.query)),
  );
  r.get(
    '/api/order/client/oneselfList',
    { schema: { tags, summary: '我的额度与已购套餐（企业用户为企业共享额度）', response: { 200: envelopeSchema(oneselfListSchema) } } },
    async (req) => ok(await service.oneself(requireAuth(req))),
  );
  r.get(
    '/api/order/userBidLog/client/list',
    { schema: { tags, summary: '额度变动明细', querystring: pageQuerySchema, response: { 200: envelopeSchema(pageSchema(bidLogItemSchema)) } } },
    async (req) => ok(await service.bidLog(requireAuth(req), req.query)),
  );
}
