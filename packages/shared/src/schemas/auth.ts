import { z } from 'zod';
import { plainText } from './text.ts';
import { PHONE_PATTERN } from '../validators.ts';

/** Login, SMS codes, captcha and WeChat QR login (SPEC sections 4 and 7, API.md "Authentication"). */

export const GRANT_TYPES = ['sms_code', 'client_password', 'social'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** What an SMS code may be used for; a code works only for the purpose (and phone) it was sent for. */
export const SMS_PURPOSES = ['login', 'bind-phone', 'change-phone', 'change-password', 'verify'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const AUTH_LIMITS = {
  smsCodeLength: 6,
  smsCodeTtlSeconds: 5 * 60,
  smsMaxWrongTries: 5,
  smsResendSeconds: 60,
  smsPerPhonePerDay: 10,
  smsPerIpPerDay: 30,
  captchaTtlSeconds: 5 * 60,
  passwordMaxWrong: 5,
  passwordLockSeconds: 15 * 60,
  /** Short-lived proof that the user just entered a code sent to their own phone (validate-message). */
  ticketTtlSeconds: 10 * 60,
  wechatQrTtlSeconds: 5 * 60,
  /** Password length in the browser, before MD5. */
  passwordMinLength: 8,
  passwordMaxLength: 64,
  usernameMaxLength: 64,
  nameMaxLength: 30,
  /** Granted bid units an inviter receives when someone registers with their invite code. */
  inviteRewardBids: 1,
} as const;

export const phoneSchema = plainText({
  error: (iss) => (iss.input === undefined ? '请输入手机号' : '手机号格式不正确'),
})
  .trim()
  .min(1, '请输入手机号')
  .max(20, '手机号格式不正确')
  .regex(PHONE_PATTERN, '手机号格式不正确');

export const smsCodeSchema = plainText({
  error: (iss) => (iss.input === undefined ? '请输入短信验证码' : '短信验证码应为 6 位数字'),
})
  .trim()
  .min(1, '请输入短信验证码')
  .regex(/^\d{6}$/, '短信验证码应为 6 位数字');

/** The client sends the password as lowercase hex MD5 (SPEC section 5); never the clear text. */
export const passwordMd5Schema = plainText({
  error: (iss) => (iss.input === undefined ? '请输入密码' : '密码格式不正确'),
})
  .trim()
  .min(1, '请输入密码')
  .max(64, '密码格式不正确')
  .regex(/^[0-9a-fA-F]{32}$/, '密码格式不正确')
  .transform((v) => v.toLowerCase());

export const smsPurposeSchema = z.enum(SMS_PURPOSES, { error: '验证码用途 purpose 不正确' });

const optText = (max: number, label: string) =>
  plainText().trim().max(max, `${label}不能超过 ${max} 个字符`).optional();

/**
 * Parameters of POST /api/blade-auth/oauth/token (form body or query string). Each grant type
 * checks its own fields afterwards so that the message names what is missing.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.enum(GRANT_TYPES, {
    error: (iss) => (iss.input === undefined ? '缺少登录方式 grant_type' : '不支持的登录方式 grant_type'),
  }),
  username: optText(AUTH_LIMITS.usernameMaxLength, '账号'),
  password: optText(64, '密码'),
  code: optText(64, '验证码'),
  source: optText(32, '来源 source'),
  regist_source: optText(32, '注册来源 regist_source'),
  invitation_code: optText(32, '邀请码'),
  extension_code: optText(64, '推广码'),
  scope: optText(64, 'scope'),
  tenant_id: optText(64, '租户'),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenSuccessSchema = z.object({
  success: z.literal(true),
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  user_id: z.string(),
  /** Masked phone, or the account name when there is no phone. */
  account: z.string(),
  /** true when this login created the account. */
  new_user: z.boolean(),
});
export type TokenSuccess = z.infer<typeof tokenSuccessSchema>;

export const tokenFailureSchema = z.object({
  success: z.literal(false),
  error_code: z.number(),
  error_description: z.string(),
  /** The request's id, as in the answer's X-Request-ID header (snake case like the rest of this answer). */
  request_id: z.string().optional(),
});
export type TokenFailure = z.infer<typeof tokenFailureSchema>;

/** POST /api/blade-system/client/send-validate-not-auth: a login code to this phone. */
export const sendLoginCodeSchema = z.object({ phone: phoneSchema });
export type SendLoginCode = z.infer<typeof sendLoginCodeSchema>;

/** GET /api/system/commonClient/getImage */
export const captchaImageSchema = z.object({
  key: z.string(),
  /** data:image/svg+xml;base64,... */
  image: z.string(),
  expiresIn: z.number(),
});
export type CaptchaImage = z.infer<typeof captchaImageSchema>;

/** POST /api/common/client/getWechatQrCode: starts a QR login. */
export const wechatQrSchema = z.object({
  /** Scene code: poll getUserState with it, then log in with grant_type=social&code=... */
  code: z.string(),
  /** Image URL of the QR code (WeChat's showqrcode URL, or a data URL in simulator mode). */
  qrUrl: z.string(),
  expiresIn: z.number(),
  provider: z.enum(['official', 'simulator']),
});
export type WechatQr = z.infer<typeof wechatQrSchema>;

export const WECHAT_STATES = ['waiting', 'scanned', 'confirmed', 'expired'] as const;
export type WechatState = (typeof WECHAT_STATES)[number];

const sceneCodeSchema = plainText({ error: '缺少扫码登录编号 code' })
  .trim()
  .min(1, '缺少扫码登录编号 code')
  .max(64, '扫码登录编号 code 不正确');

/** GET /api/common/client/getUserState?code= */
export const userStateQuerySchema = z.object({ code: sceneCodeSchema });
export const userStateSchema = z.object({ state: z.enum(WECHAT_STATES) });
export type UserState = z.infer<typeof userStateSchema>;

/** POST /api/dev/wechat/confirm (WECHAT_PROVIDER=simulator outside production only). */
export const devWechatConfirmSchema = z.object({
  code: sceneCodeSchema,
  openid: plainText({ error: '缺少 openid' })
    .trim()
    .min(1, '缺少 openid')
    .max(64, 'openid 不能超过 64 个字符'),
  nickname: plainText().trim().max(32, '昵称不能超过 32 个字符').optional(),
  /** 'scan' only marks the scene scanned; 'confirm' (default) completes it. */
  step: z.enum(['scan', 'confirm'], { error: 'step 须为 scan 或 confirm' }).optional(),
});
export type DevWechatConfirm = z.infer<typeof devWechatConfirmSchema>;
