import { expect } from 'vitest';
import { layoutCases } from './testing/layout-cases.ts';

/**
 * Layouts the blind rounds r18 and r19 brought, each pinned by a tender written in its shape: the
 * tenders and the items read from them are in fixtures/blind-r18-layouts.json; what a test checks
 * besides, here.
 */
layoutCases('blind-r18-layouts', {
  'reads full-width digits as digits: points, totals and the bond': (a) =>
    expect(a.project.bondAmount).toBe(20000),
  'takes the whole as the sum of the stages the tender adds up, not the last stage maximum': (a) =>
    expect(a.statedTotals[0]?.total).toBe(100),
  'finds no scoring items in a lowest-price tender whose only table with points is used after the award': (
    a,
  ) => expect(a.lowestPrice).toBe(true),
  'reads a mandated outline listed inline over wrapped lines and a page break': (a) =>
    expect(a.mandatedOutline.map((m) => m.title)).toEqual([
      '施工方案',
      '质量保证措施',
      '安全文明施工措施',
      '进度计划与保证措施',
    ]),
  'takes the budget as the sum of the 包 budgets when the tender states no whole': (a) => {
    expect(a.lots.map((l) => l.budgetAmount)).toEqual([2160000, 560000]);
    expect(a.project.budgetAmount).toBe(2720000);
  },
});
