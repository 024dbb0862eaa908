import { z } from 'zod';
import { plainText } from './text.ts';

const modelName = (label: string) =>
  plainText({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(100, `${label}不能超过 100 个字符`);

/** POST admin/ai-provider/save: a new provider (no id) needs the key; an edit keeps the key unless a new one is given. */
export const aiProviderSaveSchema = z.object({
  id: plainText().optional(),
  name: plainText({ error: '请填写名称' }).trim().min(1, '请填写名称').max(50, '名称不能超过 50 个字'),
  baseUrl: plainText({ error: '请填写接口地址' })
    .trim()
    .url('接口地址须为 http(s) 网址')
    .max(300, '接口地址过长')
    .refine((u) => /^https?:\/\//i.test(u), '接口地址须为 http(s) 网址'),
  apiKey: plainText().trim().max(500, 'API Key 过长').optional(),
  standardModel: modelName('标准模型名'),
  premiumModel: modelName('高级模型名'),
  concurrency: z.coerce
    .number()
    .int()
    .min(1, '并发数须在 1 到 64 之间')
    .max(64, '并发数须在 1 到 64 之间')
    .default(4),
});
export type AiProviderSaveInput = z.infer<typeof aiProviderSaveSchema>;

/** What the console sees of a provider: the key only as "****abcd". */
export const aiProviderItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  keyHint: z.string(),
  standardModel: z.string(),
  premiumModel: z.string(),
  concurrency: z.number(),
  active: z.boolean(),
  updateTime: z.string(),
});
export type AiProviderItem = z.infer<typeof aiProviderItemSchema>;

/** GET admin/ai-provider/list: the providers and what the AI engine uses now. */
export const aiProviderListSchema = z.object({
  providers: z.array(aiProviderItemSchema),
  /** 'console' (an active provider above), 'env' (the server's AI_* settings) or 'offline'. */
  inUse: z.enum(['console', 'env', 'offline']),
});
export type AiProviderList = z.infer<typeof aiProviderListSchema>;

/** POST admin/ai-provider/activate: `id` null goes back to the server's own settings. */
export const aiProviderActivateSchema = z.object({ id: plainText().nullable() });
