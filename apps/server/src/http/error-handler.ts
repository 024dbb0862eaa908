import type { FastifyError, FastifyInstance } from 'fastify';
import { Code, DEFAULT_MSG, MSG, httpStatusOf } from '@bid/shared';
import { AppError } from './errors.ts';
import { fail } from './envelope.ts';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Turns a validation failure into one Chinese sentence that names the field. */
export function validationMessage(items: ValidationItem[]): string {
  const first = items[0];
  if (!first) return '请求参数不正确';
  const issue = first.params?.issue;
  const pathParts = issue?.path ?? (first.instancePath ?? '').split('/').filter(Boolean);
  const field = pathParts.map(String).join('.');
  const message = issue?.message ?? first.message ?? '格式不正确';
  // Custom messages already name the field in Chinese (e.g. 手机号格式不正确).
  if (/[\u4e00-\u9fff]{2,}/.test(message) && !/^(无效|期望|输入)/.test(message)) return message;
  return field ? `参数 ${field} 不正确：${message}` : `请求参数不正确：${message}`;
}

/**
 * Maps every thrown error to the envelope and the status of API.md. Stack traces stay in the log.
 */
export function installErrorHandler(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((err: FastifyError & { validation?: ValidationItem[] }, req, reply) => {
    let code: number;
    let msg: string;
    let data: unknown = null;
    if (err instanceof AppError) {
      code = err.code;
      msg = err.message;
      data = err.data;
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    } else if (err.validation) {
      code = Code.BAD_REQUEST;
      msg = validationMessage(err.validation);
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      code = Code.PAYLOAD_TOO_LARGE;
      msg = MSG.bodyTooLarge(Math.max(1, Math.round(bodyLimitBytes / 1024 / 1024)));
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      code = Code.BAD_REQUEST;
      msg = MSG.invalidJson;
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      code = Code.BAD_REQUEST;
      msg = '不支持的请求内容类型';
    } else if (err.statusCode === 414) {
      code = Code.URI_TOO_LONG;
      msg = DEFAULT_MSG[Code.URI_TOO_LONG];
    } else if (err.statusCode === 429) {
      code = Code.TOO_MANY_REQUESTS;
      msg = '操作过于频繁，请稍后再试';
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      code = err.statusCode === 404 ? Code.NOT_FOUND : Code.BAD_REQUEST;
      msg = code === Code.NOT_FOUND ? MSG.apiNotFound(req.url.split('?')[0]) : '请求不正确';
    } else {
      code = Code.SERVER_ERROR;
      msg = MSG.serverError;
      req.log.error({ err }, 'unhandled error');
    }
    if (code >= 500 && !(err instanceof AppError)) {
      /* logged above */
    } else if (code >= 500 && code < 600) {
      // Only real server errors are errors: 4xx and business warnings (601) are answers, logged
      // by the delivery line at info level.
      req.log.error({ err }, 'server error');
    }
    // A failure envelope is not the route's answer: business warnings (601) travel with HTTP 200,
    // so the route's 200 response schema must not be applied to them.
    reply
      .status(httpStatusOf(code))
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send(fail(code, msg, data));
  });
}
