import type { ExpressionBuilder } from 'kysely';
import { BID_MSG, MODEL_LABELS, type ModelType } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { businessWarning } from '../../http/errors.ts';
import { isCompanyAdmin, type Actor } from '../../policy/actor.ts';

/**
 * The bid's rules, checked here and nowhere else:
 * - read: its writer; in a company also the company administrator (a foreign id is "missing", 404);
 * - update (the bid, its outline and content, AI writing): not when finished or in the recycle bin;
 * - finish: not in the recycle bin (finishing a finished bid is a no-op);
 * - recycle (move to / restore from the recycle bin): always, it changes nothing of the bid;
 * - a model tier the account has disabled cannot be chosen or used.
 */
export type BidAction = 'update' | 'finish' | 'recycle';

/** The read rule as a query filter: every query that reads or writes a bid by id goes through it. */
export function bidScope(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'bids'>) =>
    isCompanyAdmin(actor)
      ? eb('bids.tenant_id', '=', actor.tenantId)
      : eb.and([eb('bids.tenant_id', '=', actor.tenantId), eb('bids.user_id', '=', actor.userId)]);
}

/** A bid row (deleted 0/1) or a bid as the API presents it (recycled). */
export type BidState = { status: string; deleted: number } | { status: string; recycled: boolean };

function inRecycleBin(bid: BidState): boolean {
  return 'deleted' in bid ? bid.deleted === 1 : bid.recycled;
}

/** Finished or in the recycle bin: the bid can be viewed, not changed. */
export function isBidReadOnly(bid: BidState): boolean {
  return bid.status === 'finished' || inRecycleBin(bid);
}

/** Throws the 601 the user sees when the action is not allowed on the bid in its state. */
export function authorizeBid(bid: BidState, action: BidAction): void {
  if (action === 'recycle') return;
  if (bid.status === 'finished' && action === 'update') throw businessWarning(BID_MSG.finished);
  if (inRecycleBin(bid)) throw businessWarning(BID_MSG.inRecycle);
}

/** The account's switches for the two tiers (users.standard_disabled / premium_disabled). */
export interface TierFlags {
  standard_disabled: number;
  premium_disabled: number;
}

export function isTierDisabled(flags: TierFlags | null | undefined, tier: ModelType): boolean {
  return tier === 'premium' ? flags?.premium_disabled === 1 : flags?.standard_disabled === 1;
}

/** 601 when the account has the tier disabled. */
export function authorizeTier(flags: TierFlags | null | undefined, tier: ModelType): void {
  if (isTierDisabled(flags, tier)) throw businessWarning(BID_MSG.modelDisabled(MODEL_LABELS[tier]));
}
