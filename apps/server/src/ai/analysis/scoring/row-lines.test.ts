import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from '../index.ts';

describe('table rows with the points glued to the criteria', () => {
  it('reads each row under its heading and checks the headings add up', () => {
    const text = [
      '某污水处理站改造工程招标文件',
      '第三章 评标办法',
      '3. 评分标准（满分 100 分）',
      '评审因素\t分值评分标准',
      '施工组织设计（30分）',
      '施工方案与技术措施\t15分工艺流程合理得12-15分；一般得0-11',
      '分',
      '质量安全措施\t10分体系健全得8-10分',
      '进度计划 5分横道图完整得5分',
      '投标报价（60分）',
      '投标报价\t60分以评标基准价计算',
      '其他因素（10分）',
      '类似工程业绩\t10分每项得2分，最高10分',
      '合计\t100分',
      '第四章 合同条款',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['施工方案与技术措施', 15],
      ['质量安全措施', 10],
      ['进度计划', 5],
      ['投标报价', 60],
      ['类似工程业绩', 10],
    ]);
    for (const i of a.scoringItems) expect(text.slice(i.source!.start).startsWith(i.name)).toBe(true);
  });
});
