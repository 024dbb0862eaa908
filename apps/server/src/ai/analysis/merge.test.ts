import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from './index.ts';
import { notWorse, scoringQuality } from './merge.ts';

const t02 = fs.readFileSync(new URL('../../../test/corpus/t02.txt', import.meta.url), 'utf8');

describe('a fresh analysis never lowers the one it replaces', () => {
  it('keeps the earlier scoring items, clauses and facts when the new reading is worse', () => {
    const good = analyzeTenderByRules(t02);
    const worse = {
      ...good,
      scoringItems: good.scoringItems.slice(0, 3),
      starClauses: good.starClauses.slice(0, 1),
      mandatedOutline: [],
      project: { ...good.project, bondAmount: null },
    };
    expect(scoringQuality(worse.scoringItems)).toBeLessThan(scoringQuality(good.scoringItems));
    const kept = notWorse(good, worse);
    expect(kept.scoringItems).toEqual(good.scoringItems);
    expect(kept.starClauses.map((c) => c.text).sort()).toEqual(good.starClauses.map((c) => c.text).sort());
    expect(kept.mandatedOutline).toEqual(good.mandatedOutline);
    expect(kept.project.bondAmount).toBe(20000);
    expect(kept.warnings[0]).toContain('保留上次的评分项');
  });

  it('takes the new reading when it is as good or better', () => {
    const good = analyzeTenderByRules(t02);
    const older = { ...good, scoringItems: good.scoringItems.slice(0, 4) };
    expect(notWorse(older, good).scoringItems).toEqual(good.scoringItems);
  });
});
