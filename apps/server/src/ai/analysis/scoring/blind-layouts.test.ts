import { expect } from 'vitest';
import { analyzeTenderByRules } from '../index.ts';
import { layoutCases } from './testing/layout-cases.ts';

/**
 * Layouts the blind rounds r15–r17 brought, each pinned by a tender written in its shape: the tenders
 * and the items read from them are in fixtures/blind-layouts.json; what a test checks besides, here.
 */
layoutCases('blind-layouts', {
  'gives each item its printed points times its part’s weight, and a part without rows its weight': (a) =>
    expect(a.scoringItems[0].criteria).toContain('表中 60 分'),
  'reads the facts in their cells and a label with a note in brackets': (a) => {
    expect([a.project.budgetAmount, a.project.period]).toEqual([1200000, '合同签订后 45 日历天内交付']);
    const bracketed = analyzeTenderByRules(
      '某统计局印刷服务询价文件\n三、采购预算（最高限价）：人民币 486,000.00 元。',
    ).project;
    expect(bracketed.budgetAmount).toBe(486000);
  },
  'reads labelled blocks in an appendix together with the table of the other part': (a) =>
    expect(a.scoringItems.reduce((s, i) => s + (i.points ?? 0), 0)).toBe(100),
});
