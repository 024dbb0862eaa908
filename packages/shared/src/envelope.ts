import { z } from 'zod';

/** The JSON envelope of every answer except the token call (API.md "Transport"). */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
  /**
   * On failures only: the request's id, the same as the answer's X-Request-ID header, so a user's
   * screenshot or a client's report of an error finds its log lines on whichever instance served it.
   */
  requestId?: string;
}

export function envelopeSchema<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.number(), success: z.boolean(), msg: z.string(), data });
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1, '页码必须从 1 开始').default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, '每页条数须在 1 到 100 之间')
    .max(100, '每页条数须在 1 到 100 之间')
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number(),
    current: z.number(),
    size: z.number(),
    pages: z.number(),
  });
}

export function makePage<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) };
}
