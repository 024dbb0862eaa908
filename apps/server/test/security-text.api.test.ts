import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHAR_MSG, type CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { flatten, newBid, newWriter, type Client } from './catalog-helpers.ts';
import type { RouteInfo } from '../src/app.ts';
import { sample } from './helpers/route-bodies.ts';

/**
 * NUL and the other C0 controls are refused with a 400 on every text field (issue 30, finding 2):
 * PostgreSQL cannot store NUL, and `getBidList {"keyword":"a\u0000b"}` answered 500 there. The
 * route table is the source: every string a request schema takes is found by walking the schema,
 * so a new route or field is covered without a new test.
 */

let c: Client;
let bidId: string;
let chapterId: string;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
  bidId = await newBid(c);
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [{ title: '技术方案' }],
  });
  chapterId = flatten(tree)[0].id;
  await s.built.ctx.services.jobs.stop();
});

type Def = Record<string, any>;
type Schemaish = { _zod: { def: Def }; safeParse(v: unknown): { success: boolean; error?: any } };

/** Values a text field may accept; the first one a field takes is the one the test spoils. */
const CANDIDATES = [
  '测试内容',
  'abc',
  'a1',
  '13800000000',
  'https://example.com/a',
  '2026-01-01',
  'page:/home',
  '1',
];

/** Every field of a schema that takes a string, with its path: objects, arrays and wrappers walked. */
function textFields(schema: unknown, path: string, out: Array<[string, Schemaish]>, depth = 0): void {
  const z = schema as Schemaish | undefined;
  const def = z?._zod?.def;
  if (!z || !def || depth > 12) return;
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>))
        textFields(v, path ? `${path}.${k}` : k, out, depth + 1);
      return;
    case 'array':
      textFields(def.element, `${path}[]`, out, depth + 1);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      // A wrapper of an object or array: walk inside; of a leaf: the wrapper is the field.
      if (['object', 'array'].includes(unwrap(def.innerType)?._zod.def.type ?? ''))
        textFields(def.innerType, path, out, depth + 1);
      else out.push([path, z]);
      return;
    case 'lazy':
      textFields(def.getter(), path, out, depth + 1);
      return;
    case 'pipe':
      if (unwrap(def.in)?._zod.def.type === 'object') textFields(def.in, path, out, depth + 1);
      else out.push([path, z]);
      return;
    case 'union':
      if ((def.options as Schemaish[]).some((o) => unwrap(o)?._zod.def.type === 'object'))
        for (const o of def.options as unknown[]) textFields(o, path, out, depth + 1);
      else out.push([path, z]);
      return;
    default:
      out.push([path, z]);
  }
}

function unwrap(schema: unknown): Schemaish | undefined {
  let z = schema as Schemaish | undefined;
  for (let i = 0; z?._zod && i < 10; i++) {
    const def = z._zod.def;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
      z = def.innerType;
    else if (def.type === 'pipe') z = def.in;
    else if (def.type === 'lazy') z = def.getter();
    else return z;
  }
  return z;
}

/** `body` with the value at `path` (a.b[].c: arrays at their first element) replaced. */
function setAt(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, any>;
  const keys = path.split('.').flatMap((k) => (k.endsWith('[]') ? [k.slice(0, -2), 0] : [k]));
  let at: any = copy;
  for (const k of keys.slice(0, -1)) {
    if (at[k] === undefined || at[k] === null) at[k] = typeof k === 'number' ? {} : [];
    at = at[k];
  }
  at[keys.at(-1)!] = value;
  return copy;
}

/** Whether the whole input is refused for a control character (a check on a parent, like textTree). */
function refusedAsWhole(schema: unknown, path: string, spoiled: string): boolean {
  const body = setAt(sample(schema, 'x1') ?? {}, path, spoiled);
  const r = (schema as Schemaish).safeParse(body);
  return !r.success && r.error.issues.some((i: { message: string }) => i.message === CONTROL_CHAR_MSG);
}

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];

