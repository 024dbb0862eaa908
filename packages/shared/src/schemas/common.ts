import { z } from 'zod';
import { plainText } from './text.ts';

/** Ids are strings (API.md); numbers from lenient clients are accepted and turned into strings. */
export const idSchema = z
  .union([plainText(), z.number().int()])
  .transform((v) => String(v))
  .pipe(plainText().min(1, 'id 不能为空').max(64, 'id 格式不正确'));

export const idParamSchema = z.object({ id: idSchema });
export type IdParam = z.infer<typeof idParamSchema>;

// ---- Notices and partners under /common/client/ (accounts) ----

/** POST /common/client/getHeadNotice: the banner, null when there is none (or this user closed it). */
export const headNoticeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    link: z.string().nullable(),
    /** 'info' | 'warning' | 'success' | 'error' */
    level: z.string(),
  })
  .nullable();
export type HeadNotice = z.infer<typeof headNoticeSchema>;

/** POST /common/client/getUpdateNotice: release notes of the newest version until the user closes them. */
export const updateNoticeSchema = z
  .object({
    id: z.string(),
    version: z.string(),
    title: z.string(),
    content: z.string(),
    publishedAt: z.string(),
  })
  .nullable();
export type UpdateNotice = z.infer<typeof updateNoticeSchema>;

/** POST /common/client/getCooperatePartnerList */
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  link: z.string().nullable(),
  description: z.string().nullable(),
});
export type Partner = z.infer<typeof partnerSchema>;
