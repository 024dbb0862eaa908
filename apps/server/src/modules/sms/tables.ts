import type { SmsPurpose } from '@bid/shared';

/** Table of the SMS codes (migration 0100). */
export interface SmsCodeTable {
  id: string;
  phone: string;
  purpose: SmsPurpose;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  ip: string | null;
}
