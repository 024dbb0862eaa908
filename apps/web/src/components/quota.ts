import { toDate } from '@bid/shared';

/** The quota fields of the user (SPEC section 3), as get-userInfo answers them. */
export interface QuotaFields {
  bidNumber?: number | null;
  monthBidNumber?: number | null;
  temporaryBidNumber?: number | null;
  grantBidNumber?: number | null;
  packageUnlimitedTimes?: string | number | null;
}

export interface QuotaSummary {
  total: number;
  /** Set while an unlimited package is valid: new bids cost nothing until then. */
  unlimitedUntil: Date | null;
  parts: Array<{ label: string; value: number }>;
}

const n = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0;

/** Remaining bid quota: the sum of the four sources, and an unlimited package when still valid. */
export function quotaSummary(user: QuotaFields | null | undefined, now: Date = new Date()): QuotaSummary {
  const parts = [
    { label: '购买额度', value: n(user?.bidNumber) },
    { label: '每月额度', value: n(user?.monthBidNumber) },
    { label: '体验额度', value: n(user?.temporaryBidNumber) },
    { label: '赠送额度', value: n(user?.grantBidNumber) },
  ];
  const until = toDate(user?.packageUnlimitedTimes ?? null);
  return {
    total: parts.reduce((sum, p) => sum + p.value, 0),
    unlimitedUntil: until && until.getTime() > now.getTime() ? until : null,
    parts,
  };
}
