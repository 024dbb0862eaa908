import type { ClientConfig, PackageItem } from '@bid/shared';
import { standardHeaders } from '../api/headers.ts';

/** What the landing island fetched itself; the whole app starts from it when it takes over. */
export interface IslandData {
  packages: PackageItem[] | null;
  clientConfig: Partial<ClientConfig> | null;
}

/**
 * A public call without the request layer (axios, zod, the shared schemas): the island's first load
 * stays small. The answer is the API's envelope; anything else, or a failure, is null — the page
 * then shows what it shows without the data (no prices, the default footer), as the whole app does.
 */
export async function publicCall<T>(method: 'GET' | 'POST', path: string): Promise<T | null> {
  try {
    const res = await fetch(`/api${path}`, { method, headers: { ...standardHeaders(null), Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { code?: unknown; success?: unknown; data?: unknown };
    if (body.success !== true || body.data === undefined || body.data === null) return null;
    return body.data as T;
  } catch {
    return null;
  }
}
