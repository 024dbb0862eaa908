import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer, clientHeaders } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { client, flatten, newBid, paragraph, type Client } from './catalog-helpers.ts';
import { callWith, idFields } from './helpers/route-bodies.ts';
import type { RouteInfo } from '../src/app.ts';

/**
 * Generated from the route table: every call that takes an id is made by another user (another
 * personal account and a member of another company) with each of A's ids in every id field. The
 * answer must be a refusal (404, or 400/403) and A's rows must not change. New routes are covered
 * without writing a test.
 */

let owner: Client;
let strangers: TestUser[];
const pool: Record<string, string> = {};

/** Routes whose id fields name shared things, not a user's (checked by hand: see the comment). */
const GLOBAL_IDS = new Set([
  // Notices are the same for everyone: closing one for yourself touches nobody else.
  'POST /api/blade-system/client/closeUserNotice',
]);
/** Development-only helpers and calls that end the caller's own session. */
const SKIP = /^\/api\/(dev\/|blade-auth\/oauth\/logout)/;

async function snapshot(): Promise<string> {
  const db = s.built.ctx.db;
  const t = owner.user.tenantId;
  const [bids, catalogs, pictures, files] = await Promise.all([
    db.selectFrom('bids').selectAll().where('tenant_id', '=', t).orderBy('id').execute(),
    db.selectFrom('catalogs').selectAll().where('bid_id', '=', pool.bidId).orderBy('id').execute(),
    db.selectFrom('pictures').selectAll().where('tenant_id', '=', t).orderBy('id').execute(),
    db.selectFrom('files').selectAll().where('tenant_id', '=', t).orderBy('id').execute(),
  ]);
  return JSON.stringify({ bids, catalogs, pictures, files });
}

const s = useTestServer();
beforeAll(async () => {
  const a = await createUserWithSession(s, { quota: { bid_number: 20 } });
  owner = client(s, a);
  strangers = [
    await createUserWithSession(s),
    await createUserWithSession(s, { role: 'employee', isEmployee: 1 }),
  ];
  pool.bidId = await newBid(owner, '甲的标书');
  const tree = await owner.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId: pool.bidId,
    catalogs: [{ title: '一', children: [{ title: '一.1' }] }],
  });
  const [parent, leaf] = flatten(tree);
  pool.parentId = parent.id;
  pool.catalogId = leaf.id;
  await owner.data('/catalog/client/updateBidCatalogContent', {
    id: leaf.id,
    content: paragraph('甲写的内容'),
    baseVersion: 0,
  });
  await owner.data('/catalog/client/bidCatalogSave', {
    bidId: pool.bidId,
    catalogs: [{ title: '一', children: [{ title: '一.1' }, { title: '一.2' }] }],
  });
  const versions = await owner.data<Array<{ id: string }>>('/bid/client/getBidCatalogVersionList', {
    bidId: pool.bidId,
  });
  pool.outlineVersionId = versions[0].id;
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')]),
    'a.svg',
  );
  const pic = await fetch(`${s.baseUrl}/api/picture/client/upload`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${a.token}` },
    body: form,
  });
  pool.pictureId = ((await pic.json()) as { data: { id: string } }).data.id;
  const tender = new FormData();
  tender.append(
    'file',
    new Blob([Buffer.from('项目名称：甲的项目\n采购人：某单位\n评分标准：技术方案 30 分')]),
    '招标.txt',
  );
  const file = await fetch(`${s.baseUrl}/api/file/client/uploadTender`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${a.token}` },
    body: tender,
  });
  pool.fileId = ((await file.json()) as { data: { fileId: string } }).data.fileId;
});

describe(`cross-user and cross-company id matrix over the route table (${TEST_DB})`, () => {
  it("nobody reaches another account's rows through any id-taking call", async () => {
    const routes = (
      s.built.routes as Array<RouteInfo & { schema?: { body?: unknown; querystring?: unknown } }>
    ).filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.method !== 'HEAD' &&
        !SKIP.test(r.url) &&
        (idFields(r.schema?.body).length || idFields(r.schema?.querystring).length || r.url.includes('/:')),
    );
    expect(routes.length).toBeGreaterThan(30);
    const ids = Object.values(pool).filter(Boolean);
    const leaks: string[] = [];
    let calls = 0;
    const answers = new Map<number, number>();
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (GLOBAL_IDS.has(key)) continue;
      const before = await snapshot();
      for (const [who, stranger] of strangers.entries()) {
        for (const id of ids) {
          const c = callWith(r, id);
          const res = await s.api.call(c.url.replace(/^\/api/, ''), c.body, {
            method: c.method,
            token: stranger.token,
            query: c.query,
          });
          calls += 1;
          const code =
            typeof res.body === 'object' && res.body ? (res.body as { code?: number }).code : undefined;
          answers.set(code ?? res.status, (answers.get(code ?? res.status) ?? 0) + 1);
          const refused =
            res.status >= 400 &&
            res.status < 500 &&
            code !== undefined &&
            [400, 403, 404, 413, 429].includes(code);
          if (!refused)
            leaks.push(
              `${key} with ${id} as ${who ? 'another company' : 'another user'}: ${res.status}/${code}`,
            );
        }
      }
      const after = await snapshot();
      if (after !== before) leaks.push(`${key} changed the owner's rows`);
    }
    console.log(
      `id matrix: ${routes.length} routes, ${calls} calls, answers ${JSON.stringify(Object.fromEntries(answers))}, ids ${JSON.stringify(pool)}`,
    );
    // Most calls must reach the ownership check (404), not stop at validation.
    expect(answers.get(404) ?? 0).toBeGreaterThan(calls / 2);
    expect(leaks).toEqual([]);
  }, 300_000);
});
