import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestServer } from './helpers/test-server.ts';
import { nextPhone } from './helpers/fixtures.ts';
import { advanceClock, loginBySms, resetClock, startAccountsServer, userInfo } from './accounts-helpers.ts';

/** /home/invite's data: the code, the configured reward rule, the invited accounts and the rewards logged. */
describe(`invitations (${TEST_DB})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startAccountsServer({ INVITE_REWARD_BIDS: '3' });
  });
  afterAll(async () => {
    resetClock(s);
    await s?.close();
  });

  it('registering with the code grants the configured bids to the inviter, logged as an invite, and lists the invitee masked', async () => {
    const inviter = await loginBySms(s, nextPhone());
    const empty = (await s.api.get('/blade-system/client/invite-info', undefined, { token: inviter.token }))
      .body.data;
    const code = (await userInfo(s, inviter.token)).inviteCode;
    expect(empty).toEqual({
      code,
      rewardBids: 3,
      rewardHolder: 'user',
      invitedTotal: 0,
      rewardedBidsTotal: 0,
      invitees: [],
    });

    const phoneA = nextPhone();
    await loginBySms(s, phoneA, { invitation_code: code });
    await loginBySms(s, nextPhone(), { invitation_code: code.toLowerCase() });
    // Logging in again is no new registration: nothing more is granted (one SMS code a minute per phone).
    advanceClock(s, 61_000);
    await loginBySms(s, phoneA, { invitation_code: code });
    await loginBySms(s, nextPhone(), { invitation_code: 'NOSUCH99' });

    const info = (await s.api.get('/blade-system/client/invite-info', undefined, { token: inviter.token }))
      .body.data;
    expect(info).toMatchObject({ invitedTotal: 2, rewardedBidsTotal: 6 });
    expect(info.invitees).toHaveLength(2);
    expect(info.invitees.map((i: { account: string }) => i.account)).toContain(
      `${phoneA.slice(0, 3)}****${phoneA.slice(7)}`,
    );
    expect(JSON.stringify(info)).not.toContain(phoneA);
    expect(info.invitees.every((i: { rewardBids: number }) => i.rewardBids === 3)).toBe(true);

    const logs = await s.built.ctx.db
      .selectFrom('user_bid_logs')
      .selectAll()
      .where('user_id', '=', inviter.body.user_id)
      .where('reason', '=', 'invite')
      .execute();
    expect(logs.map((l) => [l.bucket, l.delta])).toEqual([
      ['grant', 3],
      ['grant', 3],
    ]);
    const quota = await s.built.ctx.db
      .selectFrom('users')
      .select('grant_bid_number')
      .where('id', '=', inviter.body.user_id)
      .executeTakeFirstOrThrow();
    expect(quota.grant_bid_number).toBe(6);
    // The inviter's quota history names the reason.
    const history = (
      await s.api.get('/order/userBidLog/client/list', { current: 1, size: 20 }, { token: inviter.token })
    ).body.data;
    expect(history.records.filter((r: { reason: string }) => r.reason === 'invite')).toHaveLength(2);
  });
});
