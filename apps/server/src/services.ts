import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { DbKind } from './db/database.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { createAi, type AiSetup } from './ai/index.ts';
import { SqlJobQueue } from './jobs/sql-queue.ts';
import { JobEventStreams } from './jobs/event-stream.ts';
import { buildAccounts, type AccountsInfra } from './modules/auth/accounts.ts';
import { ClientConfigService } from './modules/config/service.ts';
import { HealthService } from './modules/health/service.ts';
import { CommonService } from './modules/common/service.ts';
import { NoticeAdminService } from './modules/common/notice-admin.ts';
import { ContentRepo } from './modules/content/repo.ts';
import { ContentService } from './modules/content/service.ts';
import { EmployeeService } from './modules/employee/service.ts';
import { UserService } from './modules/user/service.ts';
import { QuotaService } from './modules/quota/service.ts';
import { BidRepo } from './modules/bid/repo.ts';
import { BidService } from './modules/bid/service.ts';
import { CatalogRepo } from './modules/catalog/repo.ts';
import { CatalogService } from './modules/catalog/service.ts';
import { ChecksRepo } from './modules/checks/repo.ts';
import { ChecksService } from './modules/checks/service.ts';
import { FormsService } from './modules/forms/service.ts';
import { OfferRepo } from './modules/forms/repo.ts';
import { AmendmentRepo } from './modules/amendment/repo.ts';
import { AmendmentService } from './modules/amendment/service.ts';
import { AmendedAnalysis } from './modules/amendment/amended.ts';
import { FeedbackService } from './modules/feedback/service.ts';
import { InviteService } from './modules/invite/service.ts';
import { AiProviderService } from './modules/ai-providers/service.ts';
import { AiProviderRepo } from './modules/ai-providers/repo.ts';
import { SecretBox } from './lib/secret-box.ts';
import { TemplateConsole } from './modules/export/console.ts';
import { FileRepo } from './modules/file/repo.ts';
import { ParseRunner } from './files/parse.ts';
import { FileService } from './modules/file/service.ts';
import { InterpretationRepo } from './modules/analysis/repo.ts';
import { AnalysisService } from './modules/analysis/service.ts';
import { InterpretationService } from './modules/analysis/interpretation.ts';
import { AnalysisReviewService } from './modules/analysis/review.ts';
import type { UsageRecorder } from './modules/ai/usage.ts';
import { AiUsageRepo } from './modules/ai/usage-repo.ts';
import { FullTextWriter } from './modules/ai/fulltext.ts';
import { JobChapterRepo } from './modules/ai/job-chapters-repo.ts';
import { AiService } from './modules/ai/service.ts';
import { PictureRepo } from './modules/picture/repo.ts';
import { PictureService } from './modules/picture/service.ts';
import type { ImageSource } from './modules/picture/image-source.ts';
import { ElementsService } from './modules/elements/service.ts';
import { ExportPool } from './modules/export/pool.ts';
import { ExportRepo } from './modules/export/repo.ts';
import { ExportService } from './modules/export/service.ts';
import { WorkspaceExportSource } from './modules/export/source.ts';
import { DiffRepo } from './modules/diff/repo.ts';
import { DiffService } from './modules/diff/service.ts';
import { WorkspaceDiffSource } from './modules/diff/source.ts';
import type { SessionService } from './modules/session/service.ts';
import { KnowledgeRepo } from './modules/knowledge/repo.ts';
import { KnowledgeService } from './modules/knowledge/service.ts';
import { CompanyLibrary } from './modules/knowledge/company.ts';
import { KnowledgeGrounding } from './modules/knowledge/grounding.ts';
import { BusinessBidService } from './modules/knowledge/business.ts';
import { embedderOf, fileSourceOf } from './modules/knowledge/wiring.ts';
import { LapsingQualifications } from './modules/knowledge/bid-findings.ts';
import { CommerceService } from './modules/commerce/service.ts';
import { TransferProvider } from './modules/commerce/payment.ts';
import { WechatPayProvider, wechatPayConfigOf } from './modules/commerce/wechat-pay.ts';
import { InvoiceService } from './modules/invoice/service.ts';
import { InvoiceRepo } from './modules/invoice/repo.ts';
import { InvoiceFiles } from './modules/invoice/storage.ts';
import { storageOf } from './storage/select.ts';
import { BullJobQueue } from './jobs/bull-queue.ts';
import { RedisSlotLeases } from './ai/fair-slots-redis.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Storage } from './storage/storage.ts';
import { SqlOperatorDirectory } from './policy/operator-repo.ts';
import { AuditService } from './modules/audit/service.ts';
import { CustomerService } from './modules/customers/service.ts';
import { CommerceConsole } from './modules/commerce/console.ts';
import { RefundService } from './modules/commerce/refund.ts';
import type { Db } from './db/db.ts';

