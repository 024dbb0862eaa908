import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
  ai: z.string(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/ready: what this instance depends on, each reachable (a failure answers 500). */
export const readySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  storage: z.enum(['local', 's3']),
  queue: z.enum(['database', 'redis']),
});
export type Ready = z.infer<typeof readySchema>;
