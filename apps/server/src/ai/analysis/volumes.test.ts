import { describe, expect, it } from 'vitest';
import { extractVolumes } from './volumes.ts';

describe('extractVolumes', () => {
  it('reads the four volumes of a split bid in the tender’s order, the technical one anonymous under 暗标', () => {
    const text = '投标文件分为资格证明文件、商务文件、技术文件和报价文件，分别装订成册。\n技术文件采用暗标。';
    expect(extractVolumes(text, true)).toEqual([
      { key: 'qualification', name: '资格证明文件', parts: ['qualification'], anonymous: false },
      { key: 'business', name: '商务文件', parts: ['commercial', 'form', 'other'], anonymous: false },
      { key: 'dark', name: '技术文件', parts: ['technical'], anonymous: true },
      { key: 'price', name: '报价文件', parts: ['price'], anonymous: false },
    ]);
  });

  it('reads 商务及报价文件 as one volume', () => {
    const v = extractVolumes('投标文件分为商务及报价文件和技术标（暗标）两部分。', true);
    expect(v.map((x) => [x.key, x.name])).toEqual([
      ['business', '商务及报价文件'],
      ['dark', '技术标'],
    ]);
  });

  it('reads 明标 beside 暗标 as a named volume and an anonymous technical one', () => {
    const v = extractVolumes('技术标分为明标和暗标两部分，暗标部分不得出现投标人名称。', true);
    expect(v.map((x) => [x.key, x.name, x.anonymous])).toEqual([
      ['open', '明标', false],
      ['dark', '暗标', true],
    ]);
  });

  it('reads no volumes from a tender that only names its parts or has no 暗标', () => {
    expect(extractVolumes('投标人应提交商务文件的原件备查。技术文件应完整。', false)).toEqual([]);
    expect(extractVolumes('评标采用明标方式。', false)).toEqual([]);
    // 由…组成 lists what one bid holds, unless a part of it is 暗标.
    const composed = '投标文件由资格证明文件、商务文件、技术文件和报价文件组成。';
    expect(extractVolumes(composed, false)).toEqual([]);
    expect(extractVolumes(composed, true).map((v) => v.key)).toEqual([
      'qualification',
      'business',
      'dark',
      'price',
    ]);
  });
});
