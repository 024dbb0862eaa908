import { describe, expect, it } from 'vitest';
import { foldRadicals } from './radicals.ts';

describe('foldRadicals', () => {
  it('reads radicals a PDF mapped its glyphs to as the ideographs they draw, keeping every offset', () => {
    const pdf = '⽬录 第⼀章 ⼈⺠政府 ⻝品安全 项⽬⾦额';
    const folded = foldRadicals(pdf);
    expect(folded).toBe('目录 第一章 人民政府 食品安全 项目金额');
    expect(folded.length).toBe(pdf.length);
  });

  it('reads a Kangxi radical a simplified font draws as the simplified ideograph (⼾ 户, not NFKC 戶)', () => {
    const pdf = '⼊⼾评估 ⾭年 ⿈⾦';
    expect(foldRadicals(pdf)).toBe('入户评估 青年 黄金');
  });

  it('leaves text without radicals as it is', () => {
    const s = '评分因素\t分值\n价格分 30';
    expect(foldRadicals(s)).toBe(s);
  });
});
