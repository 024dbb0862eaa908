import { useQuery } from '@tanstack/react-query';
import { endpoints, type BidChecks } from '@bid/shared';
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

/** Open findings per tab, for the red counts. */
export function openCounts(c: BidChecks) {
  return {
    coverage: c.coverage.filter((i) => !i.covered).length,
    clauses:
      c.stars.filter((s) => !s.answered).length + c.disqualifications.filter((d) => !d.answered).length,
    anonymity: c.anonymity.length,
    placeholders: c.placeholders.length,
    pages: c.pages.limit !== null && c.pages.estimated > c.pages.limit ? 1 : 0,
  };
}

/** Everything still open, in words, most serious first (what finishing and exporting show). */
export function findingsInWords(c: BidChecks): string[] {
  const n = openCounts(c);
  const out = [...c.blockers];
  if (n.coverage)
    out.push(
      `${n.coverage} 个评分项没有章节响应：${c.coverage
        .filter((i) => !i.covered)
        .map((i) => i.name)
        .slice(0, 3)
        .join('、')}${n.coverage > 3 ? ' 等' : ''}`,
    );
  const dq = c.disqualifications.filter((d) => !d.answered).length;
  if (dq) out.push(`${dq} 条废标条款在正文中找不到响应`);
  if (n.placeholders) out.push(`${n.placeholders} 处【待填写】尚未填写`);
  return out;
}
