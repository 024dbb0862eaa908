import type { BidAmendmentTable } from '../modules/amendment/tables.ts';
import type { AiProviderTable } from '../modules/ai-providers/tables.ts';
import type { AiJobChapterTable, AiUsageTable } from '../modules/ai/tables.ts';
import type { InterpretationTable } from '../modules/analysis/tables.ts';
import type { AuditLogTable } from '../modules/audit/tables.ts';
import type { BidTable } from '../modules/bid/tables.ts';
import type { CaptchaTable } from '../modules/captcha/tables.ts';
import type {
  CatalogContentVersionTable,
  CatalogTable,
  CatalogVersionTable,
} from '../modules/catalog/tables.ts';
import type { CouponTable, OrderTable, PackageTable, UserBidLogTable } from '../modules/commerce/tables.ts';
import type { NoticeTable, PartnerTable, UserNoticeCloseTable } from '../modules/common/tables.ts';
import type { SettingTable } from '../modules/config/tables.ts';
import type { ContentTable } from '../modules/content/tables.ts';
import type { DiffTable } from '../modules/diff/tables.ts';
import type { EmployeeInvitationTable } from '../modules/employee/tables.ts';
import type { ExportJobTable, ExportTemplateTable } from '../modules/export/tables.ts';
import type { FeedbackTable } from '../modules/feedback/tables.ts';
import type { FileTable } from '../modules/file/tables.ts';
import type { BidOfferLineTable, BidOfferTable, BidTermsTable } from '../modules/forms/tables.ts';
import type { InviteRecordTable } from '../modules/invite/tables.ts';
import type { InvoiceOrderTable, InvoiceTable } from '../modules/invoice/tables.ts';
import type {
  CompanyFactTable,
  KnowledgeDocumentTable,
  KnowledgePassageTable,
  KnowledgeScopeTable,
} from '../modules/knowledge/tables.ts';
import type { PictureTable } from '../modules/picture/tables.ts';
import type { SessionTable } from '../modules/session/tables.ts';
import type { SmsCodeTable } from '../modules/sms/tables.ts';
import type { TenantTable, UsageMarkTable, UserTable, VerifyTicketTable } from '../modules/user/tables.ts';
import type { WechatSceneTable } from '../modules/wechat/tables.ts';
import type { RateLimitTable } from '../http/tables.ts';
import type { JobEventTable, JobTable } from '../jobs/tables.ts';
import type { OperatorTable } from '../policy/tables.ts';

/**
 * The database as Kysely sees it, composed from the table types. Each table has one owner: the
 * module whose `tables.ts` declares it (next to its repo); a status or kind column is typed as the
 * union the shared schema declares, so a read needs no cast. Conventions that keep one codebase on
 * SQLite and PostgreSQL: ids are text (snowflake strings), times are ISO-8601 text, booleans are
 * integers 0/1, JSON is text holding JSON.
 */
export interface Database {
  tenants: TenantTable;
  users: UserTable;
  sessions: SessionTable;
  settings: SettingTable;
  bids: BidTable;
  bid_offers: BidOfferTable;
  bid_terms: BidTermsTable;
  bid_offer_lines: BidOfferLineTable;
  bid_amendments: BidAmendmentTable;
  catalogs: CatalogTable;
  catalog_versions: CatalogVersionTable;
  catalog_content_versions: CatalogContentVersionTable;
  /** Commerce (1300): every quota movement; replaced bid_logs. */
  user_bid_logs: UserBidLogTable;
  packages: PackageTable;
  orders: OrderTable;
  coupons: CouponTable;
  feedbacks: FeedbackTable;
  ai_providers: AiProviderTable;
  rate_limits: RateLimitTable;
  sms_codes: SmsCodeTable;
  captchas: CaptchaTable;
  wechat_scenes: WechatSceneTable;
  verify_tickets: VerifyTicketTable;
  invite_records: InviteRecordTable;
  notices: NoticeTable;
  user_notice_closes: UserNoticeCloseTable;
  partners: PartnerTable;
  usage_marks: UsageMarkTable;
  files: FileTable;
  interpretations: InterpretationTable;
  ai_job_chapters: AiJobChapterTable;
  ai_usage: AiUsageTable;
  jobs: JobTable;
  job_events: JobEventTable;
  pictures: PictureTable;
  employee_invitations: EmployeeInvitationTable;
  export_templates: ExportTemplateTable;
  export_jobs: ExportJobTable;
  knowledge_documents: KnowledgeDocumentTable;
  knowledge_passages: KnowledgePassageTable;
  knowledge_scopes: KnowledgeScopeTable;
  company_facts: CompanyFactTable;
  operators: OperatorTable;
  /** Public content (1400): help, FAQ, news. */
  contents: ContentTable;
  invoices: InvoiceTable;
  invoice_orders: InvoiceOrderTable;
  audit_logs: AuditLogTable;
  diffs: DiffTable;
}
