import { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@bid/shared';
import { isApiError } from './errors.ts';

/**
 * Whether a failed query is worth one more try. The request layer has already told the user about the
 * failure, so only a dropped connection is retried (once); a 4xx, a business code, a timeout (which
 * already waited the whole limit) or a 5xx would fail the same way again.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return isApiError(error) && error.kind === 'network';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: LIMITS.queryStaleMs,
        retry: shouldRetryQuery,
        // Focus changes are frequent while writing a bid (switching to the tender PDF and back).
        refetchOnWindowFocus: false,
      },
      mutations: {
        // A repeated save or AI call is a user decision, never an automatic one.
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
