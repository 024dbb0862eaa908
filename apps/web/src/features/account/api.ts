import { md5 } from 'js-md5';
import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  DEFAULT_TENANT_ID,
  endpoints,
  OAUTH_TOKEN_PATH,
  type AnswerEmployeeInvitation,
  type EmployeeAdd,
  type EmployeeListQuery,
  type StandardUpdate,
  type TokenSuccess,
  type UpdatePassword,
} from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/** The accounts calls of API.md and SPEC section 7, typed by the shared schemas. */

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

/** Whose phone a logged-in code goes to, and why (API.md send-validate-logged). */
type OwnPhonePurpose = 'change-phone' | 'change-password' | 'verify';

export const accountApi = {
  sendLoginCode: (phone: string, opts?: RequestOptions) => api.call(endpoints.sendLoginCode, { phone }, opts),
  captcha: (opts?: RequestOptions) =>
    api.call(endpoints.captchaImage, undefined, { noDuplicateGuard: true, ...opts }),
  wechatQr: (opts?: RequestOptions) =>
    api.call(endpoints.wechatQrCode, undefined, { noDuplicateGuard: true, ...opts }),
  wechatState: (code: string, opts?: RequestOptions) => api.call(endpoints.wechatUserState, { code }, opts),
  /** Development only (WECHAT_PROVIDER=simulator): confirms a scene as if scanned in WeChat. */
  devWechatConfirm: (code: string, openid: string, nickname?: string) =>
    api.call(endpoints.devWechatConfirm, { code, openid, nickname }),

  quota: (opts?: RequestOptions) =>
    api.call(endpoints.queryBidNumber, undefined, { noDuplicateGuard: true, ...opts }),
  sendOwnCode: (purpose: OwnPhonePurpose) => api.call(endpoints.sendOwnCode, { purpose }),
  sendPhoneCode: (phone: string) => api.call(endpoints.sendPhoneCode, { phone }),
  validateMessage: (code: string, purpose: OwnPhonePurpose) =>
    api.call(endpoints.validateMessage, { code, purpose }),
  updatePhone: (phone: string, code: string, ticket?: string) =>
    api.call(endpoints.updatePhone, { phone, code, ticket }),
  updatePassword: (body: UpdatePassword) => api.call(endpoints.updatePassword, body),
  updateUser: (name: string) => api.call(endpoints.updateUser, { name }),
  standardUpdate: (body: StandardUpdate) => api.call(endpoints.standardUpdate, body),
  markStalog: (mark: string, path?: string) =>
    api.call(endpoints.markStalog, { mark, path }, { silent: true, noDuplicateGuard: true }),
  closeNotice: (noticeId: string) => api.call(endpoints.closeUserNotice, { noticeId }),

  headNotice: (opts?: RequestOptions) =>
    api.call(endpoints.headNotice, undefined, { noDuplicateGuard: true, ...opts }),
  updateNotice: (opts?: RequestOptions) =>
    api.call(endpoints.updateNotice, undefined, { noDuplicateGuard: true, ...opts }),

  employees: (q: EmployeeListQuery, opts?: RequestOptions) => api.call(endpoints.employeeList, q, opts),
  addEmployee: (body: EmployeeAdd) => api.call(endpoints.employeeAdd, body),
  pendingInvitations: (opts?: RequestOptions) => api.call(endpoints.employeeInvitationList, undefined, opts),
  revokeInvitation: (id: string) => api.call(endpoints.employeeInvitationRevoke, { id }),
  myInvitations: (opts?: RequestOptions) => api.call(endpoints.myEmployeeInvitations, undefined, opts),
  answerInvitation: (body: AnswerEmployeeInvitation) => api.call(endpoints.answerEmployeeInvitation, body),
  removeEmployee: (id: string) => api.call(endpoints.employeeRemove, { id }),
};
