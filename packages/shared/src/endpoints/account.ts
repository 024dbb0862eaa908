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
import { headNoticeSchema, updateNoticeSchema } from '../schemas/common.ts';
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
import { get, post, type In, type Out } from './define.ts';

const C = '/blade-system/client';

/**
 * Logging in and out, the account centre, notices, the client configuration and employees.
 * The token call itself (OAUTH_TOKEN_PATH) is not a row: it takes a form body and answers without
 * the envelope (API.md "Authentication").
 */
export const accountEndpoints = {
  userInfo: post<Out<typeof userInfoSchema>>(`${C}/get-userInfo`, null, userInfoSchema),
  logout: get<null>('/blade-auth/oauth/logout', null, nullSchema),
  sendLoginCode: post<null, In<typeof sendLoginCodeSchema>>(
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
  wechatUserState: get<Out<typeof userStateSchema>, In<typeof userStateQuerySchema>>(
    '/common/client/getUserState',
    userStateQuerySchema,
    userStateSchema,
  ),
  /** Development only (WECHAT_PROVIDER=simulator): confirms a scene as if scanned in WeChat. */
  devWechatConfirm: post<Out<typeof userStateSchema>, In<typeof devWechatConfirmSchema>>(
    '/dev/wechat/confirm',
    devWechatConfirmSchema,
    userStateSchema,
  ),

  queryBidNumber: post<Out<typeof bidQuotaSchema>>(`${C}/query-bid-number`, null, bidQuotaSchema),
  sendOwnCode: post<null, In<typeof sendOwnCodeSchema>>(
    `${C}/send-validate-logged`,
    sendOwnCodeSchema,
    nullSchema,
  ),
  sendPhoneCode: post<null, In<typeof sendPhoneCodeSchema>>(
    `${C}/send-validate`,
    sendPhoneCodeSchema,
    nullSchema,
  ),
  validateMessage: post<Out<typeof verifyTicketSchema>, In<typeof validateMessageSchema>>(
    `${C}/validate-message`,
    validateMessageSchema,
    verifyTicketSchema,
  ),
  updatePhone: post<null, In<typeof updatePhoneSchema>>(`${C}/update-phone`, updatePhoneSchema, nullSchema),
  updatePassword: post<null, In<typeof updatePasswordSchema>>(
    `${C}/update-password`,
    updatePasswordSchema,
    nullSchema,
  ),
  updateUser: post<null, In<typeof updateUserSchema>>(`${C}/update-user`, updateUserSchema, nullSchema),
  standardUpdate: post<Out<typeof standardSettingsSchema>, In<typeof standardUpdateSchema>>(
    `${C}/standard-update`,
    standardUpdateSchema,
    standardSettingsSchema,
  ),
  markStalog: post<null, In<typeof markStalogSchema>>(`${C}/mark-stalog`, markStalogSchema, nullSchema),
  closeUserNotice: post<null, In<typeof closeUserNoticeSchema>>(
    `${C}/closeUserNotice`,
    closeUserNoticeSchema,
    nullSchema,
  ),

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
    In<typeof employeeListQuerySchema>
  >(`${C}/employeeList`, employeeListQuerySchema, pageSchema(employeeSchema)),
  employeeAdd: post<Out<typeof employeeInvitationSchema>, In<typeof employeeAddSchema>>(
    `${C}/employeeAdd`,
    employeeAddSchema,
    employeeInvitationSchema,
  ),
  employeeInvitationList: get<Out<typeof employeeInvitationSchema>[]>(
    `${C}/employeeInvitationList`,
    null,
    z.array(employeeInvitationSchema),
  ),
  employeeInvitationRevoke: post<null, In<typeof employeeInvitationRevokeSchema>>(
    `${C}/employeeInvitationRevoke`,
    employeeInvitationRevokeSchema,
    nullSchema,
  ),
  myEmployeeInvitations: get<Out<typeof myEmployeeInvitationSchema>[]>(
    `${C}/myEmployeeInvitations`,
    null,
    z.array(myEmployeeInvitationSchema),
  ),
  answerEmployeeInvitation: post<null, In<typeof answerEmployeeInvitationSchema>>(
    `${C}/answerEmployeeInvitation`,
    answerEmployeeInvitationSchema,
    nullSchema,
  ),
  employeeRemove: post<null, In<typeof employeeRemoveSchema>>(
    `${C}/employeeRemove`,
    employeeRemoveSchema,
    nullSchema,
  ),
} as const;
