import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { publicRoutes, userRoutes } from '../../http/route.ts';
import { WechatPayError } from './wechat-pay.ts';

const tags = ['套餐与订单'];

/** API.md "Commerce": packages (public), orders and quota movements of the caller. */
export function registerCommerceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.commerce;
  publicRoutes(app, tags)(endpoints.indexShow, '在售套餐（无需登录）', () => service.packages());
  const route = userRoutes(app, tags);
  route(endpoints.createOrder, '下单（银行转账：返回转账信息，运营确认收款后到账）', (actor, body) =>
    service.createOrder(actor, body),
  );
  route(endpoints.enjoyDiscounts, '使用优惠码后的价格（下单时才计入使用次数）', (_actor, body) =>
    service.enjoyDiscounts(body),
  );
  route(endpoints.cancelOrder, '取消自己的待付款订单（退回优惠码使用次数）', (actor, body) =>
    service.cancel(actor, body.id),
  );
  route(endpoints.oneselfOrderList, '我的订单', (actor, q) => service.myOrders(actor, q));
  route(endpoints.payMethods, '可用的支付方式（微信支付仅在配置后出现）', () => ({
    methods: service.payMethods(),
  }));
  route(endpoints.orderDetail, '我的一个订单（支付页轮询状态）', (actor, q) => service.myOrder(actor, q.id));
  route(endpoints.oneselfList, '我的额度与已购套餐（企业用户为企业共享额度）', (actor) =>
    service.oneself(actor),
  );
  route(endpoints.userBidLogList, '额度变动明细', (actor, q) => service.bidLog(actor, q));
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
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/order/wechat/notify',
      {
        config: { auth: 'none', clientCheck: false },
        schema: {
          tags,
          summary: '微信支付结果通知（验签、解密、核对金额；重复通知不重复到账）',
          response: { 200: notifyAnswer, 400: notifyAnswer, 401: notifyAnswer, 500: notifyAnswer },
        },
      },
      async (req, reply) => {
        try {
          const paid = provider.parseNotification(req.headers, typeof req.body === 'string' ? req.body : '');
          if (paid) await service.providerPaid('wechat', paid.orderId, paid.total);
          return { code: 'SUCCESS', message: '成功' };
        } catch (err) {
          const status: 400 | 401 | 500 =
            err instanceof WechatPayError
              ? err.status === 401
                ? 401
                : 400
              : err instanceof AppError
                ? 400
                : 500;
          if (status === 500) req.log.error({ err }, 'wechat pay notification failed');
          return reply
            .code(status)
            .send({ code: 'FAIL', message: err instanceof Error ? err.message : '失败' });
        }
      },
    );
  });
}
