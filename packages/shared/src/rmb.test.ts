import { describe, expect, it } from 'vitest';
import { parseUpper, rmbLower, rmbPlain, rmbUpper, RMB_MAX } from './rmb.ts';

describe('人民币大写', () => {
  it('writes digits, units, groups, 元角分, 整 and zeros as a bid writes them', () => {
    const cases: Array<[number, string]> = [
      [0, '零元整'],
      [0.05, '零元伍分'],
      [0.5, '零元伍角整'],
      [1, '壹元整'],
      [10, '壹拾元整'],
      [15, '壹拾伍元整'],
      [101, '壹佰零壹元整'],
      [110, '壹佰壹拾元整'],
      [1001, '壹仟零壹元整'],
      [1010, '壹仟零壹拾元整'],
      [10000, '壹万元整'],
      [10500, '壹万零伍佰元整'],
      [100000, '壹拾万元整'],
      [100100, '壹拾万零壹佰元整'],
      [1000001, '壹佰万零壹元整'],
      [10010001, '壹仟零壹万零壹元整'],
      [12345678.9, '壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角整'],
      [100000000, '壹亿元整'],
      [100000001, '壹亿零壹元整'],
      [120050000.05, '壹亿贰仟零伍万元零伍分'],
      [12600000, '壹仟贰佰陆拾万元整'],
      [11880000.5, '壹仟壹佰捌拾捌万元伍角整'],
      [3.07, '叁元零柒分'],
      [3.7, '叁元柒角整'],
      [3.75, '叁元柒角伍分'],
      [RMB_MAX, '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ];
    for (const [n, upper] of cases) expect([n, rmbUpper(n)]).toEqual([n, upper]);
  });

  it('rounds to the fen and refuses what is no amount', () => {
    expect(rmbUpper(1.005 + 1e-9)).toBe('壹元零壹分');
    expect(rmbUpper(2.999)).toBe('叁元整');
    expect(() => rmbUpper(-1)).toThrow(RangeError);
    expect(() => rmbUpper(Number.NaN)).toThrow(RangeError);
    expect(() => rmbUpper(RMB_MAX + 1)).toThrow(RangeError);
  });

  it('reads its own 大写 back to the same amount, for every shape of zero', () => {
    for (const n of [
      0.5, 1, 101, 1001, 10500, 100100, 1000001, 10010001, 12345678.9, 100000001, 120050000.05,
    ])
      expect(parseUpper(rmbUpper(n))).toBeCloseTo(n, 2);
    expect(parseUpper('投标总价人民币壹拾万元整')).toBe(100000);
    expect(parseUpper('没有金额')).toBeNull();
  });

  it('writes 小写 with separators and two decimals', () => {
    expect(rmbLower(12345678.9)).toBe('¥12,345,678.90');
    expect(rmbPlain(100000)).toBe('100,000.00');
    expect(rmbLower(0)).toBe('¥0.00');
  });
});
