import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type BidForms, type BidTermValues, type PriceLineInput } from '@bid/shared';
import { api } from '../../api/request.ts';
import { checksKeys } from '../checks/api.ts';

/** The tender's own forms filled for a bid, and its one 报价 (issue 31). */
export const formsKeys = {
  bid: (bidId: string) => ['bid', 'forms', bidId] as const,
};

export const formsApi = {
  get: (bidId: string) => api.call(endpoints.getBidForms, { id: bidId }, { noDuplicateGuard: true }),
  savePrice: (bidId: string, amount: number | null) =>
    api.call(endpoints.saveBidPrice, { id: bidId, amount }),
  saveLines: (bidId: string, lines: PriceLineInput[]) =>
    api.call(endpoints.saveBidPriceLines, { id: bidId, lines }),
  saveTerms: (bidId: string, terms: BidTermValues) =>
    api.call(endpoints.saveBidTerms, { id: bidId, ...terms }),
};

export function useBidForms(bidId: string) {
  return useQuery({ queryKey: formsKeys.bid(bidId), queryFn: () => formsApi.get(bidId), staleTime: 0 });
}

/** Saves the 报价; the forms answer comes back filled with it, and the checks are read again. */
export function useSavePrice(bidId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amount: number | null) => formsApi.savePrice(bidId, amount),
    onSuccess: (data: BidForms) => {
      qc.setQueryData(formsKeys.bid(bidId), data);
      void qc.invalidateQueries({ queryKey: checksKeys.bid(bidId) });
    },
  });
}

/** Saves the 工期, 质保期 and 投标有效期 the bid states; the forms come back filled with them. */
export function useSaveTerms(bidId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (terms: BidTermValues) => formsApi.saveTerms(bidId, terms),
    onSuccess: (data: BidForms) => {
      qc.setQueryData(formsKeys.bid(bidId), data);
      void qc.invalidateQueries({ queryKey: checksKeys.bid(bidId) });
    },
  });
}

/** Saves the 分项报价 lines; their 合计 comes back as the 报价 every form states. */
export function useSaveLines(bidId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lines: PriceLineInput[]) => formsApi.saveLines(bidId, lines),
    onSuccess: (data: BidForms) => {
      qc.setQueryData(formsKeys.bid(bidId), data);
      void qc.invalidateQueries({ queryKey: checksKeys.bid(bidId) });
    },
  });
}
