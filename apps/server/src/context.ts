import type { CoreDeps, Services } from './services.ts';

/**
 * What every route module gets: the process-wide infrastructure and the typed services built by
 * the composition root (services.ts). Route modules only register routes; they build nothing.
 */
export interface AppContext extends CoreDeps {
  services: Services;
}
