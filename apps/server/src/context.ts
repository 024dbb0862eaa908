import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import type { Database } from './db/schema.ts';
import type { DbKind } from './db/database.ts';
import type { SessionService } from './modules/session/service.ts';

/**
 * What every module gets: configuration, the database and the shared services. Modules add their
 * own services to `services` at registration so that others can call them (e.g. bids -> quota).
 */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: DbKind;
  log: Logger;
  sessions: SessionService;
  services: Record<string, unknown>;
  /** Work to run on shutdown (stop workers, close pools), in reverse order of registration. */
  onClose(fn: () => Promise<void> | void): void;
}
