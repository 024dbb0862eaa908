import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { z } from 'zod';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { trustProxyOption, type Config } from './config/config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DbHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { installAuth } from './http/auth.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installDelivery } from './http/delivery.ts';
import { clientErrorHandler, installRequestStart } from './http/client-errors.ts';
import { registerWebApp } from './http/web-app.ts';
import { installBodyParsers } from './http/body-parsers.ts';
import { SessionRepo } from './modules/session/repo.ts';
import { SessionService } from './modules/session/service.ts';
import { modules } from './modules/index.ts';
import { buildServices, type CoreDeps } from './services.ts';
import { prepareServices, startServices } from './start.ts';
import { APP_VERSION } from './lib/version.ts';
import { secretScrubber, secretsOf } from './http/log-scrub.ts';
import { batchedStdout } from './http/log-destination.ts';
import { fastSerializerCompiler } from './http/serializer.ts';
import { Metrics, type MetricsServer } from './ops/metrics.ts';
import { requestIdOf } from './http/request-id.ts';
import { lazyChildLogger } from './http/lazy-logger.ts';
import { listenHost } from './startup.ts';

z.config(z.locales.zhCN());

export interface BuildOptions {
  /** Use this logger instead of a new one (tests pass a silent one). */
  logger?: Logger;
  /** PostgreSQL schema (tests: one per run). */
  pgSchema?: string;
  /** The child-process module that parses uploads (tests: a slow stand-in around the real one). */
  parseWorker?: URL;
}

export interface RouteInfo {
  method: string;
  url: string;
  /** The route's declared schemas (response: per status), as given to Fastify. */
  schema?: { response?: Record<string | number, unknown>; hide?: boolean };
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route as registered (the contract test walks it). */
  routes: RouteInfo[];
  /** The port `GET /metrics` answers on, once listening (METRICS_PORT set), else null. */
  metricsPort(): number | null;
  /** Closes the HTTP server, then the module hooks, then the database. */
  close(): Promise<void>;
}

/** The server's logger; every line is scrubbed of secrets (http/log-scrub.ts) before it is written. */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers["blade-auth"]', 'req.headers.cookie'],
    hooks: { streamWrite: secretScrubber(secretsOf(config)) },
  };
  // Written asynchronously: pino's default stdout writes synchronously, one write(2) per line (one
  // per API call), and when the reader of stdout lags it spins in atomic-sleep on the event loop
  // (measured under wrk: ~5 % of the server's busy time). And in batches, one write per turn of the
  // event loop (http/log-destination.ts). Lines still buffered are flushed at exit.
  return pino(options, destination ?? batchedStdout());
}

/** The app factory: everything wired, migrations run, nothing listening (tests call inject or listen). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const log = opts.logger ?? createLogger(config);
  const handle: DbHandle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    pgSchema: opts.pgSchema,
  });
  const applied = await migrateToLatest(handle.db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const closers: Array<() => Promise<void> | void> = [];
  const sessions = new SessionService(
    new SessionRepo(handle.db),
    config.SESSION_TTL_SECONDS,
    config.SESSION_CACHE_MS,
  );
  // Every module writes through this handle: a change to users or sessions empties the session
  // cache (the sessions' own last-seen touches go through the plain handle above and do not).
  const db = handle.db.withPlugin(sessions.invalidator());
  const core: CoreDeps = {
    config,
    db,
    dbKind: handle.kind,
    log,
    sessions,
    onClose: (fn) => closers.push(fn),
    parseWorker: opts.parseWorker,
    metrics: new Metrics(),
  };
  const ctx: AppContext = { ...core, services: buildServices(core) };
  await prepareServices(ctx.services, core);

  // pino's Logger is what Fastify logs with; typed as Fastify's base logger for the instance type.
  const fastifyLog: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance: fastifyLog,
    bodyLimit: config.JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Keep-alive sockets must not hold shutdown hostage.
    forceCloseConnections: 'idle',
    // installDelivery logs one line per API call instead (no line per static asset, no query strings).
    logController: new LogController({ disableRequestLogging: true }),
    // Oversized headers and malformed requests answer the JSON envelope too (http/client-errors.ts).
    clientErrorHandler,
    // A sane X-Request-ID from the proxy is kept, anything else replaced (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // req.log is made on first use (http/lazy-logger.ts): most requests never log through it.
    childLoggerFactory: lazyChildLogger,
  });
  installRequestStart(app);
  app.setValidatorCompiler(validatorCompiler);
  const validateAnswers =
    (config.RESPONSE_VALIDATION ?? (config.NODE_ENV === 'production' ? 'off' : 'on')) === 'on';
  app.setSerializerCompiler(validateAnswers ? serializerCompiler : fastSerializerCompiler);
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      routes.push({ method, url: r.url, schema: r.schema as RouteInfo['schema'] });
  });
  installBodyParsers(app);
  installDelivery(app, log);
  // Cookies are read where a route needs them (tokenFromRequest), not parsed on every request by a
  // hook of the plugin's; setting and clearing cookies works as before.
  await app.register(cookie, { hook: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: '标书 AI API',
        version: APP_VERSION,
        description: '标书 AI 的 HTTP 接口。信封、错误码与认证见 API.md。',
      },
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

  let metricsServer: MetricsServer | null = null;
  if (config.METRICS_PORT !== undefined) {
    const metricsPort = config.METRICS_PORT;
    // Counted once answered; the route's pattern, not the URL, so ids do not make new series.
    app.addHook('onResponse', async (req, reply) => {
      core.metrics.request(
        req.method,
        req.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
    app.addHook('onReady', async () => {
      metricsServer = await core.metrics.listen(metricsPort, listenHost(config));
    });
  }

  for (const m of modules) await m.register(app, ctx);
  // Workers start once the server is up, and give their jobs back on shutdown (closers).
  app.addHook('onReady', async () => startServices(ctx.services, core));

  app.get('/api/docs', { config: { auth: 'none', clientCheck: false }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const { content, commerce, clientConfig } = ctx.services;
  registerWebApp(app, config, {
    list: (kind) => content.list(kind),
    get: (kind, code) => content.get(kind, code),
    search: (q) => content.search(q),
    packages: () => commerce.packages(),
    clientConfig: () => clientConfig.get(),
  });

  return {
    app,
    ctx,
    routes,
    metricsPort: () => metricsServer?.port ?? null,
    async close() {
      // In-flight requests get a grace period; a client still streaming a refused body (413) would
      // otherwise keep its connection, and the shutdown, open forever.
      const force = setTimeout(() => app.server.closeAllConnections(), 5_000);
      force.unref();
      await app.close();
      clearTimeout(force);
      await metricsServer?.close();
      for (const fn of closers.reverse()) await fn();
      await handle.close();
    },
  };
}
