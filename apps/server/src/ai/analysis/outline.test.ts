import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from './index.ts';

describe('the outline a tender prescribes', () => {
  it('reads a list written on in the sentence that announces it, each entry pointing at its title', () => {
    const text = [
      '某片区更新方案咨询项目招标文件',
      '投标文件分为商务文件、技术文件两部分。技术文件须按以下章节顺序编写：第一部分 现状调研；第二部分 更新策略；第三部分 实施计划。',
      '第二章 投标人须知',
    ].join('\n');
    const outline = analyzeTenderByRules(text).mandatedOutline;
    expect(outline.map((m) => m.title)).toEqual(['现状调研', '更新策略', '实施计划']);
    for (const m of outline) expect(text.slice(m.source!.start, m.source!.end)).toBe(m.title);
  });

  it('reads 投标文件（每包）应包括：一、…；二、… the same way', () => {
    const text = [
      '某维护服务项目招标文件',
      '投标文件（每包）应包括：一、投标函；二、开标一览表；三、服务方案。',
    ].join('\n');
    expect(analyzeTenderByRules(text).mandatedOutline.map((m) => m.title)).toEqual([
      '投标函',
      '开标一览表',
      '服务方案',
    ]);
  });
});
