import type { ClientConfig, PackageItem } from '@bid/shared';

/** What the landing island fetched itself; the whole app starts from it when it takes over. */
export interface IslandData {
  packages: PackageItem[] | null;
  clientConfig: Partial<ClientConfig> | null;
}
