import { z } from 'zod';
import { plainText } from './text.ts';
import { idSchema } from './common.ts';
import { AUTH_LIMITS, passwordMd5Schema, phoneSchema, smsCodeSchema } from './auth.ts';

/** 0/1 flags as the legacy client knows them; booleans from lenient servers are accepted too. */
const flag = z
  .union([z.number().int(), z.boolean()])
  .transform((v) => (v === true ? 1 : v === false ? 0 : v));
const count = z.number().int().min(0);

/** One entry of the head menu (SPEC section 3: "list of entries with a path"). */
export const headMenuItemSchema = z.object({
  path: z.string(),
  name: z.string().optional(),
});
export type HeadMenuItem = z.infer<typeof headMenuItemSchema>;

/**
 * `data` of POST /blade-system/client/get-userInfo: the user fields of SPEC section 3 under their SPEC
 * names (API.md "Core payloads"). Defaults are the ones SPEC gives, so an older server that leaves a
 * flag out still yields a usable session.
 */
export const userInfoSchema = z.object({
  id: idSchema,
  /** The phone number (or account name); shown masked, `138****0000`. */
  account: z.string(),
  /** How the account was created (e.g. `sms`, `wechat`). */
  source: z.string().nullable().default(null),
  tenantId: z.string(),
  /** ISO time the current package expires, null without a package. */
  expireDate: z.string().nullable().default(null),
  /** Unit of the current package (e.g. `month`, `year`), null without a package. */
  packageUnit: z.string().nullable().default(null),
  /** ISO time until which the package allows unlimited bids, null when it does not. */
  packageUnlimitedTimes: z.string().nullable().default(null),
  /** Quota buckets: purchased, monthly, temporary, granted. */
  bidNumber: count.default(0),
  monthBidNumber: count.default(0),
  temporaryBidNumber: count.default(0),
  grantBidNumber: count.default(0),
  /** 1 when the user belongs to a company; the web app derives the company flag from it. */
  isEmployee: flag.default(0),
  /** Display name; for company users the company name. */
  name: z.string().nullable().default(null),
  bidFileShowFlag: flag.default(1),
  projectListShowFlag: flag.default(1),
  isBuy: flag.default(0),
  headMenu: z.array(headMenuItemSchema).default([]),
  rights: z.array(z.string()).default([]),
  needUserInfo: flag.default(1),
  /** 1 means that model tier is disabled for this user. */
  modelData: z
    .object({ premium_status: flag.default(0), standard_status: flag.default(0) })
    .default({ premium_status: 0, standard_status: 0 }),
  // Accounts extras beyond SPEC section 3 (account center, login dialog):
  /** The person's own name (`name` is the company name for company users). */
  userName: z.string().default(''),
  /** 'personal' | 'company_admin' | 'employee' */
  role: z.string().default('personal'),
  /** Masked phone, '' when the account has none (e.g. a WeChat-only account). */
  phone: z.string().default(''),
  /** The code this user hands out to invite others. */
  inviteCode: z.string().default(''),
  hasPassword: z.boolean().default(false),
  hasWechat: z.boolean().default(false),
  /** Preferred model tier for new bids, null when never chosen. */
  preferredModel: z.enum(['standard', 'premium']).nullable().default(null),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

// ---- Profile calls under /blade-system/client/ (accounts) ----

/** Purposes of a code sent to the logged-in user's own phone. */
export const OWN_PHONE_PURPOSES = ['change-phone', 'change-password', 'verify'] as const;
const ownPurposeSchema = z.enum(OWN_PHONE_PURPOSES, { error: '验证码用途 purpose 不正确' }).default('verify');

/** POST send-validate-logged: a code to the user's own phone. */
export const sendOwnCodeSchema = z.object({ purpose: ownPurposeSchema });
export type SendOwnCode = z.input<typeof sendOwnCodeSchema>;

/** POST send-validate: a code to another phone (the new one when changing or binding the phone). */
export const sendPhoneCodeSchema = z.object({
  phone: phoneSchema,
  purpose: z.literal('bind-phone', { error: '验证码用途 purpose 不正确' }).default('bind-phone'),
});
export type SendPhoneCode = z.input<typeof sendPhoneCodeSchema>;

/** POST validate-message: checks (and uses up) a code sent to the own phone; answers a short-lived ticket. */
export const validateMessageSchema = z.object({ code: smsCodeSchema, purpose: ownPurposeSchema });
export type ValidateMessage = z.input<typeof validateMessageSchema>;
export const verifyTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number() });
export type VerifyTicket = z.infer<typeof verifyTicketSchema>;

