import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules, readScoringFragment } from './index.ts';
import { pastedTablesAsRows } from './pasted-tables.ts';

const GRID = [
  '评分标准如下，满分 100 分：',
  '+------+------------------+------+--------------------------+',
  '| 序号 | 评分因素         | 分值 | 评分标准                 |',
  '+======+==================+======+==========================+',
  '| 1    | 投标报价         | 40   | 最低价为基准价，         |',
  '|      |                  |      | 价格分=基准价/报价×40。  |',
  '+------+------------------+------+--------------------------+',
  '| 2    | 运维服务方案与应 | 35   | 方案完整的得 30-35 分。  |',
  '|      | 急措施           |      |                          |',
  '+------+------------------+------+--------------------------+',
  '| 3    | 类似业绩         | 25   | 每个得 5 分，最多 25 分。|',
  '+------+------------------+------+--------------------------+',
].join('\n');

// pandoc's multiline table: display columns (a CJK character takes two), rows between blank lines.
const DASHES = [
  '评分办法（满分 100 分）',
  '',
  '  ----------------------------------------------------------------',
  '  序号   评分因素             分值   评分标准',
  '  ------ -------------------- ------ ------------------------------',
  '  1      投标报价             40     最低价为基准价。',
  '',
  '  2      运维服务方案         35     方案完整、措施得当的得 30-35',
  '                                     分；一般的得 0-29 分。',
  '',
  '  3      类似业绩             25     每个得 5 分。',
  '  ----------------------------------------------------------------',
].join('\n');

const PIPES = [
  '评分标准（满分 100 分）',
  '| 评分因素 | 分值 | 评分标准 |',
  '| --- | --- | --- |',
  '| 投标报价 | 40 | 最低价为基准价 |',
  '| 运维服务方案 | 35 | 方案完整的得 30-35 分 |',
  '| 类似业绩 | 25 | 每个得 5 分 |',
].join('\n');

describe('pasted drawn tables', () => {
  it('reads a grid table as TAB rows, joining a cell’s wrapped lines', () => {
    const rows = pastedTablesAsRows(GRID)!;
    const lines = rows.text.split('\n');
    expect(lines).toContain('2\t运维服务方案与应急措施\t35\t方案完整的得 30-35 分。');
    expect(lines).toContain('1\t投标报价\t40\t最低价为基准价，价格分=基准价/报价×40。');
    // Every character read from the paste keeps its offset there.
    for (let i = 0; i < rows.text.length; i++)
      if (!/[\t\n ]/.test(rows.text[i])) expect(GRID[rows.at[i]]).toBe(rows.text[i]);
  });

  it('cuts a pandoc multiline table at its display columns', () => {
    const lines = pastedTablesAsRows(DASHES)!.text.split('\n');
    expect(lines).toContain('序号\t评分因素\t分值\t评分标准');
    expect(lines).toContain('2\t运维服务方案\t35\t方案完整、措施得当的得 30-35分；一般的得 0-29 分。');
    expect(lines).toContain('3\t类似业绩\t25\t每个得 5 分。');
  });

  it('leaves text without drawn tables alone', () => {
    expect(pastedTablesAsRows('评分因素\t分值\n投标报价\t40\n-- 注 --')).toBeNull();
  });

  for (const [form, text] of [
    ['grid', GRID],
    ['multiline', DASHES],
    ['pipe', PIPES],
  ] as const) {
    it(`finds every item of a pasted ${form} table, its passage in the paste as given`, () => {
      const a = analyzeTenderByRules(`某某项目招标文件\n第三章 评标办法\n${text}\n第四章 采购需求\n`);
      const input = `某某项目招标文件\n第三章 评标办法\n${text}\n第四章 采购需求\n`;
      expect(a.scoringItems.map((i) => [i.name, i.points])).toEqual([
        ['投标报价', 40],
        [form === 'grid' ? '运维服务方案与应急措施' : '运维服务方案', 35],
        ['类似业绩', 25],
      ]);
      for (const i of a.scoringItems) {
        const passage = input.slice(i.source!.start, i.source!.end).replace(/[\s|]/g, '');
        expect(passage).toContain(i.name.slice(0, 4));
      }
      expect(a.chars).toBe(input.length);
    });
  }

  it('serves the writer’s pasted scoring pages too', () => {
    expect(readScoringFragment(PIPES).scoringItems.map((i) => i.points)).toEqual([40, 35, 25]);
  });
});
