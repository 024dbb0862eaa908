import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { publicRoutes, userRoutes } from '../../http/route.ts';
import { WechatPayError } from './wechat-pay.ts';
import { CouponRefusal } from './coupons.ts';
import { AttemptThrottle, COUPON_ATTEMPTS } from '../../http/attempts.ts';
import { formatWait } from '../auth/util.ts';
import type { Actor } from '../../policy/actor.ts';

const tags = ['套餐与订单'];

/** API.md "Commerce": packages (public), orders and quota movements of the caller. */
export function registerCommerceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.commerce;
  publicRoutes(app, tags)(endpoints.indexShow, '在售套餐（无需登录）', () => service.packages());
  const route = userRoutes(app, tags);
  const guard = couponGuard(ctx);
  route(
    endpoints.createOrder,
    {
      summary: '下单（银行转账：返回转账信息，运营确认收款后到账）',
      description: COUPON_LIMIT_DOC,
    },
    (actor, body, req) =>
      body.couponCode
        ? guard(actor, req.ip, () => service.createOrder(actor, body))
        : service.createOrder(actor, body),
  );
  route(
    endpoints.enjoyDiscounts,
    { summary: '使用优惠码后的价格（下单时才计入使用次数）', description: COUPON_LIMIT_DOC },
    (actor, body, req) => guard(actor, req.ip, () => service.enjoyDiscounts(body)),
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

const COUPON_LIMIT_DOC =
  '不存在的优惠码计一次失败：同一账号错 3 次后、同一地址错 10 次后，' +
  '每次再试须等待 2、4、8…秒（最长 15 分钟），等待期间返回 429（msg 含等待时间，响应头 Retry-After），不核对优惠码。';

/**
 * Coupon guesses limited per account and per address with a growing delay (COUPON_ATTEMPTS): a
 * call made while either waits is refused with 429 before the code is looked at; an unknown code
 * counts one failure on both.
 */
function couponGuard(ctx: AppContext) {
  const throttle = new AttemptThrottle(ctx.services.accounts.limiter);
  return async <T>(actor: Actor, ip: string, run: () => Promise<T>): Promise<T> => {
    const keys = [
      [`coupon:acct:${actor.userId}`, COUPON_ATTEMPTS.account],
      [`coupon:ip:${ip}`, COUPON_ATTEMPTS.address],
    ] as const;
    await throttle.check(keys, (s) => `优惠码尝试次数过多，请 ${formatWait(s)}后再试`);
    try {
      return await run();
    } catch (err) {
      if (err instanceof CouponRefusal) await throttle.failed(keys);
      throw err;
    }
  };
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
