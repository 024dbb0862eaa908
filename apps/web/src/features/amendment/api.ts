import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type AddBidAmendmentInput, type BidAmendments } from '@bid/shared';
import { api } from '../../api/request.ts';
import { checksKeys } from '../checks/api.ts';

/** A bid's amendments (补遗/澄清/答疑) and what they change (issue 31). */
export const amendmentKeys = {
  bid: (bidId: string) => ['bid', 'amendments', bidId] as const,
};

export function useBidAmendments(bidId: string | null) {
  return useQuery({
    queryKey: amendmentKeys.bid(bidId ?? ''),
    queryFn: () => api.call(endpoints.getBidAmendments, { id: bidId ?? '' }, { noDuplicateGuard: true }),
    enabled: Boolean(bidId),
    staleTime: 0,
  });
}

/** Chapters answering a scoring item an amendment changed, with why (the outline marks them). */
export function useAmendedChapters(bidId: string | null): ReadonlyMap<string, string> {
  const { data } = useBidAmendments(bidId);
  return useMemo(() => {
    const out = new Map<string, string>();
    for (const f of data?.flagged ?? [])
      out.set(f.catalogId, [out.get(f.catalogId), f.reason].filter(Boolean).join('；'));
    return out;
  }, [data]);
}

/** Adds one; the checks are read again, since they now use the amended tender. */
export function useAddAmendment(bidId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AddBidAmendmentInput, 'id'>) =>
      api.call(endpoints.addBidAmendment, { id: bidId, ...input }),
    onSuccess: (data: BidAmendments) => {
      qc.setQueryData(amendmentKeys.bid(bidId), data);
      void qc.invalidateQueries({ queryKey: checksKeys.bid(bidId) });
    },
  });
}
