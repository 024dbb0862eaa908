/** Table of the login sessions (migration 0100). */
export interface SessionTable {
  id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  tenant_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}
