import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicRoutes } from '../../http/route.ts';
import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  Code,
  endpoints,
  httpStatusOf,
  MSG,
  type TokenFailure,
  tokenRequestSchema,
  tokenSuccessSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { validationMessage } from '../../http/error-handler.ts';
import { setSessionCookies } from '../../http/session-cookie.ts';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.length <= 256 ? s : undefined;
}

/** Login (token) and login codes. */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { auth, sms } = ctx.services.accounts;

  // Plain app.post: the answer is a TokenSuccess or a TokenFailure, not a typed envelope.
  app.post(
    '/api/blade-auth/oauth/token',
    {
      config: { auth: 'none' },
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: '登录 / 注册（返回不带信封）',
        description:
          '参数可放在表单体（application/x-www-form-urlencoded）、JSON 或查询串中。grant_type：sms_code（username=手机号，code=短信验证码；新手机号首次登录即注册，' +
          '记录 regist_source / invitation_code / extension_code）、client_password（username=手机号或账号，password=密码的小写 MD5；需要请求头 Captcha-Key / Captcha-Code）、' +
          'social（code=已确认的微信扫码编号，一次有效）。成功时同时设置 Cookie：Admin-Token（令牌，HttpOnly，SameSite=Lax，HTTPS 时 Secure）与 Admin-Session（可读的随机标记，不是令牌）。请求头 Tenant-Id 可省略（默认 000000），账号按手机号/账号全局查找。' +
          '密码错误：同一账号在同一地址错 3 次后、同一账号错 10 次后、同一地址错 20 次后，每次再试须等待 2、4、8…秒（最长 15 分钟，仅账号一项最长 5 分钟），等待期间返回 429（Retry-After）；正确密码在等待结束后即可登录。失败时返回 { success:false, error_code, error_description }。',
        querystring: tokenRequestSchema.partial(),
        body: tokenRequestSchema.partial(),
        // Failures (TokenFailure: success false, error_code, error_description) are written as they are:
        // declaring them here would also run the global error handler's envelope through that schema.
        response: { 200: tokenSuccessSchema },
      },
    },
    async (req, reply) => {
      const failWith = (code: number, description: string): TokenFailure => {
        // The typed reply only knows the 200 schema: a failure sets its status directly.
        reply.statusCode = httpStatusOf(code) === 200 ? 400 : httpStatusOf(code);
        return { success: false, error_code: code, error_description: description, request_id: req.id };
      };
      try {
        const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
        const query = req.query && typeof req.query === 'object' ? req.query : {};
        const parsed = tokenRequestSchema.safeParse({ ...query, ...body });
        if (!parsed.success) {
          return failWith(
            Code.BAD_REQUEST,
            validationMessage(parsed.error.issues.map((issue) => ({ params: { issue } }))),
          );
        }
        const answer = await auth.token(parsed.data, {
          ip: req.ip,
          userAgent: header(req, 'user-agent'),
          captchaKey: header(req, CAPTCHA_KEY_HEADER),
          captchaCode: header(req, CAPTCHA_CODE_HEADER),
        });
        // The web app keeps no token: the HttpOnly cookie carries it (API clients use the answer's).
        setSessionCookies(req, reply, answer.access_token, answer.expires_in);
        return answer;
      } catch (err) {
        if (err instanceof AppError) {
          for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
          return failWith(err.code, err.message);
        }
        req.log.error({ err }, 'login failed unexpectedly');
        return failWith(Code.SERVER_ERROR, MSG.serverError);
      }
    },
  );

  publicRoutes(app, ['auth'])(
    endpoints.sendLoginCode,
    {
      summary: '发送登录短信验证码',
      description:
        '6 位数字，5 分钟内有效，一次有效，错误 5 次作废。同一手机号 60 秒 1 条、每天 10 条，同一 IP 每天 30 条；超限返回 429（msg 含等待时间，响应头 Retry-After）。',
    },
    (body, req) => sms.send(body.phone, 'login', req.ip),
  );
}
