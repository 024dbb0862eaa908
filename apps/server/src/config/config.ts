import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, LIMITS } from '@bid/shared';
import { DEFAULT_FAIR_USE } from '../ai/fair-use.ts';

const onOff = z.enum(['on', 'off']);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();
const positiveInt = (def: number) => z.coerce.number().int().positive().default(def);

/**
 * Which proxies may tell the client's address in X-Forwarded-For. Never "every hop": a client
 * could then write any address there and escape every per-address limit. false (none, the
 * default), a hop count (1 = the one reverse proxy in front; `true` means 1), or a comma-separated
 * list of proxy addresses/CIDR ranges (the rightmost address not in the list is the client).
 */
export const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return 1;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.find((x) => {
      const [addr, bits, ...rest] = x.split('/');
      const family = net.isIP(addr);
      if (!family || rest.length) return true;
      return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    });
    if (bad !== undefined || !list.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY 须为 false、代理层数（如 1）或代理地址列表（如 10.0.0.1,10.0.0.0/8），「${bad ?? v}」无法识别`,
      });
      return z.NEVER;
    }
    return list;
  });

/** Fastify's trustProxy for the setting: a hop count as the function proxy-addr would build for it. */
export function trustProxyOption(
  v: false | number | string[],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_addr, hop) => hop < v : v;
}

/** Every variable the server reads, with its default (mirrored in .env.example). */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Bind address; empty = 0.0.0.0 in production, 127.0.0.1 otherwise (startup.ts listenHost). */
    HOST: z.string().trim().default(''),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Prometheus `GET /metrics` on this port (same HOST), never on PORT; unset: no metrics. */
    METRICS_PORT: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_CLIENT_ID: z.string().min(1).default(DEFAULT_CLIENT_ID),
    AUTH_CLIENT_SECRET: z.string().min(1).default(DEFAULT_CLIENT_SECRET),
    SESSION_TTL_SECONDS: positiveInt(LIMITS.sessionTtlSeconds),
    /**
     * Answers checked against their zod schemas before they are sent (on: development and tests);
     * off (the production default): written by fast-json-stringify from the same schemas.
     */
    RESPONSE_VALIDATION: onOff.optional(),
    /** How long a resolved session is kept in memory (ms; 0: looked up on every call). */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).default(2_000),
    CAPTCHA: onOff.default('on'),
    SMS_PROVIDER: z.enum(['log', 'aliyun']).default('log'),
    WECHAT_PROVIDER: z.enum(['simulator', 'official']).default('simulator'),
    // Accounts: SMS gateway (Aliyun RPC API), WeChat Official Account, test-only captcha text.
    SMS_ACCESS_KEY_ID: z.string().optional(),
    SMS_ACCESS_KEY_SECRET: z.string().optional(),
    SMS_SIGN_NAME: z.string().optional(),
    SMS_TEMPLATE_CODE: z.string().optional(),
    SMS_ENDPOINT: optionalUrl,
    WECHAT_APP_ID: z.string().optional(),
    WECHAT_APP_SECRET: z.string().optional(),
    WECHAT_TOKEN: z.string().optional(),
    WECHAT_API_BASE: optionalUrl,
    CAPTCHA_TEST_TEXT: z
      .string()
      .regex(/^[A-Za-z0-9]{4,8}$/, 'CAPTCHA_TEST_TEXT 须为 4 到 8 位字母或数字')
      .optional(),
    SIGNUP_TRIAL_BIDS: z.coerce.number().int().min(0).default(1),
    /** Bids granted to the inviter for each new account registered with their invite code (0: no reward). */
    INVITE_REWARD_BIDS: z.coerce.number().int().min(0).max(100).default(1),
    /** Encrypts secrets kept in the database (AI providers' API keys); required in production. */
    SECRET_KEY: z.string().min(16, 'SECRET_KEY 至少 16 个字符').optional(),
    /** Customer service shown at the lower left of every page and wherever a user needs more quota (empty: not shown). */
    CUSTOMER_SERVICE_PHONE: z.string().trim().default(''),
    CUSTOMER_SERVICE_WECHAT: z.string().trim().default(''),
    CUSTOMER_SERVICE_HOURS: z.string().trim().default('工作日 9:00–18:00'),
    /** Bank transfer orders: where to pay (empty: the order page says to contact customer service). */
    TRANSFER_BANK_NAME: z.string().trim().default(''),
    TRANSFER_ACCOUNT_NAME: z.string().trim().default(''),
    TRANSFER_ACCOUNT_NO: z.string().trim().default(''),
    /** WeChat Pay v3 Native: on when all of these are set (PEMs may use \n for line breaks). */
    WECHAT_PAY_APP_ID: z.string().trim().default(''),
    WECHAT_PAY_MCH_ID: z.string().trim().default(''),
    WECHAT_PAY_SERIAL_NO: z.string().trim().default(''),
    WECHAT_PAY_PRIVATE_KEY: z.string().trim().default(''),
    WECHAT_PAY_API_V3_KEY: z
      .string()
      .trim()
      .refine((v) => v === '' || Buffer.byteLength(v) === 32, 'WECHAT_PAY_API_V3_KEY 须为 32 个字符')
      .default(''),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().trim().default(''),
    WECHAT_PAY_NOTIFY_URL: z.string().trim().default(''),
    WECHAT_PAY_API_BASE: z.string().trim().default('https://api.mch.weixin.qq.com'),
    JSON_BODY_LIMIT: positiveInt(LIMITS.jsonBodyBytes),
    UPLOAD_LIMIT: positiveInt(LIMITS.uploadBytes),
    /** Uploaded files parsed at once (each in a child process), and at most this many per user. */
    PARSE_PARALLEL: positiveInt(2),
    PARSE_USER_CONCURRENCY: positiveInt(1),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: trustProxySchema,
    /** AI tuning knobs (tests and the benchmark change them; operators rarely do). */
    AI_JOB_LEASE_MS: positiveInt(30_000),
    AI_JOB_POLL_MS: positiveInt(1_000),
    AI_FULLTEXT_CONCURRENCY: z.coerce.number().int().positive().optional(),
    AI_RETRY_BACKOFF_MS: z.coerce.number().int().positive().optional(),
    AI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
    AI_EVENT_POLL_MS: z.coerce.number().int().positive().optional(),
    /** Fair use of the model (ai/fair-use.ts): tasks at once per user and company, daily tokens (0 = no limit), open event streams per user. */
    AI_USER_CONCURRENCY: positiveInt(DEFAULT_FAIR_USE.perUser),
    AI_COMPANY_CONCURRENCY: positiveInt(DEFAULT_FAIR_USE.perCompany),
    AI_USER_DAILY_TOKENS: z.coerce.number().int().min(0).default(DEFAULT_FAIR_USE.userDailyTokens),
    AI_COMPANY_DAILY_TOKENS: z.coerce.number().int().min(0).default(DEFAULT_FAIR_USE.companyDailyTokens),
    AI_USER_MAX_STREAMS: positiveInt(DEFAULT_FAIR_USE.streamsPerUser),
    /** Knowledge base: an embedding model on the standard tier's endpoint turns on hybrid ranking. */
    AI_EMBEDDING_MODEL: z.string().optional(),
    // The two model tiers, written out so that each variable keeps its type.
    AI_STANDARD_BASE_URL: optionalUrl,
    AI_STANDARD_API_KEY: z.string().optional(),
    AI_STANDARD_MODEL: z.string().optional(),
    AI_STANDARD_CONCURRENCY: positiveInt(4),
    AI_PREMIUM_BASE_URL: optionalUrl,
    AI_PREMIUM_API_KEY: z.string().optional(),
    AI_PREMIUM_MODEL: z.string().optional(),
    AI_PREMIUM_CONCURRENCY: positiveInt(4),
    /**
     * on: providers saved in the operators' console may point at this machine or the private network
     * (a self-hosted model). off (default): such addresses are refused, so that the console cannot
     * send a provider's key to the cloud metadata service or a local daemon (docs/SECURITY.md).
     */
    AI_PROVIDER_ALLOW_PRIVATE: onOff.default('off'),
    /**
     * Where uploads, pictures, exports and invoices are kept: local (DATA_DIR, the default) or s3
     * (any S3-compatible service: MinIO, OSS, COS, S3; docs/DEPLOY.md).
     */
    STORAGE: z.enum(['local', 's3']).default('local'),
    /** Redis (redis://…): jobs on BullMQ; empty: the embedded lease-table queue (docs/DEPLOY.md). */
    REDIS_URL: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(
        z
          .string()
          .regex(/^rediss?:\/\//, 'REDIS_URL 须以 redis:// 或 rediss:// 开头')
          .optional(),
      )
      .optional(),
    /** Key prefix in Redis (several deployments on one Redis). */
    REDIS_PREFIX: z.string().trim().default('bid'),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().trim().optional(),
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** on for MinIO and most self-hosted services (bucket in the path, not in the host name). */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', 'on', 'off'])
      .default('false')
      .transform((v) => v === 'true' || v === 'on'),
    /** Optional folder inside the bucket, e.g. one per deployment. */
    S3_PREFIX: z.string().trim().optional(),
  })
  .superRefine((c, ctx) => {
    // A readable captcha exists only for automated tests.
    if (c.CAPTCHA_TEST_TEXT && c.NODE_ENV !== 'test')
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_TEST_TEXT'],
        message: 'CAPTCHA_TEST_TEXT 只能在 NODE_ENV=test 时使用',
      });
    if (c.SMS_PROVIDER === 'aliyun') {
      for (const k of [
        'SMS_ACCESS_KEY_ID',
        'SMS_ACCESS_KEY_SECRET',
        'SMS_SIGN_NAME',
        'SMS_TEMPLATE_CODE',
      ] as const) {
        if (!c[k]) ctx.addIssue({ code: 'custom', path: [k], message: `SMS_PROVIDER=aliyun 需要设置 ${k}` });
      }
    }
    if (c.STORAGE === 's3' && !c.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE=s3 需要设置 S3_BUCKET' });
    if (c.STORAGE === 's3' && !c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置（都不设置时使用运行环境的凭证）',
      });
    if (c.WECHAT_PROVIDER === 'official') {
      for (const k of ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN'] as const) {
        if (!c[k])
          ctx.addIssue({ code: 'custom', path: [k], message: `WECHAT_PROVIDER=official 需要设置 ${k}` });
      }
    }
    if (c.NODE_ENV === 'production') {
      if (c.CAPTCHA === 'off')
        ctx.addIssue({
          code: 'custom',
          path: ['CAPTCHA'],
          message: '生产环境不允许关闭验证码 (CAPTCHA=off)',
        });
      if (c.SMS_PROVIDER === 'log')
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: '生产环境必须配置真实短信服务 (SMS_PROVIDER=aliyun)',
        });
      if (c.WECHAT_PROVIDER === 'simulator')
        ctx.addIssue({
          code: 'custom',
          path: ['WECHAT_PROVIDER'],
          message: '生产环境不允许使用微信模拟器 (WECHAT_PROVIDER=official)',
        });
      if (c.AUTH_CLIENT_SECRET === DEFAULT_CLIENT_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_CLIENT_SECRET'],
          message: '生产环境必须设置 AUTH_CLIENT_SECRET',
        });
      if (!c.SECRET_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['SECRET_KEY'],
          message: '生产环境必须设置 SECRET_KEY（加密保存在数据库中的 AI 接口密钥）',
        });
    }
  });

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
