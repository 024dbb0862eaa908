import { describe, expect, it } from 'vitest';
import { userInfoSchema } from './user.ts';

describe('userInfoSchema', () => {
  it('keeps the SPEC section 3 field names and fills the SPEC defaults', () => {
    const u = userInfoSchema.parse({ id: 7, account: '13800000000', tenantId: '000000' });
    // More fields are welcome (API.md); these are the SPEC ones with the SPEC defaults.
    expect(u).toMatchObject({
      id: '7',
      account: '13800000000',
      source: null,
      tenantId: '000000',
      expireDate: null,
      packageUnit: null,
      packageUnlimitedTimes: null,
      bidNumber: 0,
      monthBidNumber: 0,
      temporaryBidNumber: 0,
      grantBidNumber: 0,
      isEmployee: 0,
      name: null,
      bidFileShowFlag: 1,
      projectListShowFlag: 1,
      isBuy: 0,
      headMenu: [],
      rights: [],
      needUserInfo: 1,
      modelData: { premium_status: 0, standard_status: 0 },
    });
  });

  it('reads boolean flags as 0/1 and rejects negative quota', () => {
    const u = userInfoSchema.parse({
      id: '1',
      account: 'a',
      tenantId: 't',
      isEmployee: true,
      modelData: { premium_status: true },
    });
    expect([u.isEmployee, u.modelData.premium_status, u.modelData.standard_status]).toEqual([1, 1, 0]);
    expect(userInfoSchema.safeParse({ id: '1', account: 'a', tenantId: 't', bidNumber: -1 }).success).toBe(
      false,
    );
  });
});
