import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession } from './helpers/fixtures.ts';
import { client, flatten, newBid, type Client } from './catalog-helpers.ts';
import { callWith } from './helpers/route-bodies.ts';
import type { RouteInfo } from '../src/app.ts';

/**
 * Schema fuzzing of every call in the route table (fast-check): hostile bodies and queries — random
 * JSON, the route's own valid body with one field replaced by something hostile — sent by a logged-in
 * owner. No answer may be a 5xx, and a refused call changes nothing. The alphabet has NUL, other
 * controls, lone surrogates, bidi controls and deep nesting; the api-pg project runs it on PostgreSQL.
 */

let owner: Client;
let bidId: string;
let catalogId: string;

/** Calls that end the session or need a body that is not JSON (uploads) or an outside party. */
const SKIP =
  /^\/api\/(dev\/|docs|blade-auth\/oauth\/logout|blade-system\/client\/(update-phone|update-password)|file\/client\/uploadTender|picture\/client\/upload|admin\/)/;

const hostileValue = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '__proto__',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '\u0000',
    'a\u0000b',
    // Control, broken and bidi characters (issue 30: NUL answered 500 on PostgreSQL).
    '\u0007\u001b\u007f',
    '\ud800',
    'x\udc00y',
    '\u202eexe.txt',
    '\u200f\u2066',
    'x'.repeat(70_000),
  ),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 5 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1}}')),
  // Deeper than the JSON body parser reads (256 levels): refused before anything walks it.
  fc.constant(JSON.parse(`${'['.repeat(300)}${']'.repeat(300)}`)),
);

const show = (v: unknown, n: number) => String(JSON.stringify(v) ?? v).slice(0, n);

async function snapshot(): Promise<string> {
  const db = s.built.ctx.db;
  const t = owner.user.tenantId;
  const [bids, catalogs, pictures] = await Promise.all([
    db.selectFrom('bids').selectAll().where('tenant_id', '=', t).orderBy('id').execute(),
    db.selectFrom('catalogs').selectAll().where('bid_id', '=', bidId).orderBy('id').execute(),
    db.selectFrom('pictures').selectAll().where('tenant_id', '=', t).orderBy('id').execute(),
  ]);
  return JSON.stringify({ bids, catalogs, pictures });
}

const s = useTestServer();
beforeAll(async () => {
  owner = client(s, await createUserWithSession(s, { quota: { bid_number: 50 } }));
  bidId = await newBid(owner, '模糊测试');
  const tree = await owner.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [{ title: '一', children: [{ title: '一.1' }] }],
  });
  catalogId = flatten(tree)[1].id;
  // Background jobs (全文写作 started by a valid fuzz body) would change rows between the snapshots.
  await s.built.ctx.services.jobs.stop();
});

describe(`schema fuzzing of every call (${TEST_DB})`, () => {
  it('no call answers a 5xx, and a refused call changes nothing', async () => {
    const routes = (
      s.built.routes as Array<RouteInfo & { schema?: { body?: unknown; querystring?: unknown } }>
    ).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !SKIP.test(r.url));
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let calls = 0;
    for (const r of routes) {
      const id = /catalog/i.test(r.url) ? catalogId : bidId;
      const base = callWith(r, id);
      const bodies = fc.sample(
        fc.oneof(
          fc.anything({ maxDepth: 3 }),
          fc
            .tuple(fc.constantFrom(...Object.keys((base.body as object) ?? {}), 'extra'), hostileValue)
            .map(([k, v]) => ({ ...((base.body as object) ?? {}), [k]: v })),
        ),
        { numRuns: 6, seed: 19 },
      );
      for (const body of bodies) {
        const before = await snapshot();
        const query = base.query
          ? Object.fromEntries(
              Object.keys(base.query).map((k) => [
                k,
                typeof body === 'string' ? body.slice(0, 200) : show(body, 200),
              ]),
            )
          : undefined;
        const res = await s.api.call(
          base.url.replace(/^\/api/, ''),
          base.method === 'GET' ? undefined : body,
          { method: base.method, token: owner.user.token, query },
        );
        calls += 1;
        const code =
          typeof res.body === 'object' && res.body ? (res.body as { code?: number }).code : undefined;
        if (res.status >= 500)
          failures.push(`${r.method} ${r.url} answered ${res.status} to ${show(body, 120)}`);
        const refused = code !== 200;
        if (refused && (await snapshot()) !== before)
          failures.push(`${r.method} ${r.url} refused (${code}) but changed rows for ${show(body, 120)}`);
      }
    }
    console.log(`schema fuzz: ${routes.length} routes, ${calls} calls`);
    expect(failures).toEqual([]);
  }, 300_000);
});
