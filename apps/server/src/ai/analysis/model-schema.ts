import { z } from 'zod';
import { SCORING_CATEGORIES } from '@bid/shared';

/** What a model's tender analysis must look like; lenient on form, strict on structure. */

const nullableStr = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));
const points = z.union([z.number(), z.string(), z.null(), z.undefined()]).transform((v) => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(/\d+(?:\.\d+)?/.exec(v)?.[0] ?? NaN);
  return Number.isFinite(n) && n >= 0 && n <= 1000 ? n : null;
});
const lot = z.union([z.number(), z.string(), z.null(), z.undefined()]).transform((v) => {
  const n = typeof v === 'number' ? v : Number(/\d+/.exec(String(v ?? ''))?.[0] ?? NaN);
  return Number.isInteger(n) && n >= 1 && n <= 999 ? n : null;
});
const strList = z
  .array(z.union([z.string(), z.number()]).transform(String))
  .catch([])
  .default([]);

export const modelAnalysisSchema = z.object({
  project: z
    .object({
      name: nullableStr,
      number: nullableStr,
      owner: nullableStr,
      agency: nullableStr,
      budget: nullableStr,
      period: nullableStr,
      location: nullableStr,
      scope: nullableStr,
      bond: nullableStr,
      method: nullableStr,
    })
    .partial()
    .default({}),
  scoringMethod: nullableStr.default(null),
  qualifications: strList,
  scoringItems: z
    .array(
      z.object({
        category: z.enum(SCORING_CATEGORIES).catch('technical'),
        group: nullableStr.default(null),
        name: z.string().trim().min(1),
        points,
        criteria: z
          .union([z.string(), z.null()])
          .transform((v) => v ?? '')
          .default(''),
        lot: lot.default(null),
      }),
    )
    .catch([])
    .default([]),
  starClauses: z
    .array(z.object({ mark: z.enum(['★', '▲']).catch('★'), text: z.string().min(1), lot: lot.default(null) }))
    .catch([])
    .default([]),
  disqualifications: strList,
  keyDates: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .catch([])
    .default([]),
  mandatedOutline: z
    .array(z.object({ title: z.string().min(1), level: z.coerce.number().int().min(1).max(3).catch(1) }))
    .catch([])
    .default([]),
  darkBid: z.boolean().catch(false).default(false),
  pageLimit: z.union([z.number(), z.null()]).catch(null).default(null),
  formatRules: strList,
  responseTables: strList,
});
export type ModelAnalysis = z.infer<typeof modelAnalysisSchema>;
