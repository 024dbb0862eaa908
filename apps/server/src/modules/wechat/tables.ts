import type { WechatState } from '@bid/shared';

/** Table of the WeChat login QR scenes (migration 0100). */
export interface WechatSceneTable {
  /** Scene code: the QR's scene string and what the browser polls with. */
  code: string;
  /** Stored states; 'expired' is only ever computed from expires_at. */
  state: Exclude<WechatState, 'expired'>;
  openid: string | null;
  nickname: string | null;
  created_at: string;
  expires_at: string;
  scanned_at: string | null;
  confirmed_at: string | null;
  consumed_at: string | null;
}
