import { describe, expect, it } from 'vitest';
import { BID_MSG } from '@bid/shared';
import { AppError } from '../../http/errors.ts';
import { SYSTEM_ACTOR, isSystem, userIdOf } from '../../policy/actor.ts';
import { authorizeBid, authorizeTier, isBidReadOnly, type BidAction } from './policy.ts';

function refusal(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe(601);
    return (e as AppError).message;
  }
}

describe('bid policy', () => {
  const writing = { status: 'writing', deleted: 0 };
  const finished = { status: 'finished', deleted: 0 };
  const recycled = { status: 'writing', deleted: 1 };
  const finishedRecycled = { status: 'finished', recycled: true };

  it('finished or in the recycle bin is read-only, for rows and for presented bids', () => {
    expect(isBidReadOnly(writing)).toBe(false);
    expect(isBidReadOnly(finished)).toBe(true);
    expect(isBidReadOnly(recycled)).toBe(true);
    expect(isBidReadOnly(finishedRecycled)).toBe(true);
    expect(isBidReadOnly({ status: 'writing', recycled: false })).toBe(false);
  });

  it('answers each action in each state', () => {
    const table: Array<[object, BidAction, string | null]> = [
      [writing, 'update', null],
      [writing, 'finish', null],
      [writing, 'recycle', null],
      [finished, 'update', BID_MSG.finished],
      [finished, 'finish', null],
      [finished, 'recycle', null],
      [recycled, 'update', BID_MSG.inRecycle],
      [recycled, 'finish', BID_MSG.inRecycle],
      [recycled, 'recycle', null],
    ];
    for (const [bid, action, msg] of table)
      expect([action, refusal(() => authorizeBid(bid as typeof writing, action))]).toEqual([action, msg]);
  });

  it('a disabled tier is refused with its name', () => {
    expect(refusal(() => authorizeTier({ premium_disabled: 1, standard_disabled: 0 }, 'premium'))).toBe(
      '高级模型已停用，请选择其他模型',
    );
    expect(
      refusal(() => authorizeTier({ premium_disabled: 1, standard_disabled: 0 }, 'standard')),
    ).toBeNull();
    expect(refusal(() => authorizeTier({ premium_disabled: 0, standard_disabled: 1 }, 'standard'))).toBe(
      '标准模型已停用，请选择其他模型',
    );
    expect(refusal(() => authorizeTier(undefined, 'premium'))).toBeNull();
  });

  it('the system actor is explicit and records no author', () => {
    expect(isSystem(SYSTEM_ACTOR)).toBe(true);
    expect(isSystem({ userId: 'u', tenantId: 't', role: 'personal' })).toBe(false);
    expect(userIdOf(SYSTEM_ACTOR)).toBeNull();
    expect(userIdOf({ userId: 'u', tenantId: 't', role: 'personal' })).toBe('u');
  });
});
