import type { ColumnType } from 'kysely';
import type { ModelType, USER_STATUSES } from '@bid/shared';

/** Tables of accounts (migration 0100 and later): companies, users, verify tickets, usage marks. */

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
  /** Commerce (1301): a monthly package's allowance, its end, and the next refill of the month bucket. */
  monthly_allowance: ColumnType<number, number | undefined, number>;
  monthly_until: ColumnType<string | null, string | null | undefined, string | null>;
  month_reset_at: ColumnType<string | null, string | null | undefined, string | null>;
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
  role: 'personal' | 'company_admin' | 'employee';
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
  status: (typeof USER_STATUSES)[number];
  created_at: string;
  updated_at: string;
  /** Accounts (0100): the personal tenant of an employee, restored when the company removes them. */
  home_tenant_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Accounts (0100): the model the user picks by default. */
  preferred_model: ColumnType<ModelType | null, ModelType | null | undefined, ModelType | null>;
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Commerce (1301): a monthly package's allowance, its end, and the next refill of the month bucket. */
  monthly_allowance: ColumnType<number, number | undefined, number>;
  monthly_until: ColumnType<string | null, string | null | undefined, string | null>;
  month_reset_at: ColumnType<string | null, string | null | undefined, string | null>;
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
