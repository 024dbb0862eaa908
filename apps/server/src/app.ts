import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { z } from 'zod';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { Code, MSG, httpStatusOf, isKnownWebRoute } from '@bid/shared';
import { trustProxyOption, type Config } from './config/config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DbHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { installAuth } from './http/auth.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { fail } from './http/envelope.ts';
import { installBodyParsers } from './http/body-parsers.ts';
import { SessionRepo } from './modules/session/repo.ts';
import { SessionService } from './modules/session/service.ts';
import { modules } from './modules/index.ts';
import { buildServices, startServices, type CoreDeps } from './services.ts';
import { APP_VERSION } from './lib/version.ts';

z.config(z.locales.zhCN());

export interface BuildOptions {
  /** Use this logger instead of a new one (tests pass a silent one). */
  logger?: Logger;
  /** PostgreSQL schema (tests: one per run). */
  pgSchema?: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Closes the HTTP server, then the module hooks, then the database. */
  close(): Promise<void>;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(HERE, '../../web/dist');

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers["blade-auth"]', 'req.headers.cookie'],
  });
}

/** The app factory: everything wired, migrations run, nothing listening (tests call inject or listen). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const log = opts.logger ?? createLogger(config);
  const handle: DbHandle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, pgSchema: opts.pgSchema });
  const applied = await migrateToLatest(handle.db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const closers: Array<() => Promise<void> | void> = [];
  const sessions = new SessionService(new SessionRepo(handle.db), config.SESSION_TTL_SECONDS);
  const core: CoreDeps = { config, db: handle.db, dbKind: handle.kind, log, sessions, onClose: (fn) => closers.push(fn) };
  const ctx: AppContext = { ...core, services: await buildServices(core) };

  const app = Fastify({
    loggerInstance: log as unknown as FastifyBaseLogger,
    bodyLimit: config.JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Keep-alive sockets must not hold shutdown hostage.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installBodyParsers(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: '标书 AI API', version: APP_VERSION, description: '标书 AI 的 HTTP 接口。信封、错误码与认证见 API.md。' },
      components: {
        securitySchemes: {
          client: { type: 'http', scheme: 'basic' },
          token: { type: 'apiKey', in: 'header', name: 'Blade-Auth' },
        },
      },
      security: [{ client: [], token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  installErrorHandler(app, config.JSON_BODY_LIMIT);
  installAuth(app, { clientId: config.AUTH_CLIENT_ID, clientSecret: config.AUTH_CLIENT_SECRET, sessions });

  for (const m of modules) await m.register(app, ctx);
  // Workers start once the server is up, and give their jobs back on shutdown (closers).
  app.addHook('onReady', async () => startServices(ctx.services));

  app.get('/api/docs', { config: { auth: 'none', clientCheck: false }, schema: { hide: true } }, async () => app.swagger());

  registerWebApp(app, config);

  return {
    app,
    ctx,
    async close() {
      // In-flight requests get a grace period; a client still streaming a refused body (413) would
      // otherwise keep its connection, and the shutdown, open forever.
      const force = setTimeout(() => app.server.closeAllConnections(), 5_000);
      force.unref();
      await app.close();
      clearTimeout(force);
      for (const fn of closers.reverse()) await fn();
      await handle.close();
    },
  };
}

/** Serves the built web app; unknown /api paths get the 404 envelope, unknown pages a 404 status. */
function registerWebApp(app: FastifyInstance, config: Config): void {
  const dist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0];
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      reply.status(httpStatusOf(Code.NOT_FOUND)).send(fail(Code.NOT_FOUND, MSG.apiNotFound(urlPath)));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      reply.status(404).send(fail(Code.NOT_FOUND, MSG.apiNotFound(urlPath)));
      return;
    }
    const status = isKnownWebRoute(urlPath) ? 200 : 404;
    if (!hasWeb) {
      reply.status(status).type('text/html; charset=utf-8').send(
        '<!doctype html><meta charset="utf-8"><title>标书 AI</title><p>前端尚未构建：请运行 npm run build 或 npm start。</p>',
      );
      return;
    }
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  });
}
