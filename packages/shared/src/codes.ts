/**
 * Result codes of the API envelope (API.md "Codes"). The single source for server and client.
 */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A URL longer than the server reads (the JSON envelope is still sent). */
  URI_TOO_LONG: 414,
  TOO_MANY_REQUESTS: 429,
  /** Request headers over the server's limit. */
  HEADERS_TOO_LARGE: 431,
  SERVER_ERROR: 500,
  BUSINESS_WARNING: 601,
  BLOB_SILENT: 10013,
  ACCEPTED_PROCESSING: 10014,
  ACCEPTED_PROCESSING_2: 10015,
  SILENT_REJECT: 40000,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** HTTP status for each code: the status mirrors the class of the code (API.md). */
export function httpStatusOf(code: number): number {
  if (code === Code.BUSINESS_WARNING) return 200;
  if (code === Code.ACCEPTED_PROCESSING || code === Code.ACCEPTED_PROCESSING_2) return 200;
  if (code === Code.SILENT_REJECT) return 400;
  if (code === Code.BLOB_SILENT) return 500;
  if (code >= 200 && code < 600) return code;
  return 500;
}

/** Default user-facing text per code, used when a thrower gives none. */
export const DEFAULT_MSG: Record<number, string> = {
  200: '操作成功',
  400: '请求参数不正确',
  401: '登录失效，请重新登录',
  403: '没有权限访问该资源',
  404: '请求的资源不存在',
  409: '内容已被他人更新，请刷新后再保存',
  413: '提交的内容过大',
  414: '请求地址过长，请缩短参数后重试',
  431: '请求头过大（可能是 Cookie 过多），请清除本站 Cookie 后重试',
  429: '操作过于频繁，请稍后再试',
  500: '服务器开小差了，请稍后再试',
  601: '操作未能完成',
  10013: '导出失败',
  10014: '任务正在处理中',
  10015: '任务正在处理中',
  40000: '请求已被忽略',
};
