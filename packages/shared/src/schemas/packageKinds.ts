/* Package kinds without zod: the landing page's first load shows the labels and must not carry zod. */
export const PACKAGE_KINDS = ['count', 'monthly', 'yearly'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

export const PACKAGE_KIND_LABELS: Record<PackageKind, string> = {
  count: '按份',
  monthly: '包月',
  yearly: '包年',
};
