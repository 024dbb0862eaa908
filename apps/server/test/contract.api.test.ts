import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@bid/shared';
import { checkAgainstContract, startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';

/** The structural rule of the contract: every API route declares what it answers. */
describe(`API contract (${TEST_DB})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  const apiRoutes = () => s.built.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.schema?.hide);

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
    const doc = res.body as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
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

  it('the test client refuses an answer that does not match the endpoint table', () => {
    const ok = { code: 200, success: true, msg: '操作成功', data: { id: 'x' } };
    expect(() => checkAgainstContract('POST', '/bid/client/saveBid', 200, ok)).not.toThrow();
    expect(() => checkAgainstContract('POST', '/bid/client/saveBid', 200, { ...ok, data: { id: 1 } })).toThrow(/endpoint table/);
    // Failures are not answers of the endpoint.
    expect(() => checkAgainstContract('POST', '/bid/client/saveBid', 200, { code: 601, success: false, msg: '额度', data: null })).not.toThrow();
  });
});
