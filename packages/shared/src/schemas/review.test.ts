import { describe, expect, it } from 'vitest';
import type { ScoringItem, StatedTotals } from './analysis.ts';
import { analysisProblems, reviewedAnalysisSchema, reviewTotals, totalsMismatches } from './review.ts';

const item = (
  id: string,
  points: number | null,
  category: ScoringItem['category'],
  lot: number | null = null,
): ScoringItem => ({
  id,
  name: `评分项${id}`,
  points,
  category,
  group: null,
  criteria: '',
  lot,
  source: null,
});

const stated = (lot: number | null, total: number | null, parts: Array<[ScoringItem['category'], number]>) =>
  ({
    lot,
    total,
    parts: parts.map(([category, points]) => ({ label: category, category, points, source: null })),
    source: null,
  }) as StatedTotals;

describe('scoring sums against the totals the tender states', () => {
  it('one 包: sums per category, mismatches in plain words, unstated sums not compared', () => {
    const [t] = reviewTotals({
      scoringItems: [item('S1', 30, 'price'), item('S2', 12.5, 'technical'), item('S3', 27.5, 'technical')],
      statedTotals: [
        stated(null, 100, [
          ['price', 30],
          ['technical', 50],
        ]),
      ],
    });
    expect(t.lot).toBeNull();
    expect(t.found).toEqual({ total: 70, price: 30, technical: 40, commercial: 0, other: 0 });
    expect(t.stated).toEqual({ total: 100, price: 30, technical: 50, commercial: null, other: null });
    expect(totalsMismatches(t).map((m) => m.message)).toEqual([
      '评分项合计 70 分，招标文件总分 100 分',
      '技术分：评分项合计 40 分，招标文件规定 50 分',
    ]);
  });

  it('several 包: a row per 包 with the items that serve every 包; a bid keeps its own 包', () => {
    const a = {
      scoringItems: [item('S1', 40, 'technical', 1), item('S2', 50, 'technical', 2), item('S3', 10, 'price')],
      statedTotals: [stated(1, 50, []), stated(2, 60, [])],
    };
    const rows = reviewTotals(a);
    expect(rows.map((r) => [r.lot, r.found.total, r.stated?.total, r.items])).toEqual([
      [1, 50, 50, 2],
      [2, 60, 60, 2],
    ]);
    expect(rows.every((r) => totalsMismatches(r).length === 0)).toBe(true);
    expect(reviewTotals(a, 2).map((r) => r.lot)).toEqual([2]);
  });

  it('nothing stated: nothing is red', () => {
    const [t] = reviewTotals({ scoringItems: [item('S1', 5, 'other')], statedTotals: [] });
    expect(t.stated).toBeNull();
    expect(totalsMismatches(t)).toEqual([]);
  });
});

describe('what a corrected analysis may not be', () => {
  const base = {
    project: {
      name: null,
      number: null,
      owner: null,
      agency: null,
      budget: null,
      period: null,
      location: null,
      scope: null,
      bond: null,
    },
    scoringMethod: null,
    qualifications: [],
    scoringItems: [],
    starClauses: [],
    disqualifications: [],
    keyDates: [],
    mandatedOutline: [],
    darkBid: false,
    engine: 'offline',
    model: null,
    warnings: [],
    chars: 10,
  };
  const parse = (over: Record<string, unknown>) => reviewedAnalysisSchema.safeParse({ ...base, ...over });
  const message = (over: Record<string, unknown>) => {
    const r = parse(over);
    return r.success ? null : r.error.issues[0].message;
  };

  it('refuses empty names, negative points, repeated ids and unknown 包 in Chinese', () => {
    expect(message({ scoringItems: [{ ...item('S1', 5, 'technical'), name: '  ' }] })).toBe(
      '评分项名称不能为空',
    );
    expect(message({ scoringItems: [item('S1', -1, 'technical')] })).toBe('分值不能小于 0');
    expect(message({ scoringItems: [item('S1', 5, 'technical'), item('S1', 6, 'price')] })).toMatch(
      /评分项编号 S1 重复/,
    );
    expect(
      message({ scoringItems: [item('S1', 5, 'technical', 3)], lots: [{ no: 1, name: '包1' }] }),
    ).toMatch(/第 3 包，招标文件没有这个采购包/);
    expect(message({ starClauses: [{ mark: '★', text: '', lot: null, source: null }] })).toBe(
      '★/▲ 条款内容不能为空',
    );
    expect(message({ mandatedOutline: [{ title: '投标函', level: 4 }] })).toBe('目录层级只能是 1、2 或 3');
    expect(message({ pageLimit: 0 })).toBe('页数上限至少为 1 页');
    expect(
      message({ scoringItems: [{ ...item('S1', 5, 'technical'), source: { start: 9, end: 3 } }] }),
    ).toMatch(/原文位置不正确/);
  });

  it('accepts a sound analysis and trims what the writer typed', () => {
    const r = parse({ scoringItems: [{ ...item('S1', 5, 'technical'), name: ' 施工方案 ' }] });
    expect(r.success).toBe(true);
    expect(r.data?.scoringItems[0].name).toBe('施工方案');
  });

  it('a bid answering one 包 takes no item of another', () => {
    expect(
      analysisProblems(
        {
          scoringItems: [item('S1', 5, 'technical', 1)],
          starClauses: [],
          lots: [
            { no: 1, name: '' },
            { no: 2, name: '' },
          ],
          mandatedOutline: [],
        },
        2,
      )[0].message,
    ).toMatch(/本标书投标第 2 包/);
  });
});
