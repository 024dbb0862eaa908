import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@bid/shared';
import { fastSerializerCompiler, jsonSchemaForAnswer } from './serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'POST', url: '/api/x', httpStatus: '200' });
/** What each compiler writes for the same data. */
function both(schema: z.ZodType, data: unknown) {
  return {
    fast: JSON.parse(fastSerializerCompiler(route(schema) as never)(data)),
    zod: JSON.parse(serializerCompiler(route(schema) as never)(data)),
  };
}

interface Node {
  title: string;
  children: Node[];
}
const node: z.ZodType<Node> = z.lazy(() => z.object({ title: z.string(), children: z.array(node) }));

describe('answers written from the schema (production)', () => {
  it('writes what zod writes: declared fields only, optional and nullable ones, defaults, unions, trees', () => {
    const schema = envelopeSchema(
      z.object({
        id: z.string(),
        note: z.string().optional(),
        finishTime: z.string().nullable(),
        size: z.number().default(10),
        kind: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
        tags: z.array(z.string()),
        tree: z.array(node),
      }),
    );
    const data = {
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        id: '1',
        finishTime: null,
        password_hash: 'never written',
        kind: { b: '乙' },
        tags: ['甲'],
        tree: [{ title: '第一章', children: [{ title: '1.1', children: [] }] }],
      },
    };
    const { fast, zod } = both(schema, data);
    expect(fast).toEqual(zod);
    expect(fast.data.password_hash).toBeUndefined();
    expect(fast.data.size).toBe(10);
  });

  it('leaves a schema with a transform to zod, so the answer does not change with the switch', () => {
    const schema = z.object({ at: z.string().transform((s) => s.slice(0, 4)) });
    expect(jsonSchemaForAnswer(schema)).toBeNull();
    const { fast, zod } = both(schema, { at: '2026-11-26' });
    expect(fast).toEqual({ at: '2026' });
    expect(zod).toEqual(fast);
  });
});
