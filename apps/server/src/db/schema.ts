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
  /** Accounts (0100): the personal tenant of an employee, restored when the company removes them. */
  home_tenant_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Accounts (0100): 'standard' | 'premium' | null. */
  preferred_model: ColumnType<string | null, string | null | undefined, string | null>;
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Commerce (1301): a monthly package's allowance, its end, and the next refill of the month bucket. */
  monthly_allowance: ColumnType<number, number | undefined, number>;
  monthly_until: ColumnType<string | null, string | null | undefined, string | null>;
  month_reset_at: ColumnType<string | null, string | null | undefined, string | null>;
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

/** Bid workspace (migration 0200): a bid and its owner; quota log; outline; versions; feedback. */
export interface BidTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  tender_text: string | null;
  file_id: string | null;
  /** 'standard' | 'premium' */
  model_type: string;
  page_count: number | null;
  template_id: string | null;
  /** The 采购包 / 标段 the bid answers (migration 0700); null: all, or a tender with one. */
  lot: number | null;
  /** 'writing' | 'finished' */
  status: string;
  /** Leaf chapters counted as written (catalog/written.ts) / all leaf chapters, 0..100. */
  progress: number;
  /** The counts behind progress, kept incrementally (migration 0601); leaf_count -1: not counted yet. */
  leaf_count?: number;
  done_leaf_count?: number;
  /** Own words a chapter needs, as a share of its target in percent (migration 1500; default 60). */
  written_share?: number;
  /** JSON of the tender analysis. */
  analysis: string | null;
  /** Raised by every write of `analysis` (migration 0760): the review's optimistic concurrency. */
  analysis_version?: number;
  /** 1 while in the recycle bin. */
  deleted: number;
  deleted_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CatalogTable {
  id: string;
  bid_id: string;
  parent_id: string | null;
  title: string;
  level: number;
  sort_key: number;
  /** 'empty' | 'writing' | 'done' | 'error' */
  status: string;
  progress: number;
  word_count: number;
  /** Words of the chapter's own text: placeholders, notices, text repeated from the tender left out (1500). */
  own_words?: number;
  target_words: number | null;
  /** JSON: { requirement?, include?, noText? } */
  settings: string | null;
  /** JSON array of the scoring items the chapter answers. */
  scoring_items: string | null;
  engine: string | null;
  has_content: number;
  /** Optimistic-concurrency version of the content. */
  version: number;
  content_version_seq: number;
  /** Knowledge (0800): JSON array of the passages the last AI write used (getBidCatalogDetail.sources). */
  ai_sources?: string | null;
  created_at: string;
  updated_at: string;
  /** ProseMirror JSON. */
  content: string | null;
}

export interface CatalogVersionTable {
  id: string;
  bid_id: string;
  name: string;
  /** 'manual' | 'auto' | 'restore' */
  source: string;
  chapter_count: number;
  created_by: string | null;
  created_at: string;
  /** JSON tree of the whole outline, with the content of every chapter that had some. */
  snapshot: string;
}

export interface CatalogContentVersionTable {
  id: string;
  catalog_id: string;
  bid_id: string;
  version_no: number;
  name: string;
  /** 'manual' | 'ai' | 'restore' | 'autosave-checkpoint' */
  source: string;
  engine: string | null;
  word_count: number;
  content_hash: string;
  created_by: string | null;
  created_at: string;
  content: string;
}

export interface FeedbackTable {
  id: string;
  user_id: string;
  tenant_id: string;
  type: string;
  content: string;
  contact: string | null;
  /** JSON array of image URLs. */
  images: string | null;
  reply: string | null;
  reply_at: string | null;
  /** Feedback (1330): the operator who replied, and when the user saw the reply. */
  replied_by: string | null;
  reply_read_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  tenants: TenantTable;
  users: UserTable;
  sessions: SessionTable;
  settings: SettingTable;
  bids: BidTable;
  catalogs: CatalogTable;
  catalog_versions: CatalogVersionTable;
  catalog_content_versions: CatalogContentVersionTable;
  /** Commerce (1300): every quota movement; replaced bid_logs. */
  user_bid_logs: import('../modules/commerce/tables.ts').UserBidLogTable;
  packages: import('../modules/commerce/tables.ts').PackageTable;
  orders: import('../modules/commerce/tables.ts').OrderTable;
  coupons: import('../modules/commerce/tables.ts').CouponTable;
  feedbacks: FeedbackTable;
  ai_providers: import('../modules/ai-providers/tables.ts').AiProviderTable;
  rate_limits: import('../modules/auth/tables.ts').RateLimitTable;
  sms_codes: import('../modules/auth/tables.ts').SmsCodeTable;
  captchas: import('../modules/auth/tables.ts').CaptchaTable;
  wechat_scenes: import('../modules/auth/tables.ts').WechatSceneTable;
  verify_tickets: import('../modules/auth/tables.ts').VerifyTicketTable;
  invite_records: import('../modules/auth/tables.ts').InviteRecordTable;
  notices: import('../modules/auth/tables.ts').NoticeTable;
  user_notice_closes: import('../modules/auth/tables.ts').UserNoticeCloseTable;
  partners: import('../modules/auth/tables.ts').PartnerTable;
  usage_marks: import('../modules/auth/tables.ts').UsageMarkTable;
  files: import('../ai/tables.ts').FileTable;
  interpretations: import('../ai/tables.ts').InterpretationTable;
  ai_job_chapters: import('../ai/tables.ts').AiJobChapterTable;
  ai_usage: import('../ai/tables.ts').AiUsageTable;
  jobs: import('../jobs/tables.ts').JobTable;
  job_events: import('../jobs/tables.ts').JobEventTable;
  pictures: import('../modules/picture/tables.ts').PictureTable;
  employee_invitations: import('../modules/employee/tables.ts').EmployeeInvitationTable;
  export_templates: import('../modules/export/tables.ts').ExportTemplateTable;
  export_jobs: import('../modules/export/tables.ts').ExportJobTable;
  knowledge_documents: import('../modules/knowledge/tables.ts').KnowledgeDocumentTable;
  knowledge_passages: import('../modules/knowledge/tables.ts').KnowledgePassageTable;
  knowledge_scopes: import('../modules/knowledge/tables.ts').KnowledgeScopeTable;
  company_facts: import('../modules/knowledge/tables.ts').CompanyFactTable;
  operators: import('../modules/knowledge/tables.ts').OperatorTable;
  /** Public content (1400): help, FAQ, news. */
  contents: import('../modules/content/tables.ts').ContentTable;
  invoices: import('../modules/invoice/tables.ts').InvoiceTable;
  invoice_orders: import('../modules/invoice/tables.ts').InvoiceOrderTable;
  audit_logs: import('../modules/audit/tables.ts').AuditLogTable;
  diffs: import('../modules/diff/tables.ts').DiffTable;
}

export type { ColumnType, Generated };
