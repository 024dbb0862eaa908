import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, type Endpoint } from '@bid/shared';
import { createUserWithSession } from './helpers/fixtures.ts';
import { checkAgainstContract, TEST_DB, useTestServer, clientHeaders } from './helpers/test-server.ts';

interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  response?: Record<string | number, unknown>;
}

/** What a route's 200 answer carries in `data` (the answer itself for files and streams). */
function dataOf(answer: unknown): unknown {
  if (answer instanceof z.ZodObject && 'data' in answer.shape && 'code' in answer.shape)
    return answer.shape.data;
  return answer;
}

/** The same object, or schemas that describe exactly the same JSON (pageSchema(x) makes a new object each call). */
function sameSchema(a: Endpoint<unknown, unknown>['response'], b: unknown, io: 'input' | 'output'): boolean {
  if (a === b) return true;
  if (!(b instanceof z.ZodType)) return false;
  const json = (x: z.ZodType) => JSON.stringify(z.toJSONSchema(x, { io, unrepresentable: 'any' }));
  return json(a) === json(b);
}

/** The structural rule of the contract: every API route declares what it answers. */
describe(`API contract (${TEST_DB})`, () => {
  const s = useTestServer();

  const apiRoutes = () =>
    s.built.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.schema?.hide);

  it('every /api route declares a 200 response schema', () => {
    expect(apiRoutes().length).toBeGreaterThan(50);
    const missing = apiRoutes()
      .filter((r) => !r.schema?.response?.[200])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('the OpenAPI description at /api/docs publishes every route with its answer', async () => {
    const res = await s.api.get('/docs');
    expect(res.status).toBe(200);
    const doc = res.body as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const unpublished: string[] = [];
    for (const r of apiRoutes()) {
      const openApiPath = r.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[r.method.toLowerCase()];
      if (!op?.responses?.['200']) unpublished.push(`${r.method} ${r.url}`);
    }
    expect(unpublished).toEqual([]);
  });

  it('every row of the shared endpoint table is a route of the server', () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    const unknown = Object.entries(endpoints)
      .filter(([, e]) => !registered.has(`${e.method} /api${e.path}`))
      .map(([name, e]) => `${name}: ${e.method} ${e.path}`);
    expect(unknown).toEqual([]);
  });

  it('every /api route is a row of the endpoint table, but the calls of other parties', () => {
    // Their callers and formats are not ours: OAuth's token answer, WeChat's server and WeChat Pay.
    const external = new Set([
      'POST /api/blade-auth/oauth/token',
      'GET /api/wechat/callback',
      'POST /api/wechat/callback',
      'POST /api/order/wechat/notify',
    ]);
    const rows = new Set(Object.values(endpoints).map((e) => `${e.method} /api${e.path}`));
    const outside = apiRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !rows.has(k) && !external.has(k));
    expect(outside).toEqual([]);
  });

  it('every row takes and answers what its route declares (the same zod schemas)', () => {
    const byKey = new Map(apiRoutes().map((r) => [`${r.method} ${r.url}`, r]));
    const drift: string[] = [];
    for (const [name, e] of Object.entries(endpoints)) {
      const route = byKey.get(`${e.method} /api${e.path}`);
      if (!route) continue;
      const schema = route.schema as RouteSchema;
      const answer = dataOf(schema.response?.[200]);
      if (!sameSchema(e.response, answer, 'output')) drift.push(`${name}: response differs from the route's`);
      const takes = e.path.includes('/:')
        ? (schema as { params?: unknown }).params
        : e.method === 'GET'
          ? schema.querystring
          : schema.body;
      if (
        e.request === null
          ? takes !== undefined && e.kind !== 'upload'
          : !sameSchema(e.request, takes, 'input')
      )
        drift.push(`${name}: request differs from the route's`);
    }
    expect(drift).toEqual([]);
    // Most rows use the very schema objects the routes register, not look-alikes.
    const identical = Object.values(endpoints).filter((e) => {
      const route = byKey.get(`${e.method} /api${e.path}`);
      return route && dataOf((route.schema as RouteSchema).response?.[200]) === e.response;
    });
    expect(identical.length).toBeGreaterThan(Object.keys(endpoints).length / 3);
  });

  it('the answers of app.inject are checked against the table too', async () => {
    const { token } = await createUserWithSession(s);
    const row: { response: z.ZodType } = endpoints.getBidQuota;
    const real = row.response;
    row.response = z.object({ nothingLikeTheAnswer: z.string() });
    try {
      const res = await s.built.app.inject({
        method: 'POST',
        url: '/api/bid/client/getBidQuota',
        headers: { ...clientHeaders(), 'blade-auth': `bearer ${token}` },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(s.contractViolations.join('\n')).toMatch(
        /getBidQuota: the answer does not match the endpoint table/,
      );
    } finally {
      row.response = real;
      s.contractViolations.length = 0;
    }
  });

  it('the test client refuses an answer that does not match the endpoint table', () => {
    const ok = { code: 200, success: true, msg: '操作成功', data: { id: 'x' } };
    expect(() => checkAgainstContract('POST', '/bid/client/saveBid', 200, ok)).not.toThrow();
    expect(() =>
      checkAgainstContract('POST', '/bid/client/saveBid', 200, { ...ok, data: { id: 1 } }),
    ).toThrow(/endpoint table/);
    // Failures are not answers of the endpoint.
    expect(() =>
      checkAgainstContract('POST', '/bid/client/saveBid', 200, {
        code: 601,
        success: false,
        msg: '额度',
        data: null,
      }),
    ).not.toThrow();
  });
});
