import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import {
  captchaImageSchema,
  devWechatConfirmSchema,
  sendLoginCodeSchema,
  userStateQuerySchema,
  userStateSchema,
  wechatQrSchema,
} from '../schemas/auth.ts';
import { headNoticeSchema, partnerSchema, updateNoticeSchema } from '../schemas/common.ts';
import { healthSchema, readySchema } from '../schemas/health.ts';
import { clientConfigSchema } from '../schemas/config.ts';
import {
  answerEmployeeInvitationSchema,
  employeeAddSchema,
  employeeInvitationRevokeSchema,
  employeeInvitationSchema,
  employeeListQuerySchema,
  employeeRemoveSchema,
  employeeSchema,
  myEmployeeInvitationSchema,
} from '../schemas/employee.ts';
import { nullSchema } from '../schemas/responses.ts';
import {
  bidQuotaSchema,
  closeUserNoticeSchema,
  markStalogSchema,
  sendOwnCodeSchema,
  sendPhoneCodeSchema,
  standardSettingsSchema,
  standardUpdateSchema,
  updatePasswordSchema,
  updatePhoneSchema,
  updateUserSchema,
  userInfoSchema,
  validateMessageSchema,
  verifyTicketSchema,
} from '../schemas/user.ts';
import { get, post, type Out } from './define.ts';

const C = '/blade-system/client';

/**
 * Logging in and out, the account centre, notices, the client configuration and employees.
 * The token call itself (OAUTH_TOKEN_PATH) is not a row: it takes a form body and answers without
 * the envelope (API.md "Authentication").
 */
export const accountEndpoints = {
  userInfo: post<Out<typeof userInfoSchema>>(`${C}/get-userInfo`, null, userInfoSchema),
  logout: get<null>('/blade-auth/oauth/logout', null, nullSchema),
  sendLoginCode: post<null, typeof sendLoginCodeSchema>(
    `${C}/send-validate-not-auth`,
    sendLoginCodeSchema,
    nullSchema,
  ),
  captchaImage: get<Out<typeof captchaImageSchema>>(
    '/system/commonClient/getImage',
    null,
    captchaImageSchema,
  ),
  wechatQrCode: post<Out<typeof wechatQrSchema>>('/common/client/getWechatQrCode', null, wechatQrSchema),
  wechatUserState: get<Out<typeof userStateSchema>, typeof userStateQuerySchema>(
    '/common/client/getUserState',
    userStateQuerySchema,
    userStateSchema,
  ),
  /** Development only (WECHAT_PROVIDER=simulator): confirms a scene as if scanned in WeChat. */
  devWechatConfirm: post<Out<typeof userStateSchema>, typeof devWechatConfirmSchema>(
    '/dev/wechat/confirm',
    devWechatConfirmSchema,
    userStateSchema,
  ),

  queryBidNumber: post<Out<typeof bidQuotaSchema>>(`${C}/query-bid-number`, null, bidQuotaSchema),
  sendOwnCode: post<null, typeof sendOwnCodeSchema>(
    `${C}/send-validate-logged`,
    sendOwnCodeSchema,
    nullSchema,
  ),
  sendPhoneCode: post<null, typeof sendPhoneCodeSchema>(
    `${C}/send-validate`,
    sendPhoneCodeSchema,
    nullSchema,
  ),
  validateMessage: post<Out<typeof verifyTicketSchema>, typeof validateMessageSchema>(
    `${C}/validate-message`,
    validateMessageSchema,
    verifyTicketSchema,
  ),
  updatePhone: post<null, typeof updatePhoneSchema>(`${C}/update-phone`, updatePhoneSchema, nullSchema),
  updatePassword: post<null, typeof updatePasswordSchema>(
    `${C}/update-password`,
    updatePasswordSchema,
    nullSchema,
  ),
  updateUser: post<null, typeof updateUserSchema>(`${C}/update-user`, updateUserSchema, nullSchema),
  standardUpdate: post<Out<typeof standardSettingsSchema>, typeof standardUpdateSchema>(
    `${C}/standard-update`,
    standardUpdateSchema,
    standardSettingsSchema,
  ),
  markStalog: post<null, typeof markStalogSchema>(`${C}/mark-stalog`, markStalogSchema, nullSchema),
  closeUserNotice: post<null, typeof closeUserNoticeSchema>(
    `${C}/closeUserNotice`,
    closeUserNoticeSchema,
    nullSchema,
  ),

  cooperatePartners: post<Out<typeof partnerSchema>[]>(
    '/common/client/getCooperatePartnerList',
    null,
    z.array(partnerSchema),
  ),
  health: get<Out<typeof healthSchema>>('/health', null, healthSchema),
  ready: get<Out<typeof readySchema>>('/ready', null, readySchema),
  headNotice: post<Out<typeof headNoticeSchema>>('/common/client/getHeadNotice', null, headNoticeSchema),
  updateNotice: post<Out<typeof updateNoticeSchema>>(
    '/common/client/getUpdateNotice',
    null,
    updateNoticeSchema,
  ),
  clientConfig: post<Out<typeof clientConfigSchema>>(
    '/common/client/getClientConfig',
    null,
    clientConfigSchema,
  ),

  employeeList: get<
    Out<ReturnType<typeof pageSchema<typeof employeeSchema>>>,
    typeof employeeListQuerySchema
  >(`${C}/employeeList`, employeeListQuerySchema, pageSchema(employeeSchema)),
  employeeAdd: post<Out<typeof employeeInvitationSchema>, typeof employeeAddSchema>(
    `${C}/employeeAdd`,
    employeeAddSchema,
    employeeInvitationSchema,
  ),
  employeeInvitationList: get<Out<typeof employeeInvitationSchema>[]>(
    `${C}/employeeInvitationList`,
    null,
    z.array(employeeInvitationSchema),
  ),
  employeeInvitationRevoke: post<null, typeof employeeInvitationRevokeSchema>(
    `${C}/employeeInvitationRevoke`,
    employeeInvitationRevokeSchema,
    nullSchema,
  ),
  myEmployeeInvitations: get<Out<typeof myEmployeeInvitationSchema>[]>(
    `${C}/myEmployeeInvitations`,
    null,
    z.array(myEmployeeInvitationSchema),
  ),
  answerEmployeeInvitation: post<null, typeof answerEmployeeInvitationSchema>(
    `${C}/answerEmployeeInvitation`,
    answerEmployeeInvitationSchema,
    nullSchema,
  ),
  employeeRemove: post<null, typeof employeeRemoveSchema>(
    `${C}/employeeRemove`,
    employeeRemoveSchema,
    nullSchema,
  ),
} as const;
