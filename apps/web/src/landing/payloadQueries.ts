import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the server rendered under a query key, read from the page's dehydrated cache without a query
 * client (the island has none). Keys are compared as JSON, as TanStack Query hashes them.
 */
export function payloadQueryData<T>(state: DehydratedState | null, key: readonly unknown[]): T | undefined {
  const want = JSON.stringify(key);
  return state?.queries.find((q) => JSON.stringify(q.queryKey) === want)?.state.data as T | undefined;
}
