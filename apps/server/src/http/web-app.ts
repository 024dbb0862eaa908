import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code, MSG, httpStatusOf, isKnownWebRoute } from '@bid/shared';
import type { Config } from '../config/config.ts';
import { fail } from './envelope.ts';
import { cacheControlFor } from './delivery.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(HERE, '../../../web/dist');

const NOT_BUILT_PAGE =
  '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>标书 AI</title><p>前端尚未构建：请运行 npm run build 或 npm start。</p></html>';

/**
 * Serves the built web app: hashed assets from disk (pre-compressed .br/.gz siblings written at build
 * time are sent when the browser accepts them), unknown /api paths get the 404 envelope, pages get
 * index.html with status 404 when no screen has that path.
 */
export function registerWebApp(app: FastifyInstance, config: Config): void {
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
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split('?')[0];
    if (urlPath === '/api' || urlPath.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(httpStatusOf(Code.NOT_FOUND)).send(fail(Code.NOT_FOUND, MSG.apiNotFound(urlPath)));
    }
    const status = isKnownWebRoute(urlPath) ? 200 : 404;
    // Read per request (it is small): a rebuild while the server runs is served at once, and a
    // buffer (not a stream) can be compressed on the way out.
    const html = hasWeb ? await fs.promises.readFile(indexFile, 'utf8') : NOT_BUILT_PAGE;
    return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
