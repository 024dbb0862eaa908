import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from '../index.ts';

describe('a scoring table laid on its side', () => {
  it('reads each column as an item beside an upright table', () => {
    const text = [
      '某研究院规划咨询项目招标文件',
      '第四章 评标办法',
      '一、综合评分法，满分 100 分，其中价格分 30 分、技术分 50 分、商务分 20 分。',
      '二、价格分（30分）：最低价为基准价。',
      '三、技术分（50分）按下表评审：',
      '序号\t评审因素\t分值\t评分标准',
      '1\t工作方案\t30\t完整的得 25-30 分。',
      '2\t进度保障\t20\t合理的得 15-20 分。',
      '四、商务分（20分）按下表评审：',
      '评审因素\t类似业绩\t项目负责人\t企业信誉',
      '分值\t10\t6\t4',
      '评分标准\t每个得 2 分。\t具有高级职称的得 6 分。\t获表彰的得 4 分。',
      '第五章 合同条款',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['价格分', 30],
      ['工作方案', 30],
      ['进度保障', 20],
      ['类似业绩', 10],
      ['项目负责人', 6],
      ['企业信誉', 4],
    ]);
  });
});
