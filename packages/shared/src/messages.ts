/** User-facing texts that both sides need (SPEC sections 5 and 8). */
export const MSG = {
  duplicateSubmit: '数据正在处理，请勿重复提交',
  loginExpired: '登录失效，请重新登录',
  networkError: '网络开小差了，请稍后再试，或联系客服',
  timeout: '请求超时，请稍后再试，或联系客服',
  invalidJson: '请求内容不是有效的 JSON',
  tooDeep: (max: number) => `请求内容嵌套层级过深（最多 ${max} 层）`,
  bodyTooLarge: (limitMb: number) => `提交的内容过大，不能超过 ${limitMb} MB`,
  badClient: '客户端认证失败',
  missingMarker: '非法请求：缺少请求标记',
  apiNotFound: (path: string) => `接口不存在：${path}`,
  serverError: '服务器开小差了，请稍后再试',
  pcBrowser: '请使用PC浏览器打开',
  confirmTitle: '系统提示',
  confirmOk: '确定',
  confirmCancel: '取消',
  promptInvalid: '输入的数据不合法',
  downloadFailed: '下载失败，请稍后再试',
  /** A screen action failed for a reason other than an answer of the server (which says its own). */
  actionFailed: '操作没有完成，请稍后再试',
} as const;

/** SPEC section 8, first status table: action text per HTTP status. */
export const STATUS_TEXT_PRIMARY: Record<number | 'default', string> = {
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
};

/** SPEC section 8, second client wording. */
export const STATUS_TEXT_SECONDARY: Record<number | 'default' | 'noResponse', string> = {
  401: '登录状态已过期，需要重新登录',
  403: '没有权限访问该资源',
  404: '服务器资源不存在',
  500: '服务器内部错误',
  noResponse: '请求超时，服务器无响应！',
  default: '未知错误！',
};

export function statusTextPrimary(status: number): string {
  return STATUS_TEXT_PRIMARY[status] ?? STATUS_TEXT_PRIMARY.default;
}
export function statusTextSecondary(status: number | undefined): string {
  if (status === undefined) return STATUS_TEXT_SECONDARY.noResponse;
  return STATUS_TEXT_SECONDARY[status] ?? STATUS_TEXT_SECONDARY.default;
}
