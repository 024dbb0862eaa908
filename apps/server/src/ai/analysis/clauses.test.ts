import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from './index.ts';

/** ★ and 废标 clauses in the shapes blind rounds r23–r25 brought (PDF cells, `-layout` rows, 询价 words). */
describe('★ and 废标 clauses', () => {
  const stars = (lines: string[]) =>
    analyzeTenderByRules(lines.join('\n')).starClauses.map((c) => `${c.mark}${c.text}`);

  // [what the case shows, the tender's lines, the clauses read]
  const cases: Array<[string, string[], string[]]> = [
    [
      'a mark a PDF set after the list number, apart from the text (1.★ | 人造板材…)',
      [
        '某县学校家具框架协议第二阶段采购文件',
        '二、技术要求',
        '1.★\t人造板材甲醛释放量须达到E1级及以上，并提供第三方检测报告。',
        '2.\t钢制部件表面采用环氧树脂静电粉末喷涂。',
        '3.▲\t抽屉滑轨开合次数不少于5万次。',
      ],
      ['★人造板材甲醛释放量须达到E1级及以上，并提供第三方检测报告。', '▲抽屉滑轨开合次数不少于5万次。'],
    ],
    [
      'a `-layout` cell that starts with the mark after the other cells of its line',
      [
        '某市图书馆设备采购项目招标文件',
        '二、采购需求',
        ' 序号     设备名称     数量                           主要技术参数',
        ' 1    RFID安全门    3套        ★单通道检测宽度不小于900mm',
        '                           漏检率≤1%，误报率≤0.5%',
        ' 2    智能控制系统     1套          ★具备防倾倒及防夹人安全保护装置',
      ],
      ['★单通道检测宽度不小于900mm', '★具备防倾倒及防夹人安全保护装置'],
    ],
    [
      'each mark inside a table cell whose lines a PDF joined, not a mark quoted or named as a reference',
      [
        '某市图书馆设备采购项目招标文件',
        '二、采购需求',
        '序号\t设备名称\t数量\t主要技术参数',
        '1\t自助借还机\t6台\t21.5英寸触摸屏；★支持SIP2及NCIP协议，与现有系统实时对接▲内置热敏打印机，凭条可打印二维码',
        '2\t密集书架\t1批\t不满足标注“★”的参数的，投标无效；每列双面6层',
        '3\t评分说明\t—\t标注★的技术参数，其响应情况在符合性审查中审查，不在本项计分',
      ],
      ['★支持SIP2及NCIP协议，与现有系统实时对接', '▲内置热敏打印机，凭条可打印二维码'],
    ],
  ];
  it.each(cases)('reads %s', (_, lines, want) => expect(stars(lines)).toEqual(want));

  it('reads a 询价 list under 报价无效 and 否决其报价', () => {
    const a = analyzeTenderByRules(
      [
        '某国企电缆框架采购询价文件',
        '三、报价说明',
        '1. 有下列情形之一的，报价无效：',
        '（1）报价总价超过本次采购预算的；',
        '（2）所报产品与入围产品不一致的。',
        '2. 有下列情形之一的，询价小组应否决其报价：',
        '（1）报价文件中有两个或多个报价的；',
        '（2）供应商被发现存在围标、串标行为的。',
      ].join('\n'),
    );
    expect(a.disqualifications).toEqual(
      expect.arrayContaining([
        '报价总价超过本次采购预算的；',
        '所报产品与入围产品不一致的。',
        '报价文件中有两个或多个报价的；',
        '供应商被发现存在围标、串标行为的。',
      ]),
    );
  });

  it('reads a 废标 item a page break cut, the running title set with other spacing on each page', () => {
    const a = analyzeTenderByRules(
      [
        '沅江市城市桥梁定期检测服务项目     招标文件      YCZC2025-G-0388',
        '投标无效情形：有下列情形之一的，投标无效：',
        '1. 未按规定提交投标保证金的；',
        '2. 评标委员会认为投标人的报价明显低于其他投标人的报价，有可能影响产品质量或',
        '',
        '                  — 第 3 页 / 共 10 页 —',
        '            沅江市城市桥梁定期检测服务项目      招标文件      YCZC2025-G-0388',
        '',
        '者不能诚信履约的，要求其提供书面说明，投标人不能证明其报价合理性的。',
        '3. 投标报价超过预算金额的。',
      ].join('\n'),
    );
    expect(a.disqualifications.some((d) => d.includes('不能证明其报价合理性'))).toBe(true);
  });
});
