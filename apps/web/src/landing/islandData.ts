import type { DehydratedState } from '@tanstack/react-query';
import type { ClientConfig, PackageItem } from '@bid/shared';

/** What the island has: the server's page data and what it fetched itself. The whole app starts from it when it takes over. */
export interface IslandData {
  packages: PackageItem[] | null;
  clientConfig: Partial<ClientConfig> | null;
  queries: DehydratedState | null;
}
