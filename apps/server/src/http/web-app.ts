import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code, MSG, httpStatusOf, isKnownWebRoute } from '@bid/shared';
import type { Config } from '../config/config.ts';
import { fail } from './envelope.ts';
import { cacheControlFor } from './delivery.ts';
import { isServerRenderedPath, SSR_DIR, WebRenderer, type SiteReader } from './ssr.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(HERE, '../../../web/dist');

const NOT_BUILT_PAGE =
  '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>标书 AI</title><p>前端尚未构建：请运行 npm run build 或 npm start。</p></html>';

/**
 * Serves the built web app: hashed assets from disk (pre-compressed .br/.gz siblings written at build
 * time are sent when the browser accepts them), unknown /api paths get the 404 envelope, pages get
 * index.html with status 404 when no screen has that path.
 */
export function registerWebApp(app: FastifyInstance, config: Config, site: SiteReader): void {
  const dist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The server renderer is code the server imports, not a file for browsers.
      globIgnore: [`${SSR_DIR}/**`],
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
  }
  const web = new WebRenderer(dist, site);
  // Not under tests: most suites never ask for a page, and the renderer is a large module to compile.
  if (hasWeb && config.NODE_ENV !== 'test') {
    // Started, not awaited: on a busy machine compiling the renderer took longer than Fastify's 10 s
    // for an onReady hook, and the server then refused to start. A page asked for meanwhile waits
    // for the same import.
    app.addHook('onReady', (done) => {
      web.warm().catch((err: unknown) => app.log.warn({ err }, 'server renderer warm-up failed'));
      done();
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const [urlPath, query] = splitUrl(req.url);
    if (
      urlPath === '/api' ||
      urlPath.startsWith('/api/') ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      return reply
        .status(httpStatusOf(Code.NOT_FOUND))
        .send(fail(Code.NOT_FOUND, MSG.apiNotFound(urlPath), null, req.id));
    }
    if (!hasWeb)
      return reply
        .status(isKnownWebRoute(urlPath) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    if (urlPath === '/robots.txt')
      return reply
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send(web.robots(req));
    if (urlPath === '/sitemap.xml') {
      const xml = await web.sitemap(req);
      if (xml)
        return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(xml);
    }
    const build = /^\/builds\/meta\/([^/]+)\.json$/.exec(urlPath);
    if (build) {
      // An old tab asks about its own build: 404 tells it a newer deployment has replaced it.
      const { buildId } = await web.template();
      if (build[1] !== buildId)
        return reply.status(404).header('cache-control', 'no-store').send({ id: build[1], current: false });
      return reply.header('cache-control', 'no-store').send({ id: buildId, current: true });
    }
    const payloadOf = /^(.*)\/_payload\.json$/.exec(urlPath)?.[1];
    if (payloadOf !== undefined) {
      const pagePath = payloadOf || '/';
      if (
        isServerRenderedPath(pagePath) &&
        isKnownWebRoute(pagePath) &&
        (await web.payload(req, reply, pagePath, query))
      )
        return reply;
      return reply.status(404).send(fail(Code.NOT_FOUND, MSG.apiNotFound(urlPath), null, req.id));
    }
    if (isServerRenderedPath(urlPath) && (await web.page(req, reply, urlPath, query))) return reply;
    const status = isKnownWebRoute(urlPath) ? 200 : 404;
    // Read per request (it is small): a rebuild while the server runs is served at once, and a
    // buffer (not a stream) can be compressed on the way out.
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await web.shell());
  });
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
