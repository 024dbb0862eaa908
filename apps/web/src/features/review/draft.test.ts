import { describe, expect, it } from 'vitest';
import {
  reviewTotals,
  tenderAnalysisSchema,
  type ReparseScoringResult,
  type ScoringItem,
  type TenderAnalysis,
} from '@bid/shared';
import {
  disqualificationRows,
  draftProblems,
  mergeItems,
  newItem,
  nextItemId,
  removeItem,
  replaceScoring,
  settledWarnings,
  splitItem,
  splitPoints,
  updateItem,
  withDisqualifications,
} from './draft.ts';

const item = (
  id: string,
  name: string,
  points: number | null,
  over: Partial<ScoringItem> = {},
): ScoringItem => ({
  id,
  category: 'technical',
  name,
  group: null,
  points,
  criteria: `${name}的评分标准`,
  lot: null,
  source: null,
  ...over,
});

function analysis(items: ScoringItem[], over: Partial<TenderAnalysis> = {}): TenderAnalysis {
  return tenderAnalysisSchema.parse({
    project: {
      name: '某项目',
      number: null,
      owner: null,
      agency: null,
      budget: null,
      period: null,
      location: null,
      scope: null,
      bond: null,
    },
    scoringMethod: '综合评分法',
    qualifications: [],
    scoringItems: items,
    starClauses: [],
    disqualifications: [],
    keyDates: [],
    mandatedOutline: [],
    darkBid: false,
    engine: 'offline',
    model: null,
    warnings: [],
    chars: 100,
    ...over,
  });
}