describe(`control characters are refused on every text field (${TEST_DB})`, () => {
  it('every string field of every request schema refuses NUL and the other C0 controls', () => {
    const routes = (
      s.built.routes as Array<RouteInfo & { schema?: { body?: unknown; querystring?: unknown } }>
    ).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    const accepted: string[] = [];
    let fields = 0;
    for (const r of routes) {
      for (const input of [r.schema?.body, r.schema?.querystring]) {
        const found: Array<[string, Schemaish]> = [];
        textFields(input, '', found);
        for (const [path, field] of found) {
          // A field that turns the text into a number or a date is no text field.
          const good = CANDIDATES.find((v) => {
            const parsed = field.safeParse(v) as { success: boolean; data?: unknown };
            return parsed.success && typeof parsed.data === 'string';
          });
          if (good === undefined) continue;
          fields += 1;
          for (const ctl of CONTROLS) {
            const spoiled = `${good.slice(0, 1)}${ctl}${good.slice(1)}`;
            if (field.safeParse(spoiled).success && !refusedAsWhole(input, path, spoiled)) {
              accepted.push(`${r.method} ${r.url} ${path} takes U+${ctl.charCodeAt(0).toString(16)}`);
              break;
            }
          }
        }
      }
    }
    console.log(`text fields checked: ${fields}`);
    expect(fields).toBeGreaterThan(150);
    expect(accepted).toEqual([]);
  });

  it('the calls the probe found answer a clear 400 on this database, and nothing is stored', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/bid/client/getBidList', { keyword: 'a\u0000b' }],
      ['/bid/client/saveBid', { name: 'a\u0000b', modelType: 'standard' }],
      ['/bid/client/saveBid', { name: '标书', tenderText: '招标\u0000文件', modelType: 'standard' }],
      ['/bid/client/updateBid', { id: bidId, name: 'x\u0000' }],
      ['/catalog/client/bidCatalogSave', { bidId, catalogs: [{ title: '第\u0000章' }] }],
      ['/catalog/client/updateBidCatalogTitle', { id: chapterId, title: '标\u0000题' }],
      ['/bid/client/saveFeedback', { content: '反馈\u0000' }],
      ['/blade-system/client/update-user', { name: '张\u0000三' }],
      ['/picture/client/list', { keyword: '\u0000' }],
      ['/bid/client/getBidList', { keyword: 'a\u001bb' }],
      ['/bid/client/saveFeedback', { content: '反馈\u000c换页' }],
    ];
    const before = await c.data('/bid/client/getBidList', {});
    for (const [path, body] of calls) {
      const r = await c.call(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)} → ${r.msg}`).toBe(400);
      expect(r.msg, path).toContain(CONTROL_CHAR_MSG);
    }
    expect((await c.data('/bid/client/getBidList', {})).total).toBe(before.total);
    const detail = await c.data('/catalog/client/getBidCatalogDetail', { id: chapterId });
    expect(detail.title).toBe('技术方案');
  });

  it('long texts keep TAB and new lines; names lose bidi controls', async () => {
    const r = await c.call('/bid/client/saveFeedback', { content: '第一行\n\t第二行\r\n' });
    expect(r.status, r.msg).toBe(200);
    const saved = await c.call('/bid/client/saveBid', {
      name: '\u202eevil\u202c.exe 标书',
      modelType: 'standard',
    });
    expect(saved.status, saved.msg).toBe(200);
    const list = await c.data('/bid/client/getBidList', { keyword: 'evil' });
    expect(list.records.map((b: { name: string }) => b.name)).toContain('evil.exe 标书');
  });

  it('a lone surrogate is refused, not stored changed', async () => {
    const r = await c.call('/bid/client/saveBid', { name: 'a\ud800b', modelType: 'standard' });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('不完整的 Unicode 字符');
  });
});
