import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type ApiResult, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { saveCouponSchema } from '@bid/shared';
import { hashPassword } from '../src/modules/auth/password.ts';
import { infra, md5, nextIp, resetClock, startAccountsServer, tokenCall } from './accounts-helpers.ts';

/**
 * Issue 30, finding 6: coupon codes and password logins are slowed down per account and per address
 * with a growing delay (2, 4, 8 … s after the free failures, capped) instead of a hard lock. The
 * accounts clock is frozen and moved by hand: nothing here depends on how fast the machine is.
 */
let s: TestServer;
beforeAll(async () => {
  // TRUST_PROXY (startAccountsServer): each call picks its address with X-Forwarded-For.
  s = await startAccountsServer({ CAPTCHA: 'off' });
});
afterAll(async () => {
  await s?.close();
});
afterEach(() => resetClock(s));

let frozen = 0;
function freezeClock(): void {
  frozen = Date.now();
  infra(s).clock.now = () => frozen;
}
function advance(seconds: number): void {
  frozen += seconds * 1000;
}
const retryAfter = (r: ApiResult) => Number(r.headers.get('retry-after'));

describe(`coupon guesses (${TEST_DB})`, () => {
  const guess = (u: TestUser, code: string, ip: string) =>
    s.api.post(
      '/order/client/enjoy-discounts',
      { packageId: 'pkg-count-1', couponCode: code },
      { token: u.token, headers: { 'x-forwarded-for': ip } },
    );

  it('300 guesses from one account: 3 are looked up, the other 297 answer 429 with the wait', async () => {
    freezeClock();
    const u = await createUserWithSession(s);
    const ip = nextIp();
    const statuses: number[] = [];
    let last: ApiResult | undefined;
    for (let i = 0; i < 300; i += 1) {
      last = await guess(u, `GUESS${String(i).padStart(4, '0')}`, ip);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    expect(statuses.filter((x) => x === 429)).toHaveLength(297);
    expect(last!.body).toMatchObject({ code: 429, success: false, msg: '优惠码尝试次数过多，请 2 秒后再试' });
    expect(retryAfter(last!)).toBe(2);
  });

  it('the wait doubles after each further miss, for the account from any address, up to 15 minutes', async () => {
    freezeClock();
    const u = await createUserWithSession(s);
    for (let i = 0; i < 3; i += 1) expect((await guess(u, `MISS${i}`, nextIp())).status).toBe(404);
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // From a new address each time: the account's own wait applies.
      const blocked = await guess(u, `MISS-B${i}`, nextIp());
      expect(blocked.status).toBe(429);
      waits.push(retryAfter(blocked));
      advance(retryAfter(blocked));
      expect((await guess(u, `MISS-C${i}`, nextIp())).status).toBe(404);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it('one address trying codes for many accounts waits too; a real code still works once the wait is over', async () => {
    freezeClock();
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      // Two misses per account: no account reaches its own limit, the address reaches its 10.
      const u = await createUserWithSession(s);
      expect((await guess(u, `ADDR${i}A`, ip)).status).toBe(404);
      expect((await guess(u, `ADDR${i}B`, ip)).status).toBe(404);
    }
    const fresh = await createUserWithSession(s);
    const blocked = await guess(fresh, 'ADDR-X', ip);
    expect(blocked.status).toBe(429);
    expect(retryAfter(blocked)).toBe(2);
    // Ordering with a code is limited the same way.
    const order = await s.api.post(
      '/order/client/create',
      { packageId: 'pkg-count-1', payMethod: 'transfer', couponCode: 'ADDR-Y' },
      { token: fresh.token, headers: { 'x-forwarded-for': ip } },
    );
    expect(order.status).toBe(429);
    // The same account from another address is not held up by that address.
    expect((await guess(fresh, 'ADDR-Z', nextIp())).status).toBe(404);

    const code = `REAL${process.pid % 1000}`;
    await s.built.ctx.services.commerce.coupons.save(
      saveCouponSchema.parse({ code, name: '立减 20', kind: 'amount', value: '20' }),
    );
    expect((await guess(fresh, code, ip)).status).toBe(429);
    advance(2);
    const ok = await guess(fresh, code, ip);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ discount: '20.00', amount: '179.00' });
  });
});

describe(`password guesses (${TEST_DB})`, () => {
  async function withPassword(password: string): Promise<TestUser> {
    const u = await createUserWithSession(s);
    await s.built.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(md5(password)) })
      .where('id', '=', u.userId)
      .execute();
    return u;
  }
  const login = (username: string, password: string, ip: string) =>
    tokenCall(s, { grant_type: 'client_password', username, password: md5(password) }, {}, ip);

  it('the delay grows from one address: 400 three times, then 2, 4, 8, 16 … s; never a hard lock', async () => {
    freezeClock();
    const u = await withPassword('Right-pass-9');
    const ip = nextIp();
    for (const expected of ['账号或密码错误', '账号或密码错误', '账号或密码错误，请 2 秒后再试']) {
      const r = await login(u.phone, 'wrong', ip);
      expect([r.status, r.body.error_description]).toEqual([400, expected]);
    }
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const blocked = await login(u.phone, 'Right-pass-9', ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ success: false, error_code: 429 });
      expect(blocked.body.error_description).toMatch(/^密码错误次数过多，请 \d+ 秒后再试$/);
      waits.push(retryAfter(blocked));
      advance(retryAfter(blocked));
      expect((await login(u.phone, 'wrong', ip)).status).toBe(400);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64]);
    // The right password works as soon as the wait is over, and ends the account's delays.
    advance(128);
    expect((await login(u.phone, 'Right-pass-9', ip)).status).toBe(200);
    expect((await login(u.phone, 'wrong', ip)).body.error_description).toBe('账号或密码错误');
  });

  it("someone else's wrong passwords do not lock the owner out beyond the delay", async () => {
    freezeClock();
    const victim = await withPassword('Victim-pass-1');
    const attacker = nextIp();
    // 50 tries from one address: 3 are checked, the rest wait.
    const answers: number[] = [];
    for (let i = 0; i < 50; i += 1) answers.push((await login(victim.phone, `guess-${i}`, attacker)).status);
    expect(answers.filter((x) => x === 400)).toHaveLength(3);
    expect(answers.filter((x) => x === 429)).toHaveLength(47);
    // The owner, from their own address, logs in at once.
    const home = nextIp();
    expect((await login(victim.phone, 'Victim-pass-1', home)).status).toBe(200);

    // Many addresses together: after 10 failures on the account its own delay starts, at most 5 minutes.
    for (let round = 0; round < 40; round += 1) {
      advance(10 * 60);
      for (let a = 0; a < 4; a += 1) await login(victim.phone, `spray-${round}-${a}`, nextIp());
    }
    const held = await login(victim.phone, 'Victim-pass-1', home);
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBeLessThanOrEqual(300);
    advance(retryAfter(held));
    expect((await login(victim.phone, 'Victim-pass-1', home)).status).toBe(200);
  });

  it('an unknown account answers like a wrong password, delays included', async () => {
    freezeClock();
    const ip = nextIp();
    const known = await withPassword('Known-pass-1');
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r1 = await login(known.phone, 'nope', ip);
      const r2 = await login('nobody-at-all', 'nope', ip);
      a.push(`${r1.status} ${r1.body.error_description}`);
      b.push(`${r2.status} ${r2.body.error_description}`);
    }
    expect(a).toEqual(b);
  });
});
