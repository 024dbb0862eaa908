import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Conventions that keep one codebase on SQLite and PostgreSQL:
 * ids are text (snowflake strings), times are ISO-8601 text, booleans are integers 0/1,
 * JSON is text holding JSON. Each domain adds its tables here, next to its migration.
 */

export interface TenantTable {
  id: string;
  name: string;
  registration_no: string | null;
  admin_user_id: string | null;
  /** Company quota buckets: employees draw on these. */
  bid_number: number;
  month_bid_number: number;
  temporary_bid_number: number;
  grant_bid_number: number;
  package_unit: string | null;
  package_unlimited_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  phone: string | null;
  account: string;
  name: string;
  password_hash: string | null;
  wechat_openid: string | null;
  source: string;
  regist_source: string | null;
  invitation_code: string | null;
  extension_code: string | null;
  own_invite_code: string;
  invited_by: string | null;
  /** 1 when the user belongs to a company (tenant other than the personal one). */
  is_employee: number;
  /** 'personal' | 'company_admin' | 'employee' */
  role: string;
  /** Quota buckets of a personal account (company users draw on the tenant's). */
  bid_number: number;
  month_bid_number: number;
  temporary_bid_number: number;
  grant_bid_number: number;
  package_unit: string | null;
  package_unlimited_until: string | null;
  expire_date: string | null;
  bid_file_show_flag: number;
  project_list_show_flag: number;
  need_user_info: number;
  is_buy: number;
  premium_disabled: number;
  standard_disabled: number;
  /** 'active' | 'disabled' | 'removed' */
  status: string;
  created_at: string;
  updated_at: string;
}

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

/** Key/value settings the shell and operators need (loading tips, chapter-setting name, company info). */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface Database {
  tenants: TenantTable;
  users: UserTable;
  sessions: SessionTable;
  settings: SettingTable;
}

export type { ColumnType, Generated };