describe('review draft edits', () => {
  it('new ids are never ones the list uses', () => {
    expect(nextItemId([])).toBe('S1');
    expect(nextItemId([{ id: 'S1' }, { id: 'S7' }, { id: 'X2' }])).toBe('S8');
    const items = [item('S1', 'a', 1)];
    const added = newItem(items, 'commercial');
    expect(added).toMatchObject({ id: 'S2', category: 'commercial', name: '', points: null, source: null });
  });

  it('edits and deletes one item by id, keeping its id', () => {
    const items = [item('S1', 'a', 1), item('S2', 'b', 2)];
    expect(updateItem(items, 'S2', { name: 'B', id: 'S9' } as Partial<ScoringItem>)[1]).toMatchObject({
      id: 'S2',
      name: 'B',
    });
    expect(removeItem(items, 'S1').map((i) => i.id)).toEqual(['S2']);
  });

  it('merges two items into the place and id of the first listed, points added, criteria joined', () => {
    const items = [
      item('S1', '质量控制及考', 5, { source: null }),
      item('S2', '其他', 3),
      item('S3', '核措施', null, { source: { start: 10, end: 20 }, criteria: '' }),
    ];
    const merged = mergeItems(items, ['S3', 'S1'], '质量控制及考核措施');
    expect(merged.map((i) => i.id)).toEqual(['S1', 'S2']);
    expect(merged[0]).toMatchObject({
      name: '质量控制及考核措施',
      points: 5,
      criteria: '质量控制及考的评分标准',
      source: { start: 10, end: 20 },
    });
    expect(mergeItems([item('S1', 'a', null), item('S2', 'b', null)], ['S1', 'S2'], ' ')[0]).toMatchObject({
      name: 'a',
      points: null,
    });
  });

  it('splits an item in two right after it: the first keeps id and source, the second gets a new id', () => {
    const items = [item('S1', '资质与信誉', 8, { source: { start: 0, end: 5 } }), item('S2', 'x', 1)];
    const [p1, p2] = splitPoints(8);
    expect([p1, p2]).toEqual([4, 4]);
    expect(splitPoints(7)).toEqual([4, 3]);
    expect(splitPoints(2.5)).toEqual([1.25, 1.25]);
    expect(splitPoints(null)).toEqual([null, null]);
    const split = splitItem(items, 'S1', [
      { name: '资质', points: p1 },
      { name: ' 信誉 ', points: p2 },
    ]);
    expect(split.map((i) => [i.id, i.name, i.points, i.source])).toEqual([
      ['S1', '资质', 4, { start: 0, end: 5 }],
      ['S3', '信誉', 4, null],
      ['S2', 'x', 1, null],
    ]);
    expect(split[1].criteria).toBe(items[0].criteria);
    // Merged back: one item as before, its criteria once.
    expect(mergeItems(split, ['S1', 'S3'], '资质与信誉')[0]).toMatchObject({
      id: 'S1',
      name: '资质与信誉',
      points: 8,
      criteria: items[0].criteria,
    });
  });

  it('a pasted table replaces the list, keeping ids of items it already had by name', () => {
    const a = analysis([item('S1', '投标报价', 30, { category: 'price' }), item('S2', '旧项', 5)]);
    const pasted: ReparseScoringResult = {
      scoringItems: [item('S1', '新项', 10), item('S2', '投标报价', 30, { category: 'price' })],
      statedTotals: [{ lot: null, total: 40, parts: [], source: null }],
      warnings: [],
      totals: [],
    };
    const next = replaceScoring(a, pasted);
    expect(next.scoringItems.map((i) => [i.id, i.name])).toEqual([
      ['S3', '新项'],
      ['S1', '投标报价'],
    ]);
    expect(next.statedTotals).toEqual(pasted.statedTotals);
    // The tender's own stated totals win over the pasted table's.
    const own = [{ lot: null, total: 100, parts: [], source: { start: 1, end: 2 } }];
    expect(replaceScoring({ ...a, statedTotals: own }, pasted).statedTotals).toEqual(own);
  });

  it('废标 clauses keep their sources index for index', () => {
    const a = analysis([], {
      disqualifications: ['甲', '乙'],
      disqualificationSources: [{ start: 1, end: 2 }, null],
    });
    const rows = disqualificationRows(a);
    const next = withDisqualifications(a, [rows[1], { text: '丙', source: null }]);
    expect(next.disqualifications).toEqual(['乙', '丙']);
    expect(next.disqualificationSources).toEqual([null, null]);
  });

  it("lists what the server would refuse, in the shared schema's words, with the row", () => {
    const ok = analysis([item('S1', '投标报价', 30)]);
    expect(draftProblems(ok)).toEqual([]);
    const bad = analysis([item('S1', '  ', 30), item('S1', 'b', 2)], {
      starClauses: [{ mark: '★', text: '', lot: null, source: null }],
    });
    const problems = draftProblems(bad);
    expect(problems).toContainEqual(
      expect.objectContaining({ where: '评分项第 1 行', message: '评分项名称不能为空', row: 0 }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ where: '★/▲ 条款第 1 行', field: 'starClauses', row: 0 }),
    );
    expect(problems.some((p) => /评分项编号 S1 重复/.test(p.message))).toBe(true);
    // A bid answering 包 2 cannot keep an item of 包 1.
    const lots = analysis([item('S1', 'a', 1, { lot: 1 })], {
      lots: [
        { no: 1, name: '一' },
        { no: 2, name: '二' },
      ],
    });
    expect(draftProblems(lots, 2)[0].message).toMatch(/本标书投标第 2 包/);
  });

  it('drops the "check the items" warnings only once the confirmed items add up to every stated total', () => {
    const warnings = ['找到 1 项共 30 分，招标文件总分 100 分，请核对评分项', '技术标暗标，请勿出现单位名称'];
    const stated = [{ lot: null, total: 100, parts: [], source: null }];
    const short = analysis([item('S1', '投标报价', 30)], { warnings, statedTotals: stated });
    expect(settledWarnings(short, reviewTotals(short))).toEqual(warnings);
    const full = { ...short, scoringItems: [item('S1', '投标报价', 30), item('S2', '技术方案', 70)] };
    expect(settledWarnings(full, reviewTotals(full))).toEqual(['技术标暗标，请勿出现单位名称']);
    // Nothing stated: nothing shows the items are complete, the warning stays.
    const unstated = { ...full, statedTotals: [] };
    expect(settledWarnings(unstated, reviewTotals(unstated))).toEqual(warnings);
  });
});
