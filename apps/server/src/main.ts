import { loadConfig, ConfigError } from './config/config.ts';
import { buildApp, createLogger } from './app.ts';
import { developmentBanner, listenHost } from './startup.ts';

/** Starts the server: config check, migrations, listen, graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const log = createLogger(config);
  const built = await buildApp(config, { logger: log });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await built.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));

  const host = listenHost(config);
  for (const line of developmentBanner(config, built.ctx.services.aiSetup.providerName, host))
    console.warn(line);
  const address = await built.app.listen({ port: config.PORT, host });
  const port = new URL(address).port;
  console.log(`listening on http://127.0.0.1:${port}${host === '127.0.0.1' ? '' : ` (bound to ${host})`}`);
  const metricsPort = built.metricsPort();
  if (metricsPort !== null) console.log(`metrics on http://127.0.0.1:${metricsPort}/metrics`);
}

main().catch((err) => {
  console.error('failed to start:', err);
  process.exit(1);
});