const ticketField = plainText().trim().max(128, '校验凭证 ticket 不正确').optional();

/**
 * POST update-phone: `code` was sent to the new `phone` (send-validate); when the account already
 * has a phone, `ticket` proves the old one (validate-message with purpose change-phone).
 */
export const updatePhoneSchema = z.object({ phone: phoneSchema, code: smsCodeSchema, ticket: ticketField });
export type UpdatePhone = z.input<typeof updatePhoneSchema>;

/** POST update-password: the new password as MD5, proven by the old password (MD5) or a code (purpose change-password). */
export const updatePasswordSchema = z
  .object({
    newPassword: passwordMd5Schema,
    oldPassword: passwordMd5Schema.optional(),
    code: smsCodeSchema.optional(),
  })
  .refine((v) => Boolean(v.oldPassword || v.code), { message: '请输入原密码或短信验证码' });
export type UpdatePassword = z.input<typeof updatePasswordSchema>;

/** POST update-user */
export const updateUserSchema = z.object({
  name: plainText({ error: '请输入姓名' })
    .trim()
    .min(1, '姓名不能为空')
    .max(AUTH_LIMITS.nameMaxLength, `姓名不能超过 ${AUTH_LIMITS.nameMaxLength} 个字符`),
});
export type UpdateUser = z.input<typeof updateUserSchema>;

const flag01 = z.union([z.literal(0), z.literal(1)], { error: '开关只能是 0 或 1' });

/** POST standard-update: display preferences and the preferred model tier. */
export const standardUpdateSchema = z
  .object({
    bidFileShowFlag: flag01.optional(),
    projectListShowFlag: flag01.optional(),
    preferredModel: z.enum(['standard', 'premium'], { error: '模型只能是 standard 或 premium' }).optional(),
  })
  .refine(
    (v) =>
      v.bidFileShowFlag !== undefined ||
      v.projectListShowFlag !== undefined ||
      v.preferredModel !== undefined,
    {
      message: '请至少修改一项设置',
    },
  );
export type StandardUpdate = z.input<typeof standardUpdateSchema>;
export const standardSettingsSchema = z.object({
  bidFileShowFlag: z.number(),
  projectListShowFlag: z.number(),
  preferredModel: z.enum(['standard', 'premium']).nullable(),
});
export type StandardSettings = z.infer<typeof standardSettingsSchema>;

/** POST mark-stalog: one usage mark (page visit, feature use) for statistics. */
export const markStalogSchema = z.object({
  mark: plainText({ error: '缺少统计标记 mark' })
    .trim()
    .regex(/^[\w.:/-]{1,64}$/, '统计标记 mark 只能包含字母、数字和 _.:/-，最多 64 个字符'),
  path: plainText().trim().max(300, '页面路径 path 不能超过 300 个字符').optional(),
  detail: z
    .record(plainText().max(40), z.union([plainText().max(200), z.number(), z.boolean()]), {
      error: '附加信息 detail 格式不正确',
    })
    .refine((d) => Object.keys(d).length <= 20, { message: '附加信息 detail 最多 20 项' })
    .optional(),
});
export type MarkStalog = z.input<typeof markStalogSchema>;

/** POST closeUserNotice: hides a notice (banner or release notes) for this user. */
export const closeUserNoticeSchema = z.object({ noticeId: idSchema });
export type CloseUserNotice = z.input<typeof closeUserNoticeSchema>;

/** POST query-bid-number: what is left in each quota bucket (the company's for company users). */
export const bidQuotaSchema = z.object({
  bidNumber: z.number(),
  monthBidNumber: z.number(),
  temporaryBidNumber: z.number(),
  grantBidNumber: z.number(),
  total: z.number(),
  /** true while an unlimited package runs (packageUnlimitedTimes in the future). */
  unlimited: z.boolean(),
  unlimitedUntil: z.string().nullable(),
  owner: z.enum(['personal', 'company']),
});
export type BidQuota = z.infer<typeof bidQuotaSchema>;
