import { useQuery } from '@tanstack/react-query';
import { endpoints, openCounts } from '@bid/shared';
import { api } from '../../api/request.ts';

/** The bid checks (API.md "Bid checks") and finishing with the writer's confirmation. */
export const checksKeys = {
  bid: (bidId: string) => ['bid', 'checks', bidId] as const,
};

export const checksApi = {
  get: (bidId: string) =>
    api.call(endpoints.getBidChecks, { id: bidId }, { noDuplicateGuard: true, silent: true }),
  /** `confirm`: the writer saw the blocking findings and finishes anyway. */
  finish: (bidId: string, confirm: boolean) =>
    api.call(endpoints.finishBid, confirm ? { id: bidId, confirm: true } : { id: bidId }),
};

export function useBidChecks(bidId: string | null, enabled = true) {
  return useQuery({
    queryKey: checksKeys.bid(bidId ?? ''),
    queryFn: () => checksApi.get(bidId!),
    enabled: Boolean(bidId) && enabled,
    staleTime: 0,
  });
}

/** Open findings per tab, for the red counts (shared with the summary, so they agree). */
export { openCounts };
