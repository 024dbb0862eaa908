/**
 * Table types of the accounts migration (0100_accounts), referenced from db/schema.ts's Database.
 * Same conventions: text ids, ISO times, 0/1 booleans.
 */

export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface SmsCodeTable {
  id: string;
  phone: string;
  /** SmsPurpose */
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  ip: string | null;
}

export interface CaptchaTable {
  /** The captcha key handed to the client. */
  id: string;
  answer_hash: string;
  created_at: string;
  expires_at: string;
}

export interface WechatSceneTable {
  /** Scene code: the QR's scene string and what the browser polls with. */
  code: string;
  /** 'waiting' | 'scanned' | 'confirmed' */
  state: string;
  openid: string | null;
  nickname: string | null;
  created_at: string;
  expires_at: string;
  scanned_at: string | null;
  confirmed_at: string | null;
  consumed_at: string | null;
}

export interface VerifyTicketTable {
  id: string;
  ticket_hash: string;
  user_id: string;
  phone: string;
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InviteRecordTable {
  id: string;
  inviter_user_id: string;
  invitee_user_id: string;
  invitation_code: string;
  reward_units: number;
  created_at: string;
}

export interface NoticeTable {
  id: string;
  /** 'head' | 'update' */
  kind: string;
  title: string;
  content: string;
  link: string | null;
  version: string | null;
  /** 'info' | 'warning' | 'success' | 'error' */
  level: string;
  status: number;
  sort: number;
  start_at: string | null;
  end_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserNoticeCloseTable {
  user_id: string;
  notice_id: string;
  closed_at: string;
}

export interface PartnerTable {
  id: string;
  name: string;
  logo_url: string | null;
  link: string | null;
  description: string | null;
  sort: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface UsageMarkTable {
  id: string;
  user_id: string | null;
  tenant_id: string | null;
  mark: string;
  path: string | null;
  detail: string | null;
  ip: string | null;
  created_at: string;
}
