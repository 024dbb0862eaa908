import { amendmentChangeSchema, type AmendmentChange, type TenderAnalysis } from '@bid/shared';
import { z } from 'zod';
import { applyAmendments } from '../../ai/analysis/amendment.ts';
import type { AmendedTender } from '../bid/service.ts';
import type { AmendmentRepo, BidAmendmentRow } from './repo.ts';

const storedChanges = z.array(amendmentChangeSchema);

export function changesOf(row: BidAmendmentRow): AmendmentChange[] {
  try {
    const r = storedChanges.safeParse(JSON.parse(row.changes));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}

/**
 * The tender as a bid's amendments changed it: the bid detail, the forms and the checks read this
 * one, so the deadline shown everywhere is the amended one. Needs only the repo, so it is built
 * before the services that read it.
 */
export class AmendedAnalysis implements AmendedTender {
  constructor(private readonly repo: AmendmentRepo) {}

  async changes(bidId: string): Promise<AmendmentChange[]> {
    return (await this.repo.list(bidId)).flatMap(changesOf);
  }

  async amended(bidId: string, analysis: TenderAnalysis | null): Promise<TenderAnalysis | null> {
    if (!analysis) return null;
    const changes = await this.changes(bidId);
    return changes.length ? applyAmendments(analysis, changes) : analysis;
  }
}
