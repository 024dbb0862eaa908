import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers are written. With response validation on (development and tests), every answer is
 * parsed by its route's zod schema before JSON.stringify, so an answer that breaks the contract
 * fails loudly. In production (RESPONSE_VALIDATION=off) the schema is compiled once per route into
 * a fast-json-stringify function instead: it writes only the declared fields, in the declared
 * types, without checking them — validation of answers costs CPU on every call and only finds
 * bugs the tests exist to find (the API suites check every answer against the contract).
 *
 * A schema that JSON Schema cannot express the way zod applies it (a transform, a date object, a
 * custom check) keeps the zod serializer, so an answer never changes with the switch.
 */

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

function zodOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const props = (schema as { properties?: unknown } | null)?.properties;
  return props instanceof z.ZodType ? props : null;
}

/** The JSON Schema of an answer, or null when zod would write it otherwise than the schema says. */
export function jsonSchemaForAnswer(schema: z.ZodType): Record<string, unknown> | null {
  try {
    // Output side with unrepresentable types refused: throws on transforms, dates, customs.
    z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    // Input side for the writer: a defaulted field may be missing from what the handler returns,
    // and fast-json-stringify writes the default as zod would.
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-7' }) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
}

/** Counts of the routes compiled each way (the start-up log and the tests read them). */
export const serializerStats = { fast: 0, zod: 0 };

export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route: RouteSchema) => {
  const schema = zodOf(route.schema);
  const json = schema && jsonSchemaForAnswer(schema);
  if (json) {
    try {
      const write = fastJson(json);
      serializerStats.fast += 1;
      return (data: unknown) => write(data);
    } catch {
      /* a schema fast-json-stringify cannot compile: zod writes it */
    }
  }
  serializerStats.zod += 1;
  return zodSerializerCompiler(route as never);
};
