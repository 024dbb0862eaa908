import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { QuotaService } from '../src/modules/quota/service.ts';
import { CommerceService } from '../src/modules/commerce/service.ts';
import { TransferProvider } from '../src/modules/commerce/payment.ts';
import { UserService } from '../src/modules/user/service.ts';

/** Month rollover, monthly and yearly expiry, company-shared quota, with an injected clock on the real database. */
describe(`quota over time (${TEST_DB})`, () => {
  let clock = new Date('2026-01-15T08:00:00Z');
  let quota: QuotaService;
  let commerce: CommerceService;
  const ZERO = { bid_number: 0, month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0 };
  const actor = (u: TestUser, role = 'personal') => ({ userId: u.userId, tenantId: u.tenantId, role });

  const s = useTestServer();
  beforeAll(async () => {
    quota = new QuotaService(s.built.ctx.db, () => clock);
    commerce = new CommerceService(s.built.ctx.db, {
      quota,
      transfer: new TransferProvider({ bankName: '', accountName: '', accountNo: '' }),
      now: () => clock,
    });
  });

  async function buyAndConfirm(u: TestUser, packageId: string, role = 'personal') {
    const { orderId } = await commerce.createOrder(actor(u, role), { packageId, payMethod: 'transfer' });
    await commerce.confirm(actor(u, role), orderId);
  }
  const monthOf = async (u: TestUser, role = 'personal') => (await quota.remaining(actor(u, role))).month;

  it('a monthly package refills the month bucket each month while it runs, then lapses', async () => {
    clock = new Date('2026-01-15T08:00:00Z');
    const u = await createUserWithSession(s, { quota: ZERO });
    await s.built.ctx.db.updateTable('packages').set({ months: 3 }).where('id', '=', 'pkg-monthly').execute();
    try {
      await buyAndConfirm(u, 'pkg-monthly');
    } finally {
      await s.built.ctx.db
        .updateTable('packages')
        .set({ months: 1 })
        .where('id', '=', 'pkg-monthly')
        .execute();
    }
    expect(await monthOf(u)).toBe(30);
    // Two bids this month.
    await s.built.ctx.db.transaction().execute(async (trx) => {
      await quota.consumeOne(trx, actor(u), 'bid-a');
      await quota.consumeOne(trx, actor(u), 'bid-b');
    });
    expect(await monthOf(u)).toBe(28);
    clock = new Date('2026-02-14T23:59:59Z');
    expect(await monthOf(u)).toBe(28);
    clock = new Date('2026-02-15T08:00:00Z');
    // get-userInfo (the header's quota) rolls the month over too.
    const users = new UserService(s.built.ctx.db, s.built.ctx.services.accounts, quota);
    expect((await users.userInfo(actor(u))).monthBidNumber).toBe(30);
    expect(await monthOf(u)).toBe(30);
    expect(await monthOf(u)).toBe(30);
    // Skipping a month refills once, not twice; after the third month the package has ended.
    clock = new Date('2026-04-15T08:00:01Z');
    expect(await monthOf(u)).toBe(0);
    const logs = await s.built.ctx.db
      .selectFrom('user_bid_logs')
      .select(['reason', 'delta'])
      .where('user_id', '=', u.userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => `${l.reason}${l.delta}`)).toEqual([
      'order30',
      'bid-1',
      'bid-1',
      'monthly2',
      'expired-30',
    ]);
  });

  it('a yearly package makes bids free until it expires, then the buckets are used again', async () => {
    clock = new Date('2026-03-01T00:00:00Z');
    const u = await createUserWithSession(s, { quota: { ...ZERO, grant_bid_number: 1 } });
    await buyAndConfirm(u, 'pkg-yearly');
    expect(await quota.remaining(actor(u))).toMatchObject({
      unlimited: true,
      unlimitedUntil: '2027-03-01T00:00:00.000Z',
    });
    const r = await s.built.ctx.db.transaction().execute((trx) => quota.consumeOne(trx, actor(u), 'bid-y1'));
    expect(r).toEqual({ bucket: 'unlimited', delta: 0 });
    clock = new Date('2027-03-01T00:00:01Z');
    expect((await quota.remaining(actor(u))).unlimited).toBe(false);
    const after = await s.built.ctx.db
      .transaction()
      .execute((trx) => quota.consumeOne(trx, actor(u), 'bid-y2'));
    expect(after).toEqual({ bucket: 'grant', delta: -1 });
  });

  it("a company's monthly package is shared by its employees and rolls over for all of them", async () => {
    clock = new Date('2026-05-10T00:00:00Z');
    const admin = await createUserWithSession(s, { role: 'company_admin', isEmployee: 1, quota: ZERO });
    await s.built.ctx.db.updateTable('tenants').set(ZERO).where('id', '=', admin.tenantId).execute();
    const e = await createUserWithSession(s, {
      role: 'employee',
      isEmployee: 1,
      tenantId: admin.tenantId,
      quota: ZERO,
    });
    await buyAndConfirm(admin, 'pkg-monthly', 'company_admin');
    await s.built.ctx.db.transaction().execute((trx) => quota.consumeOne(trx, actor(e, 'employee'), 'bid-e'));
    expect(await monthOf(admin, 'company_admin')).toBe(29);
    expect(await monthOf(e, 'employee')).toBe(29);
    clock = new Date('2026-06-10T00:00:01Z');
    // A one-month package: at its end the month bucket empties for everyone.
    expect(await monthOf(e, 'employee')).toBe(0);
    expect(await monthOf(admin, 'company_admin')).toBe(0);
  });
});
