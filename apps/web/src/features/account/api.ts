import { md5 } from 'js-md5';
import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  DEFAULT_TENANT_ID,
  OAUTH_TOKEN_PATH,
  type BidQuota,
  type CaptchaImage,
  type Employee,
  type EmployeeAdd,
  type EmployeeInvitation,
  type MyEmployeeInvitation,
  type AnswerEmployeeInvitation,
  type EmployeeListQuery,
  type HeadNotice,
  type Page,
  type StandardSettings,
  type StandardUpdate,
  type TokenSuccess,
  type UpdateNotice,
  type UserState,
  type VerifyTicket,
  type WechatQr,
} from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/** The accounts calls of API.md and SPEC section 7, typed by the shared schemas. */

const C = '/blade-system/client';

/** Passwords leave the browser only as lowercase hex MD5 (SPEC section 5). */
export function hashPassword(password: string): string {
  return md5(password);
}

export interface LoginParams {
  grant_type: 'sms_code' | 'client_password' | 'social';
  username?: string;
  password?: string;
  code?: string;
  source?: string;
  regist_source?: string;
  invitation_code?: string;
  extension_code?: string;
}

/**
 * POST /blade-auth/oauth/token as a form body (API.md). Its answer has no envelope; a failure
 * (`error_code`, `error_description`) rejects with an ApiError carrying that description.
 */
export function requestToken(
  params: LoginParams,
  captcha?: { key: string; code: string },
  opts: RequestOptions = {},
): Promise<TokenSuccess> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries({ source: 'pc', ...params })) if (v) form.set(k, v);
  return api.post<TokenSuccess>(OAUTH_TOKEN_PATH, form.toString(), {
    // A retry right after a refused captcha repeats the same body with new captcha headers: not a
    // duplicate. The button's loading state stops double clicks.
    noDuplicateGuard: true,
    ...opts,
    tenantId: DEFAULT_TENANT_ID,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(captcha ? { [CAPTCHA_KEY_HEADER]: captcha.key, [CAPTCHA_CODE_HEADER]: captcha.code } : {}),
      ...opts.headers,
    },
  });
}

export const accountApi = {
  sendLoginCode: (phone: string, opts?: RequestOptions) =>
    api.post<null>(`${C}/send-validate-not-auth`, { phone }, opts),
  captcha: (opts?: RequestOptions) =>
    api.get<CaptchaImage>('/system/commonClient/getImage', undefined, { noDuplicateGuard: true, ...opts }),
  wechatQr: (opts?: RequestOptions) =>
    api.post<WechatQr>('/common/client/getWechatQrCode', {}, { noDuplicateGuard: true, ...opts }),
  wechatState: (code: string, opts?: RequestOptions) =>
    api.get<UserState>('/common/client/getUserState', { code }, opts),
  /** Development only (WECHAT_PROVIDER=simulator): confirms a scene as if scanned in WeChat. */
  devWechatConfirm: (code: string, openid: string, nickname?: string) =>
    api.post<UserState>('/dev/wechat/confirm', { code, openid, nickname }),

  quota: (opts?: RequestOptions) =>
    api.post<BidQuota>(`${C}/query-bid-number`, {}, { noDuplicateGuard: true, ...opts }),
  sendOwnCode: (purpose: 'change-phone' | 'change-password' | 'verify') =>
    api.post<null>(`${C}/send-validate-logged`, { purpose }),
  sendPhoneCode: (phone: string) => api.post<null>(`${C}/send-validate`, { phone }),
  validateMessage: (code: string, purpose: 'change-phone' | 'change-password' | 'verify') =>
    api.post<VerifyTicket>(`${C}/validate-message`, { code, purpose }),
  updatePhone: (phone: string, code: string, ticket?: string) =>
    api.post<null>(`${C}/update-phone`, { phone, code, ticket }),
  updatePassword: (body: { newPassword: string; oldPassword?: string; code?: string }) =>
    api.post<null>(`${C}/update-password`, body),
  updateUser: (name: string) => api.post<null>(`${C}/update-user`, { name }),
  standardUpdate: (body: StandardUpdate) => api.post<StandardSettings>(`${C}/standard-update`, body),
  markStalog: (mark: string, path?: string) =>
    api.post<null>(`${C}/mark-stalog`, { mark, path }, { silent: true, noDuplicateGuard: true }),
  closeNotice: (noticeId: string) => api.post<null>(`${C}/closeUserNotice`, { noticeId }),

  headNotice: (opts?: RequestOptions) =>
    api.post<HeadNotice>('/common/client/getHeadNotice', {}, { noDuplicateGuard: true, ...opts }),
  updateNotice: (opts?: RequestOptions) =>
    api.post<UpdateNotice>('/common/client/getUpdateNotice', {}, { noDuplicateGuard: true, ...opts }),

  employees: (q: EmployeeListQuery, opts?: RequestOptions) =>
    api.get<Page<Employee>>(`${C}/employeeList`, q, opts),
  addEmployee: (body: EmployeeAdd) => api.post<EmployeeInvitation>(`${C}/employeeAdd`, body),
  pendingInvitations: (opts?: RequestOptions) => api.get<EmployeeInvitation[]>(`${C}/employeeInvitationList`, {}, opts),
  revokeInvitation: (id: string) => api.post<null>(`${C}/employeeInvitationRevoke`, { id }),
  myInvitations: (opts?: RequestOptions) => api.get<MyEmployeeInvitation[]>(`${C}/myEmployeeInvitations`, {}, opts),
  answerInvitation: (body: AnswerEmployeeInvitation) => api.post<null>(`${C}/answerEmployeeInvitation`, body),
  removeEmployee: (id: string) => api.post<null>(`${C}/employeeRemove`, { id }),
};
