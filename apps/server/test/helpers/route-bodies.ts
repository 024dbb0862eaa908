import type { RouteInfo } from '../../src/app.ts';

/**
 * Request bodies made from a route's own zod schema (the route table is the source, so new routes
 * are covered without writing tests): a plausible valid body whose id fields take a given value.
 */

interface ZodLike {
  _zod: { def: Record<string, any> };
}

const ID_KEY = /(^id$|Id$|^ids$|Ids$)/;

export function isIdKey(key: string): boolean {
  return ID_KEY.test(key);
}

/** The id-taking field names of a schema's top level (body or query). */
export function idFields(schema: unknown): string[] {
  const shape = objectShape(schema);
  return shape ? Object.keys(shape).filter(isIdKey) : [];
}

function objectShape(schema: unknown): Record<string, ZodLike> | null {
  let s = schema as ZodLike | undefined;
  for (let i = 0; s && i < 10; i++) {
    const def = s._zod?.def;
    if (!def) return null;
    if (def.type === 'object') return def.shape as Record<string, ZodLike>;
    s = def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter() : undefined);
  }
  return null;
}

/** A sample value for a schema; `id` fills id fields (a string, or an array of one for `ids`). */
export function sample(schema: unknown, id: string, key = '', depth = 0): unknown {
  const z = schema as ZodLike | undefined;
  const def = z?._zod?.def;
  if (!def || depth > 6) return undefined;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = sample(v, id, k, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sample(def.innerType, id, key, depth + 1);
    case 'pipe':
      return sample(def.in, id, key, depth + 1);
    case 'lazy':
      return sample(def.getter(), id, key, depth + 1);
    case 'string':
      if (isIdKey(key)) return id;
      if (/phone/i.test(key)) return '13800000000';
      return '测试内容';
    case 'number':
    case 'int':
      return /current|page/i.test(key) ? 1 : /size/i.test(key) ? 10 : 1;
    case 'bigint':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return isIdKey(key)
        ? [id]
        : [sample(def.element, id, key.replace(/s$/, ''), depth + 1)].filter((v) => v !== undefined);
    case 'union':
      return sample((def.options as unknown[])[0], id, key, depth + 1);
    case 'record':
      return {};
    case 'unknown':
    case 'any':
      return key === 'content' ? { type: 'doc', content: [{ type: 'paragraph' }] } : {};
    case 'null':
      return null;
    default:
      return undefined;
  }
}

export interface CallShape {
  method: string;
  url: string;
  body?: unknown;
  query?: Record<string, string>;
}

/** A call of the route with every id field set to `id` (path parameters too). */
export function callWith(
  route: RouteInfo & { schema?: { body?: unknown; querystring?: unknown } },
  id: string,
): CallShape {
  const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(id));
  if (route.method === 'GET' || route.method === 'DELETE') {
    const q = sample(route.schema?.querystring, id) as Record<string, unknown> | undefined;
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(q ?? {}))
      query[k] = Array.isArray(v) ? String(v[0]) : typeof v === 'object' ? '' : String(v);
    return { method: route.method, url, query };
  }
  return { method: route.method, url, body: sample(route.schema?.body, id) ?? {} };
}
