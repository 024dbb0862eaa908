import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { publicRoutes } from '../../http/route.ts';
import { enforceLimit } from '../auth/util.ts';

export function registerCaptchaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { captcha, limiter } = ctx.services.accounts;
  const description =
    '答案只存哈希；5 分钟内有效，校验一次即失效（无论对错），不区分大小写。登录时放在请求头 Captcha-Key / Captcha-Code。';
  publicRoutes(app, ['auth'])(
    endpoints.captchaImage,
    { summary: '图形验证码', description },
    async (_input, req) => {
      // Each captcha is a database row: cap how fast one address can make them.
      await enforceLimit(limiter, `captcha:ip:${req.ip}`, 120, 600, '获取验证码');
      return captcha.create();
    },
  );
}
