import type { ClientConfig, PackageItem } from '@bid/shared';
import { standardHeaders } from './headers.ts';

/**
 * The two public calls the signed-out landing island makes, without the request layer (zod and the
 * shared schemas would triple its first load). Their paths are the endpoint table's (light.test.ts
 * holds them equal). The answer is the API's envelope; anything else, or a failure, is null — the
 * page then shows what it shows without the data (no prices, the default footer), as the whole app does.
 */
export const LIGHT_CALLS = {
  packages: { method: 'GET', path: '/order/client/indexShow' },
  clientConfig: { method: 'POST', path: '/common/client/getClientConfig' },
} as const;

async function lightCall<T>(call: (typeof LIGHT_CALLS)[keyof typeof LIGHT_CALLS]): Promise<T | null> {
  try {
    const res = await fetch(`/api${call.path}`, { method: call.method, headers: { ...standardHeaders(null), Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { success?: unknown; data?: unknown };
    if (body.success !== true || body.data === undefined || body.data === null) return null;
    return body.data as T;
  } catch {
    return null;
  }
}

export const lightApi = {
  packages: () => lightCall<PackageItem[]>(LIGHT_CALLS.packages),
  clientConfig: () => lightCall<Partial<ClientConfig>>(LIGHT_CALLS.clientConfig),
};