/** What the composition root is built from: the process-wide infrastructure. */
export interface CoreDeps {
  config: Config;
  db: Db;
  dbKind: DbKind;
  log: Logger;
  sessions: SessionService;
  /** Work to run on shutdown (stop workers, close pools), in reverse order of registration. */
  onClose(fn: () => Promise<void> | void): void;
  /** The child-process module that parses uploads, when not the real one (tests). */
  parseWorker?: URL;
  /** Prometheus counters of this instance (served on METRICS_PORT when set). */
  metrics: Metrics;
}

/**
 * Every service of the server, built once by buildServices. Route modules read what they need from
 * here; services get their collaborators through their constructors, never from this object.
 */
export interface Services {
  health: HealthService;
  /** Where uploads, pictures, exports and invoices are kept (DATA_DIR, or a bucket with STORAGE=s3). */
  storage: Storage;
  accounts: AccountsInfra;
  rateLimiter: RateLimiter;
  clientConfig: ClientConfigService;
  notices: CommonService;
  /** The console's notice editing (banner and release notes). */
  noticeAdmin: NoticeAdminService;
  /** Help, FAQ and news; its ContentReader side is what server rendering reads in-process. */
  content: ContentService;
  users: UserService;
  employees: EmployeeService;
  quota: QuotaService;
  bid: BidService;
  catalog: CatalogService;
  /** Bid checks (coverage, ★/废标, 暗标, placeholders, pages); finishBid consults them. */
  checks: ChecksService;
  /** The tender's own forms filled for a bid, and its one 报价 (issue 31). */
  forms: FormsService;
  /** A bid's amendments (补遗/澄清) and the tender as amended, which the checks use (issue 31). */
  amendments: AmendmentService;
  feedback: FeedbackService;
  invites: InviteService;
  /** OpenAI-compatible providers set in the console (keys sealed); the active one drives the AI engine. */
  aiProviders: AiProviderService;
  /** Word templates in the console: enabled, default, display name and order. */
  templateConsole: TemplateConsole;
  /** The AI engine and the model client shared by every AI feature (one semaphore per tier). */
  aiSetup: AiSetup;
  usage: UsageRecorder;
  file: FileService;
  analysis: AnalysisService;
  /** File interpretations (招标文件解读) and their durable job. */
  interpretations: InterpretationService;
  /** The writer's review of an analysis before the outline (bids and interpretations). */
  review: AnalysisReviewService;
  ai: AiService;
  /** Jobs' event logs as server-sent event streams (the full-text writing events). */
  jobStreams: JobEventStreams;
  /** The full-text job's handler (start.ts registers it). */
  fulltext: FullTextWriter;
  jobs: SqlJobQueue;
  picture: PictureService;
  /** Where aiSearchImages looks; knowledge base or licensed providers add theirs here. */
  imageSources: ImageSource[];
  elements: ElementsService;
  export: ExportService;
  /** 查重 and its durable comparison job. */
  diff: DiffService;
  /** Knowledge base documents and search; the company library; the 商务标 generator. */
  knowledge: KnowledgeService;
  company: CompanyLibrary;
  businessBid: BusinessBidService;
  /** Packages, orders, crediting paid orders (API.md "Commerce"). */
  commerce: CommerceService;
  /** WeChat Pay v3 Native when WECHAT_PAY_* is configured. */
  wechatPay: WechatPayProvider | null;
  /** Invoices for paid orders: applications, issuing (the PDF), downloads. */
  invoices: InvoiceService;
  /** Who may use the operators' console (/api/admin). */
  operators: SqlOperatorDirectory;
  /** The operators' audit log (written by the admin scope's hook). */
  audit: AuditService;
  /** The console's users and companies: search, grants, disabling. */
  customers: CustomerService;
  /** The console's packages and revenue figures. */
  commerceConsole: CommerceConsole;
  /** Operators' refunds of paid orders. */
  refunds: RefundService;
}

/** Threads for the offline engine's CPU work (tests start many servers: one each there). */
const OFFLINE_WORKERS = 2;
/** Exports written at once; more wait in the pool's queue. */
const EXPORT_WORKERS = 2;

/** Tuning knobs of the AI path, validated with the rest of the configuration. */
export function aiTuning(config: Config) {
  return {
    /** Lease of a running job; a crashed process's job is resumed once it expires. */
    leaseMs: config.AI_JOB_LEASE_MS,
    pollMs: config.AI_JOB_POLL_MS,
    /** Chapters the full-text job writes at once (default: the tier's AI_*_CONCURRENCY). */
    fulltextConcurrency: config.AI_FULLTEXT_CONCURRENCY,
    retryBackoffMs: config.AI_RETRY_BACKOFF_MS,
    firstTokenTimeoutMs: config.AI_FIRST_TOKEN_TIMEOUT_MS,
  };
}

