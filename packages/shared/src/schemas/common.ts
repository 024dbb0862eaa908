import { z } from 'zod';

/** Ids are strings (API.md); numbers from lenient clients are accepted and turned into strings. */
export const idSchema = z
  .union([z.string(), z.number().int()])
  .transform((v) => String(v))
  .pipe(z.string().min(1, 'id 不能为空').max(64, 'id 格式不正确'));

export const idParamSchema = z.object({ id: idSchema });
export type IdParam = z.infer<typeof idParamSchema>;
