import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from '../index.ts';

const TENDER = (rule: string) =>
  [
    '东岭县学校设备采购项目招标文件',
    '第一章 投标邀请',
    '第1包 计算机教室设备，预算金额 900,000.00 元；',
    '第2包 录播教室设备，预算金额 600,000.00 元。',
    '投标人可投一个或两个包。本项目不收取投标保证金。',
    '第三章 评标办法',
    '3.1 本项目采用综合评分法，各包分别评审，满分均为 100 分。',
    '表 3-1 第1包 计算机教室设备 评分标准',
    '序号\t评分因素\t分值\t评分标准',
    '1\t投标报价\t30\t最低价为基准价。',
    '2\t技术参数响应\t30\t全部满足得 30 分。',
    '3\t实施方案\t20\t完整可行的得 15-20 分。',
    '4\t售后服务\t12\t优于要求的得 10-12 分。',
    '5\t类似业绩\t8\t每个得 2 分。',
    rule,
    '3.4 评标委员会成员独立打分。',
    '第四章 采购需求',
  ].join('\n');

describe('a 包 scored as another with changes', () => {
  it('copies the other 包’s items with the stated changes, each pointing at its sentence', () => {
    const text = TENDER(
      [
        '3.3 第2包评分标准参照表 3-1 执行，但作如下调整：',
        '（1）“技术参数响应”的分值调整为 25 分；',
        '（2）删除表 3-1 第5项“类似业绩”；',
        '（3）增加“录播软件功能演示”，分值 0～13 分：现场演示全部功能的得 13 分。',
      ].join('\n'),
    );
    const a = analyzeTenderByRules(text);
    expect(a.lots.map((l) => [l.no, l.name])).toEqual([
      [1, '计算机教室设备'],
      [2, '录播教室设备'],
    ]);
    expect(a.project.bondAmount).toBe(0);
    const of = (lot: number) => a.scoringItems.filter((i) => i.lot === lot).map((i) => [i.name, i.points]);
    expect(of(1)).toEqual([
      ['投标报价', 30],
      ['技术参数响应', 30],
      ['实施方案', 20],
      ['售后服务', 12],
      ['类似业绩', 8],
    ]);
    expect(of(2)).toEqual([
      ['投标报价', 30],
      ['技术参数响应', 25],
      ['实施方案', 20],
      ['售后服务', 12],
      ['录播软件功能演示', 13],
    ]);
    const added = a.scoringItems.find((i) => i.name === '录播软件功能演示')!;
    expect(text.slice(added.source!.start, added.source!.end)).toContain('录播软件功能演示');
    const changed = a.scoringItems.find((i) => i.lot === 2 && i.name === '技术参数响应')!;
    expect(text.slice(changed.source!.start, changed.source!.end)).toContain('25');
  });

  it('copies them unchanged when the 包 is scored the same', () => {
    const a = analyzeTenderByRules(TENDER('3.3 第2包评分标准同第1包。'));
    const of = (lot: number) => a.scoringItems.filter((i) => i.lot === lot).map((i) => [i.name, i.points]);
    expect(of(2)).toEqual(of(1));
    expect(of(2)).toHaveLength(5);
  });
});
