import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, startTestServer, type TestServer } from './helpers/test-server.ts';

/** A raw GET: fetch() would decode the body and hide what went over the wire. */
function rawGet(baseUrl: string, urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(new URL(urlPath, baseUrl), { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

function expectSecurityHeaders(headers: http.IncomingHttpHeaders, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP`).toMatch(/script-src 'self'(;|$)/);
  expect(csp, `${what}: no inline scripts`).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

describe('delivery: compression, caching and security headers', () => {
  let server: TestServer;
  let webDist: string;
  const script = `console.log(${JSON.stringify('标书'.repeat(2000))});`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-web-delivery-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    const filler = '<meta name="x" content="' + 'a'.repeat(2000) + '">';
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head>${filler}</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`,
    );
    fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ WEB_DIST: webDist });
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves hashed assets pre-compressed and immutable for a year', async () => {
    const br = await rawGet(server.baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await rawGet(server.baseUrl, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(server.baseUrl, '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // Unhashed files may change under their name: cached briefly only.
    const icon = await rawGet(server.baseUrl, '/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses HTML pages and large JSON answers when the browser accepts it', async () => {
    const page = await rawGet(server.baseUrl, '/home', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<div id="root"></div>');

    const docs = await rawGet(server.baseUrl, '/api/docs', { 'accept-encoding': 'gzip' });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(docs.body).toString()).openapi).toMatch(/^3\./);

    // Small answers are not worth compressing; an unknown page is still a real 404.
    const health = await rawGet(server.baseUrl, '/api/health', {
      ...clientHeaders(),
      'accept-encoding': 'br',
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    const missing = await rawGet(server.baseUrl, '/no/such/page', { 'accept-encoding': 'identity' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('puts the security headers on every answer: pages, assets, errors and every route of the API', async () => {
    for (const p of [
      '/',
      '/home',
      '/no/such/page',
      '/assets/index-abc123.js',
      '/favicon.svg',
      '/api/nothing-here',
    ]) {
      expectSecurityHeaders((await rawGet(server.baseUrl, p)).headers, p);
    }
    const spec = (await server.api.get('/docs')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => [m.toUpperCase(), p] as const),
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const [i, [method, p]] of routes.entries()) {
      // Without a token (and, for half of them, without the client headers): refusals carry them too.
      const concrete = p.replace(/\{[^}]+\}/g, '1');
      const res = await rawGet(server.baseUrl, concrete, i % 2 ? {} : clientHeaders(), method);
      expect(res.status, `${method} ${p}`).toBeLessThan(500);
      expectSecurityHeaders(res.headers, `${method} ${p}`);
    }
  });
});
