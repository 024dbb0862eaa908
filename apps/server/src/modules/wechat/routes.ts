import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code, endpoints, plainText } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { publicRoutes } from '../../http/route.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { enforceLimit } from '../auth/util.ts';
import { parseWechatXml, sceneEventOf, verifyWechatSignature } from './provider.ts';

const callbackQuerySchema = z.object({
  signature: plainText().max(64).optional(),
  timestamp: plainText().max(20).optional(),
  nonce: plainText().max(64).optional(),
  echostr: plainText().max(256).optional(),
  openid: plainText().max(64).optional(),
});

/** How far WeChat's timestamp may be from ours before a push is treated as a replay. */
const CALLBACK_MAX_SKEW_SECONDS = 300;

export async function registerWechatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { wechat, limiter, clock } = ctx.services.accounts;
  const open = publicRoutes(app, ['auth']);
  const qrHelp =
    '返回扫码编号 code 与二维码图片地址 qrUrl（5 分钟有效）。之后每 2 秒调用 getUserState?code=，状态为 confirmed 时用 grant_type=social&code= 登录。';
  open(endpoints.wechatQrCode, { summary: '开始微信扫码登录', description: qrHelp }, async (_input, req) => {
    await enforceLimit(limiter, `wechat:qr:${req.ip}`, 30, 600, '获取二维码');
    return wechat.start();
  });
  const stateHelp =
    'waiting 等待扫码，scanned 已扫码待确认，confirmed 已确认（可登录），expired 已过期或已使用。';
  open(endpoints.wechatUserState, { summary: '微信扫码登录状态', description: stateHelp }, async (q) => ({
    state: await wechat.state(q.code),
  }));

  if (wechat.provider.name === 'official') {
    const token = ctx.config.WECHAT_TOKEN ?? '';
    const checkSignature = (q: z.infer<typeof callbackQuerySchema>) => {
      if (!verifyWechatSignature(token, q)) throw new AppError(Code.FORBIDDEN, '签名校验失败');
      const skew = Math.abs(clock.now() / 1000 - Number(q.timestamp));
      if (!Number.isFinite(skew) || skew > CALLBACK_MAX_SKEW_SECONDS)
        throw new AppError(Code.FORBIDDEN, '请求已过期');
    };
    // WeChat's server calls these: no client credentials, XML bodies (plaintext or compatible mode).
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        ['text/xml', 'application/xml'],
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_req, body, done) => done(null, body),
      );
      const s = scope.withTypeProvider<ZodTypeProvider>();
      const routeConfig = { auth: 'none' as const, clientCheck: false };
      s.get(
        '/api/wechat/callback',
        {
          config: routeConfig,
          schema: { tags: ['auth'], summary: '微信服务器地址校验', querystring: callbackQuerySchema },
        },
        async (req, reply) => {
          checkSignature(req.query);
          reply.type('text/plain; charset=utf-8');
          return req.query.echostr ?? '';
        },
      );
      s.post(
        '/api/wechat/callback',
        {
          config: routeConfig,
          schema: {
            tags: ['auth'],
            summary: '微信事件推送（扫码 SCAN / 关注 subscribe）',
            querystring: callbackQuerySchema,
          },
        },
        async (req, reply) => {
          checkSignature(req.query);
          const event = typeof req.body === 'string' ? sceneEventOf(parseWechatXml(req.body)) : null;
          if (event && event.scene.length <= 64) {
            const confirmed = await wechat.confirm(event.scene, event.openid, null);
            req.log.info({ event: event.event, confirmed }, 'wechat scene event');
          }
          // WeChat wants "success" (or an empty body) or it retries three times.
          reply.type('text/plain; charset=utf-8');
          return 'success';
        },
      );
    });
  }

  if (wechat.provider.name === 'simulator' && ctx.config.NODE_ENV !== 'production') {
    const help =
      '仅在 WECHAT_PROVIDER=simulator 且非生产环境时存在。step=scan 只标记已扫码，默认 confirm 完成确认。';
    publicRoutes(app, ['dev'])(
      endpoints.devWechatConfirm,
      { summary: '开发用：模拟微信扫码确认', description: help },
      async (body) => {
        const { code, openid, nickname, step } = body;
        const done =
          step === 'scan'
            ? await wechat.markScanned(code)
            : await wechat.confirm(code, openid, nickname ?? null);
        if (!done) throw badRequest('二维码已失效或已确认');
        return { state: await wechat.state(code) };
      },
    );
  }
}
