import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bidLogItemSchema,
  createOrderResultSchema,
  createOrderSchema,
  enjoyDiscountsResultSchema,
  enjoyDiscountsSchema,
  envelopeSchema,
  idParamSchema,
  payMethodsSchema,
  oneselfListSchema,
  orderItemSchema,
  packageItemSchema,
  pageQuerySchema,
  pageSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { WechatPayError } from './wechat-pay.ts';

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
  r.post(
    '/api/order/client/enjoy-discounts',
    { schema: { tags, summary: '使用优惠码后的价格（下单时才计入使用次数）', body: enjoyDiscountsSchema, response: { 200: envelopeSchema(enjoyDiscountsResultSchema) } } },
    async (req) => ok(await service.enjoyDiscounts(req.body)),
  );
  r.post(
    '/api/order/client/cancel',
    { schema: { tags, summary: '取消自己的待付款订单（退回优惠码使用次数）', body: idParamSchema, response: { 200: envelopeSchema(orderItemSchema) } } },
    async (req) => ok(await service.cancel(requireAuth(req), req.body.id)),
  );
  r.get(
    '/api/order/client/oneselfOrderList',
    { schema: { tags, summary: '我的订单', querystring: pageQuerySchema, response: { 200: envelopeSchema(pageSchema(orderItemSchema)) } } },
    async (req) => ok(await service.myOrders(requireAuth(req), req.query)),
  );
  r.get(
    '/api/order/client/payMethods',
    { schema: { tags, summary: '可用的支付方式（微信支付仅在配置后出现）', response: { 200: envelopeSchema(payMethodsSchema) } } },
    async () => ok({ methods: service.payMethods() }),
  );
  r.get(
    '/api/order/client/orderDetail',
    { schema: { tags, summary: '我的一个订单（支付页轮询状态）', querystring: idParamSchema, response: { 200: envelopeSchema(orderItemSchema) } } },
    async (req) => ok(await service.myOrder(requireAuth(req), req.query.id)),
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
  registerWechatPayNotify(app, ctx);
}

const notifyAnswer = z.object({ code: z.string(), message: z.string() });

/**
 * WeChat Pay's payment notification (only when configured). Called by WeChat, not our client: no
 * Basic or marker check; the platform signature over the raw body is the authentication. Answers
 * in WeChat's own shape: 200 `{ code: SUCCESS }`, otherwise 4xx `{ code: FAIL, message }` (it retries).
 */
function registerWechatPayNotify(app: FastifyInstance, ctx: AppContext): void {
  const provider = ctx.services.wechatPay;
  if (!provider) return;
  const service = ctx.services.commerce;
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/order/wechat/notify',
      { config: { auth: 'none', clientCheck: false }, schema: { tags, summary: '微信支付结果通知（验签、解密、核对金额；重复通知不重复到账）', response: { 200: notifyAnswer, 400: notifyAnswer, 401: notifyAnswer, 500: notifyAnswer } } },
      async (req, reply) => {
        try {
          const paid = provider.parseNotification(req.headers, typeof req.body === 'string' ? req.body : '');
          if (paid) await service.providerPaid('wechat', paid.orderId, paid.total);
          return { code: 'SUCCESS', message: '成功' };
        } catch (err) {
          const status: 400 | 401 | 500 = err instanceof WechatPayError ? (err.status === 401 ? 401 : 400) : err instanceof AppError ? 400 : 500;
          if (status === 500) req.log.error({ err }, 'wechat pay notification failed');
          return reply.code(status).send({ code: 'FAIL', message: err instanceof Error ? err.message : '失败' });
        }
      },
    );
  });
}
