import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, LIMITS } from '@bid/shared';

const onOff = z.enum(['on', 'off']);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();
const positiveInt = (def: number) => z.coerce.number().int().positive().default(def);

function aiTier(prefix: 'AI_STANDARD' | 'AI_PREMIUM') {
  return {
    [`${prefix}_BASE_URL`]: optionalUrl,
    [`${prefix}_API_KEY`]: z.string().optional(),
    [`${prefix}_MODEL`]: z.string().optional(),
    [`${prefix}_CONCURRENCY`]: positiveInt(4),
  };
}

/** Every variable the server reads, with its default (mirrored in .env.example). */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_CLIENT_ID: z.string().min(1).default(DEFAULT_CLIENT_ID),
    AUTH_CLIENT_SECRET: z.string().min(1).default(DEFAULT_CLIENT_SECRET),
    SESSION_TTL_SECONDS: positiveInt(LIMITS.sessionTtlSeconds),
    CAPTCHA: onOff.default('on'),
    SMS_PROVIDER: z.enum(['log', 'aliyun', 'tencent']).default('log'),
    WECHAT_PROVIDER: z.enum(['simulator', 'official']).default('simulator'),
    SIGNUP_TRIAL_BIDS: z.coerce.number().int().min(0).default(1),
    JSON_BODY_LIMIT: positiveInt(LIMITS.jsonBodyBytes),
    UPLOAD_LIMIT: positiveInt(LIMITS.uploadBytes),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    ...aiTier('AI_STANDARD'),
    ...aiTier('AI_PREMIUM'),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production') {
      if (c.CAPTCHA === 'off') ctx.addIssue({ code: 'custom', path: ['CAPTCHA'], message: '生产环境不允许关闭验证码 (CAPTCHA=off)' });
      if (c.SMS_PROVIDER === 'log') ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: '生产环境必须配置真实短信服务 (SMS_PROVIDER=aliyun|tencent)' });
      if (c.WECHAT_PROVIDER === 'simulator') ctx.addIssue({ code: 'custom', path: ['WECHAT_PROVIDER'], message: '生产环境不允许使用微信模拟器 (WECHAT_PROVIDER=official)' });
      if (c.AUTH_CLIENT_SECRET === DEFAULT_CLIENT_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_CLIENT_SECRET'], message: '生产环境必须设置 AUTH_CLIENT_SECRET' });
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
