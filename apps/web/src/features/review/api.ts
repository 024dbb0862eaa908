import { endpoints, type ReviewTarget, type TenderAnalysis } from '@bid/shared';
import { api } from '../../api/request.ts';

/**
 * The review of a tender analysis before the outline (API.md "Reviewing the analysis"), typed from
 * packages/shared: a bid's analysis with its version and sums, saving it over that version, a pasted
 * scoring table read alone, passages of the tender, and re-planning the outline afterwards.
 */

export const reviewKeys = {
  bid: (id: string) => ['review', 'bid', id] as const,
  passage: (target: ReviewTarget, id: string, start: number, end: number) =>
    ['review', 'passage', target, id, start, end] as const,
};

/** Saves answer 409 when another save came first: the screen says so in its own words and reloads. */
const SAVE = { silent: true } as const;

export const reviewApi = {
  bidAnalysis: (id: string) => api.call(endpoints.getBidAnalysis, { id }, { noDuplicateGuard: true }),
  saveBid: (id: string, version: number, analysis: TenderAnalysis) =>
    api.call(endpoints.updateBidAnalysis, { id, version, analysis }, SAVE),
  saveInterpretation: (id: string, version: number, analysis: TenderAnalysis) =>
    api.call(endpoints.interpretationUpdateAnalysis, { id, version, analysis }, SAVE),
  reparseScoring: (id: string, text: string, target: ReviewTarget) =>
    api.call(endpoints.reparseScoring, { id, text, target }),
  passage: (target: ReviewTarget, id: string, start: number, end: number) =>
    api.call(
      target === 'bid' ? endpoints.getTenderPassage : endpoints.interpretationPassage,
      { id, start, end },
      { noDuplicateGuard: true },
    ),
  replanOutline: (bidId: string) => api.call(endpoints.replanBidCatalog, { bidId }),
};
