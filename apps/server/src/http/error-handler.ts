import type { FastifyError, FastifyInstance } from 'fastify';
import { Code, DEFAULT_MSG, MSG, httpStatusOf } from '@bid/shared';
import { AppError } from './errors.ts';
import { fail } from './envelope.ts';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Chinese names of the fields most calls share; the key is shown too (the API's own name). */
const FIELD_LABELS: Record<string, string> = {
  id: '编号',
  ids: '编号列表',
  bidId: '标书',
  catalogId: '章节',
  targetId: '目标章节',
  versionId: '版本',
  fileId: '文件',
  noticeId: '公告',
  packageId: '套餐',
  orderIds: '订单',
  couponCode: '优惠码',
  selection: '选中的文字',
  instruction: '补充要求',
  query: '搜索内容',
  keyword: '关键词',
  title: '标题',
  name: '名称',
  content: '内容',
  settings: '章节设置',
  catalogs: '目录',
  phone: '手机号',
  code: '验证码',
  email: '邮箱',
  current: '页码',
  size: '每页条数',
  pageCount: '页数',
  modelType: '模型类型',
  tenderText: '招标文件内容',
  baseVersion: '基准版本',
};

/** zod's zh-CN messages still name types in English ("期望 string，实际接收 object"). */
const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值（true/false）',
  object: '对象',
  array: '数组',
  date: '日期',
  undefined: '空',
  nan: '非数字',
  symbol: '符号',
  function: '函数',
  map: '映射',
  set: '集合',
  file: '文件',
};

function chineseTypes(message: string): string {
  return message.replace(
    /\b(string|number|int|bigint|boolean|object|array|date|undefined|nan|symbol|function|map|set|file)\b/g,
    (w) => TYPE_NAMES[w] ?? w,
  );
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
  if (
    /[\u4e00-\u9fff]{2,}/.test(message) &&
    !/^(无效|期望|输入|数值过|字符串|数组|对象|未知|意外|包含不)/.test(message)
  )
    return message;
  const key = [...pathParts].reverse().find((p) => typeof p === 'string');
  const label = typeof key === 'string' ? FIELD_LABELS[key] : undefined;
  const name = field ? (label ? `${label}（${field}）` : field) : '';
  if (/实际接收 undefined$/.test(message)) return name ? `缺少参数 ${name}` : '缺少必填参数';
  const text = chineseTypes(message);
  return name ? `参数 ${name} 不正确：${text}` : `请求参数不正确：${text}`;
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
    } else if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err instanceof SyntaxError ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
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
      .send(fail(code, msg, data, req.id));
  });
}
