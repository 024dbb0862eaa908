import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';
import { sample } from './helpers/route-bodies.ts';
import type { RouteInfo } from '../src/app.ts';

/**
 * Every request schema in the route table, one required field at a time given a value of the wrong
 * type: the 400 answer's message is Chinese and names the field (its Chinese label, or its key),
 * never zod's English. Generated from the route table, so a new route is covered without a new test.
 */

let token: string;
const s = useTestServer();
beforeAll(async () => {
  token = (await createUserWithSession(s, { quota: { bid_number: 5 } })).token;
  await s.built.ctx.services.jobs.stop();
});

type Def = Record<string, any>;
type Schemaish = { _zod?: { def: Def } };

function shapeOf(schema: unknown): Record<string, Schemaish> | null {
  let z = schema as Schemaish | undefined;
  for (let i = 0; z?._zod && i < 10; i++) {
    const def = z._zod.def;
    if (def.type === 'object') return def.shape as Record<string, Schemaish>;
    z = def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter() : undefined);
  }
  return null;
}

/** The field's base type when it is required (no default, not optional), else null. */
function requiredType(field: Schemaish): string | null {
  let z: Schemaish | undefined = field;
  for (let i = 0; z?._zod && i < 10; i++) {
    const def: Def = z._zod.def;
    if (['optional', 'default', 'prefault', 'catch', 'nullable'].includes(def.type)) return null;
    if (def.type === 'pipe') z = def.in;
    else if (def.type === 'lazy') z = def.getter();
    else if (def.type === 'readonly') z = def.innerType;
    else return def.type as string;
  }
  return null;
}

/** A value no schema of that type accepts, even with coercion. */
const WRONG: Record<string, unknown> = {
  string: { x: 1 },
  number: 'x',
  int: 'x',
  boolean: 'x',
  enum: 12345,
  literal: 12345,
  array: 'x',
  object: 'x',
  union: { x: 1 },
};

/** Calls that end the session, take a multipart body, or belong to operators (their own tests). */
const SKIP = /^\/api\/(dev\/|docs|blade-auth\/|admin\/|blade-system\/client\/(update-phone|update-password))/;

/** The option values of an enum or literal field (a message may quote them: 只能是 wechat 或 transfer). */
function optionsOf(field: Schemaish): string[] {
  const out: string[] = [];
  const walk = (z: Schemaish | undefined, depth: number) => {
    const def = z?._zod?.def;
    if (!def || depth > 8) return;
    if (def.type === 'enum') out.push(...Object.values(def.entries as Record<string, string>).map(String));
    else if (def.type === 'literal') out.push(...(def.values as unknown[]).map(String));
    else if (def.type === 'union') (def.options as Schemaish[]).forEach((o) => walk(o, depth + 1));
    else walk(def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter() : undefined), depth + 1);
  };
  walk(field, 0);
  return out;
}

type Parseable = {
  safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } };
};

describe(`every validation message is Chinese and names the field (${TEST_DB})`, { timeout: 60_000 }, () => {
  it('for each route with a body or query schema, a wrong type in each required field', async () => {
    const routes = s.built.routes as Array<
      RouteInfo & { schema?: { body?: unknown; querystring?: unknown } }
    >;
    const checked: string[] = [];
    const failures: string[] = [];
    for (const r of routes) {
      if (SKIP.test(r.url) || r.url.includes(':') || r.method === 'HEAD') continue;
      const inQuery = r.method === 'GET' || r.method === 'DELETE';
      const schema = inQuery ? r.schema?.querystring : r.schema?.body;
      const shape = shapeOf(schema);
      if (!shape) continue;
      const valid = (sample(schema, '1') ?? {}) as Record<string, unknown>;
      for (const [key, field] of Object.entries(shape)) {
        const type = requiredType(field);
        if (!type || !(type in WRONG)) continue;
        // In a query string every value is text: only numbers and enums can be of the wrong type.
        if (inQuery && !['number', 'int', 'enum', 'boolean'].includes(type)) continue;
        const wrong = { ...valid, [key]: WRONG[type] };
        const res = inQuery
          ? await s.api.get(
              r.url.replace(/^\/api/, ''),
              Object.fromEntries(Object.entries(wrong).map(([k, v]) => [k, String(v)])),
              { token },
            )
          : await s.api.post(r.url.replace(/^\/api/, ''), wrong, { token });
        const msg = String((res.body as { msg?: unknown }).msg ?? '');
        const where = `${r.method} ${r.url} ${key}=${JSON.stringify(WRONG[type])} → ${res.status} ${msg}`;
        if (res.status !== 400) {
          failures.push(`not refused: ${where}`);
          continue;
        }
        // The sample of the other fields may itself be refused (a format the sampler cannot guess):
        // then the answer is about that field, and this case says nothing about `key`.
        const firstIssue = (schema as Parseable).safeParse(
          inQuery ? Object.fromEntries(Object.entries(wrong).map(([k, v]) => [k, String(v)])) : wrong,
        ).error?.issues[0];
        if (firstIssue && firstIssue.path[0] !== key) continue;
        checked.push(where);
        // English left once the API's own words are set aside: field keys and the field's option values.
        const words = [...Object.keys(shape), ...optionsOf(field)].sort((a, b) => b.length - a.length);
        const rest = words.reduce((m, w) => m.split(w).join(''), msg);
        if (!/[\u4e00-\u9fff]{2,}/.test(msg) || /[A-Za-z]{3,}/.test(rest))
          failures.push(`not Chinese: ${where}`);
        // Named: by its key, or by the schema's own Chinese sentence about it (e.g. 标书名称不能为空).
        else if (!msg.includes(key) && !/^[\u4e00-\u9fff]{2,}/.test(msg)) failures.push(`no field: ${where}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked.length).toBeGreaterThan(50);
  });
});