/**
 * The composition root: builds every service in dependency order with constructor injection and
 * registers the shutdown work; it runs nothing. What runs (work before listening, job kinds,
 * periodic work) is in start.ts. To add a service: a field in `Services`, one construction line here.
 */
export function buildServices(deps: CoreDeps): Services {
  const { config, db, dbKind, log, sessions } = deps;

  const storage = storageOf(config);
  deps.onClose(() => storage.close?.());
  const accounts = buildAccounts({ config, db, log, sessions, smsMeter: deps.metrics.sms });
  const clientConfig = new ClientConfigService(
    db,
    {
      phone: config.CUSTOMER_SERVICE_PHONE,
      wechat: config.CUSTOMER_SERVICE_WECHAT,
      hours: config.CUSTOMER_SERVICE_HOURS,
    },
    { signupTrialBids: config.SIGNUP_TRIAL_BIDS, uploadLimitBytes: config.UPLOAD_LIMIT },
  );
  const notices = new CommonService(db, accounts.clock);
  const noticeAdmin = new NoticeAdminService(db);
  const content = new ContentService(new ContentRepo(db));
  const quota = new QuotaService(db);
  const users = new UserService(db, accounts, quota);
  const employees = new EmployeeService(db, sessions);

  const amendmentRepo = new AmendmentRepo(db);
  const amendedAnalysis = new AmendedAnalysis(amendmentRepo);
  const bid = new BidService(db, new BidRepo(db, dbKind), quota, amendedAnalysis);
  const catalog = new CatalogService(db, new CatalogRepo(dbKind), bid);
  const knowledgeRepo = new KnowledgeRepo(db);
  const company = new CompanyLibrary(knowledgeRepo);
  const feedback = new FeedbackService(db);
  const invites = new InviteService(db, config.INVITE_REWARD_BIDS);
  const transfer = new TransferProvider({
    bankName: config.TRANSFER_BANK_NAME,
    accountName: config.TRANSFER_ACCOUNT_NAME,
    accountNo: config.TRANSFER_ACCOUNT_NO,
  });
  const wechatPayConfig = wechatPayConfigOf(config);
  const wechatPay = wechatPayConfig ? new WechatPayProvider(wechatPayConfig) : null;
  const commerce = new CommerceService(db, { quota, transfer, providers: wechatPay ? [wechatPay] : [] });
  const invoices = new InvoiceService(db, new InvoiceRepo(db), new InvoiceFiles(storage));

  const tuning = aiTuning(config);
  const usage = new AiUsageRepo(db, log, (model, tier, prompt, completion) =>
    deps.metrics.modelTokens(model, tier, prompt, completion),
  );
  // REDIS_URL: the per-user and per-company AI slots are one limit over all instances. A dead
  // instance's slots come back when its jobs do (AI_JOB_LEASE_MS): a job resumed elsewhere would
  // otherwise wait on its user's slots still held by the dead one.
  const slotLeases = config.REDIS_URL
    ? new RedisSlotLeases(config.REDIS_URL, { prefix: config.REDIS_PREFIX, ttlMs: config.AI_JOB_LEASE_MS })
    : null;
  // Registered first so that it closes last, after the AI setup stops listening to it.
  if (slotLeases) deps.onClose(() => slotLeases.close());
  const aiSetup = createAi(
    config,
    {
      ...(tuning.retryBackoffMs ? { backoffMs: tuning.retryBackoffMs } : {}),
      ...(tuning.firstTokenTimeoutMs ? { firstTokenTimeoutMs: tuning.firstTokenTimeoutMs } : {}),
      onError: (model, kind) => deps.metrics.modelError(model, kind),
    },
    { ledger: usage, slotLeases, offlineWorkers: config.NODE_ENV === 'test' ? 1 : OFFLINE_WORKERS, log },
  );
  deps.onClose(() => aiSetup.close());
  const secrets = SecretBox.fromConfig(config);
  if (secrets.generated && config.NODE_ENV === 'development')
    log.warn('SECRET_KEY is not set: secrets are sealed with a development key kept in DATA_DIR/secret.key');
  const aiProviders = new AiProviderService(new AiProviderRepo(db), secrets.box, aiSetup, log, {
    allowPrivate: config.AI_PROVIDER_ALLOW_PRIVATE === 'on',
  });
  const parser = new ParseRunner({
    parallel: config.PARSE_PARALLEL,
    perUser: config.PARSE_USER_CONCURRENCY,
    entry: deps.parseWorker,
  });
  deps.onClose(() => parser.close());
  const file = new FileService(new FileRepo(db), config.dataDir, storage, config.UPLOAD_LIMIT, parser);
  const jobOpts = {
    leaseMs: tuning.leaseMs,
    pollMs: tuning.pollMs,
    log,
    onRun: (kind: string, outcome: string, seconds: number) => deps.metrics.jobRun(kind, outcome, seconds),
  };
  // REDIS_URL: BullMQ hands the jobs out; the lease table stays the embedded mode.
  const jobs = config.REDIS_URL
    ? new BullJobQueue(db, { ...jobOpts, redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX })
    : new SqlJobQueue(db, jobOpts);
  const analysis = new AnalysisService(new InterpretationRepo(db), aiSetup.engine, file, bid, log, usage);
  const offers = new OfferRepo(db);
  const forms = new FormsService(db, offers, bid, catalog, analysis, company);
  const amendments = new AmendmentService(db, amendmentRepo, bid, catalog, analysis, file, amendedAnalysis);
  const checks = new ChecksService(
    bid,
    new ChecksRepo(db),
    [new LapsingQualifications(company)],
    forms,
    amendedAnalysis,
  );
  const knowledge = new KnowledgeService(
    knowledgeRepo,
    fileSourceOf(file),
    new SqlOperatorDirectory(db),
    embedderOf(config),
  );
  const grounding = new KnowledgeGrounding(knowledge, company);
  const businessBid = new BusinessBidService(bid, catalog, analysis, company, offers);
  const jobRows = new JobChapterRepo(db);
  const ai = new AiService(jobRows, aiSetup.engine, bid, catalog, analysis, jobs, usage, log, grounding);
  const fulltext = new FullTextWriter({
    db,
    jobRows,
    engine: aiSetup.engine,
    bids: bid,
    catalog,
    analysis,
    usage,
    log,
    concurrency: tuning.fulltextConcurrency,
    grounding,
  });
  const interpretations = new InterpretationService(analysis.repo, analysis, file, jobs, log);
  const review = new AnalysisReviewService(bid, analysis, analysis.repo, file, aiSetup.offline);
  deps.onClose(() => jobs.close());
  deps.metrics.watchJobs(jobs);

  const picture = new PictureService(new PictureRepo(db), storage);
  deps.onClose(() => picture.raster.close());
  const imageSources: ImageSource[] = [picture.asImageSource()];
  const elements = new ElementsService({
    bids: bid,
    catalog,
    // Read at each call: a provider activated in the console serves charts and images too.
    get provider() {
      return aiSetup.chatProvider();
    },
    limiter: accounts.limiter,
    imageSources,
    log,
    fair: aiSetup.fair,
    slotsOf: (tier) => aiSetup.engine.concurrency(tier),
    usage,
  });

  const pool = new ExportPool(EXPORT_WORKERS, log);
  const exportService = new ExportService(
    new ExportRepo(db),
    new WorkspaceExportSource(bid, catalog.chapters, picture, forms),
    pool,
    jobs,
    storage,
    config.dataDir,
    log,
    { checks, companyName: (tenantId) => new ChecksRepo(db).companyName(tenantId) },
  );
  deps.onClose(() => pool.close());

  const diff = new DiffService(
    new DiffRepo(db),
    new WorkspaceDiffSource(
      bid,
      new WorkspaceExportSource(bid, catalog.chapters, picture),
      new FileRepo(db),
      storage,
    ),
    jobs,
    log,
  );

  return {
    health: new HealthService(db, storage, jobs),
    storage,
    accounts,
    rateLimiter: accounts.limiter,
    clientConfig,
    notices,
    noticeAdmin,
    content,
    users,
    employees,
    quota,
    bid,
    catalog,
    checks,
    forms,
    amendments,
    feedback,
    invites,
    aiProviders,
    templateConsole: new TemplateConsole(db),
    aiSetup,
    usage,
    file,
    analysis,
    interpretations,
    review,
    ai,
    fulltext,
    jobs,
    jobStreams: new JobEventStreams(jobs, jobs.events, config.AI_EVENT_POLL_MS),
    picture,
    imageSources,
    elements,
    export: exportService,
    diff,
    knowledge,
    company,
    businessBid,
    commerce,
    wechatPay,
    invoices,
    operators: new SqlOperatorDirectory(db),
    audit: new AuditService(db),
    customers: new CustomerService(db, quota, sessions),
    commerceConsole: new CommerceConsole(db),
    refunds: new RefundService(db),
  };
}
