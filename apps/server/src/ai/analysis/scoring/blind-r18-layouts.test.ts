import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from '../index.ts';

/** Layouts blind rounds r17 and r18 brought, each pinned by a tender written here in its shape. */

describe('layouts read since blind round r18', () => {
  const names = (text: string) => analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points]);

  it('reads a table whose criteria come before the factor, the name wrapped under its row', () => {
    const text = [
      '某体育馆设计招标文件',
      '第四章 评标办法',
      '本项目总分100分，其中设计方案60分，投标报价40分。',
      '二、评分标准',
      '           评分标准                         评审因素   分值',
      '一、设计方案（暗标，60分）',
      '构思新颖、造型体现地域特色并与周边环境协调的得30-35分；较好的 总体构思与造          35',
      '得20-29分；一般的得1-19分。                    型',
      '功能分区明确、流线清晰互不干扰的得20-25分；较好的得10-19分。 功能与流线          25',
      '三、投标报价（40分）',
      '以最低有效报价为基准价，报价得分＝基准价／投标报价×40。        投标报价    40',
      '合计                                               100',
      '第五章 投标文件格式',
    ].join('\n');
    expect(names(text)).toEqual([
      ['总体构思与造型', 35],
      ['功能与流线', 25],
      ['投标报价', 40],
    ]);
  });

  it('reads a table with a column per 包 whose cells list the 包 items with their points', () => {
    const text = [
      '某局办公设备采购招标文件',
      '第四章 评标方法',
      '每包总分 100 分，其中价格部分 40 分，技术部分 35 分，商务部分 25 分。',
      '评分因素及分值分配表',
      '评分类别\t第 1 包：笔记本电脑\t第 2 包：投影仪',
      '价格部分（40 分）\t投标报价40 分\t投标报价40 分',
      '技术部分（35 分）\t技术参数响应25 分性能测试10 分\t技术参数响应20 分亮度实测15 分',
      '商务部分（25 分）\t售后服务15 分类似业绩10 分\t售后服务25 分',
      '合计\t100 分\t100 分',
      '第五章 合同条款',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.scoringItems.map((i) => [i.lot, i.name, i.points])).toEqual([
      [1, '投标报价', 40],
      [1, '技术参数响应', 25],
      [1, '性能测试', 10],
      [1, '售后服务', 15],
      [1, '类似业绩', 10],
      [2, '投标报价', 40],
      [2, '技术参数响应', 20],
      [2, '亮度实测', 15],
      [2, '售后服务', 25],
    ]);
  });

  it('splits a factor into its a）b） sub-items when their own points make the factor', () => {
    const text = [
      '某医院陪护服务招标文件',
      '第四章 评标办法',
      '本项目总分100分，其中价格部分40分，技术部分60分。',
      '评分类别\t序号\t评分因素\t分值\t评分标准',
      '价格部分\t1\t投标报价\t40\t最低价为基准价，价格分＝基准价／报价×40。',
      '技术部分\t2\t陪护方案\t35\ta）照护流程（20分）：流程完整的得20分；一般的得10分。',
      'b）应急预案（15分）：预案具体的得15分；一般的得5分。',
      '\t3\t质量管理\t25\t制度健全的得25分；一般的得10分。',
      '合计\t100',
      '第五章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['投标报价', 40],
      ['照护流程', 20],
      ['应急预案', 15],
      ['质量管理', 25],
    ]);
  });

  it('reads items listed inline under one maximum for each, across a page break', () => {
    const text = [
      '某小区改造工程施工招标文件',
      '第三章 评标办法',
      '总分为100分，其中技术标12分，投标报价88分。',
      '（一）技术标评审（12分）',
      '评标委员会对技术标下列四项内容分别评审，每项满分3分，按优（3分）、良（2',
      '分）、一般（1分）四档计分：（1）施工方案；（2）质量保证措',
      '— 4 —',
      '某小区改造工程施工招标文件',
      '施；（3）安全文明施工；（4）进度计划。',
      '（二）投标报价评审（88分）',
      '投标报价：等于评标基准价的得88分；每高1%扣1分。',
      '第四章 投标文件格式',
    ].join('\n');
    expect(names(text)).toEqual([
      ['施工方案', 3],
      ['质量保证措施', 3],
      ['安全文明施工', 3],
      ['进度计划', 3],
      // (The part's heading names the price item: （二）投标报价评审（88分）.)
      ['投标报价评审', 88],
    ]);
  });

  it('reads full-width digits as digits: points, totals and the bond', () => {
    const text = [
      '某学校食堂托管服务磋商文件',
      '磋商保证金：人民币贰万元整（¥２０，０００．００）。',
      '第四章 评审办法',
      '本项目总分１００分，其中价格分３０分，服务方案７０分。',
      '序号\t评审因素\t分值\t评审标准',
      '１\t磋商报价\t３０\t最低报价为基准价。',
      '２\t餐饮服务方案\t４２．５\t方案完整的得４２．５分。',
      '３\t食品安全管理\t２７．５\t制度健全的得２７．５分。',
      '第五章 响应文件格式',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['磋商报价', 30],
      ['餐饮服务方案', 42.5],
      ['食品安全管理', 27.5],
    ]);
    expect(a.project.bondAmount).toBe(20000);
  });

  it('pairs a column dump of Chinese-numeral points with its names, the factor cells and the price row out of order', () => {
    const text = [
      '某道路改造工程施工招标文件',
      '第三章 评标办法',
      '评标办法前附表',
      '条款号',
      '评审因素',
      '（总分一百分）',
      '施工组织设计',
      '评分标准',
      '',
      '施工方案与技术措',
      '施',
      '质量管理措施',
      '项目管理机构',
      '评分标准',
      '',
      '项目经理',
      '投标报价',
      '信用评价',
      '分值',
      '十八分',
      '方案合理的得十至十八分。',
      '十二分',
      '体系健全的得六至十二分。',
      '十分',
      '具有一级注册建造师的得十分。',
      '十分',
      '信用等级AA级得十分，A级得六分。',
      '五十分 以有效投标报价的平均值为评标基准价，等于基准价的得五十分。',
      '第四章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['施工方案与技术措施', 18],
      ['质量管理措施', 12],
      ['项目经理', 10],
      ['投标报价', 50],
      ['信用评价', 10],
    ]);
  });

  it('takes the whole as the sum of the stages the tender adds up, not the last stage maximum', () => {
    const text = [
      '某水厂施工监理招标文件',
      '第三章 评标办法（两阶段评审）',
      '第一阶段对技术标进行评审打分，技术标满分 40 分；第二阶段对商务标和报价评审打分，',
      '满分 60 分。综合得分＝第一阶段得分＋第二阶段得分。',
      '表3-1 第一阶段技术标评审表',
      '评审内容\t分值\t评分标准',
      '监理大纲\t25\t内容完整的得20-25分。',
      '旁站方案\t15\t方案具体的得10-15分。',
      '表3-2 第二阶段商务及报价评审表',
      '序号\t评审项目\t评分办法\t满分',
      '1\t总监理工程师\t具有高级职称的得10分。\t10',
      '2\t监理服务费报价\t等于基准价的得50分。\t50',
      '第四章 投标文件格式',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.statedTotals[0]?.total).toBe(100);
    expect(a.scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['监理大纲', 25],
      ['旁站方案', 15],
      ['总监理工程师', 10],
      ['监理服务费报价', 50],
    ]);
  });

  it('finds no scoring items in a lowest-price tender whose only table with points is used after the award', () => {
    const text = [
      '某县应急物资采购竞争性谈判文件',
      '第三章 谈判程序及成交原则',
      '成交原则：本项目不采用综合评分法。按照最后报价由低到高的顺序提出成交候选人，最后报价',
      '最低的供应商为成交供应商。',
      '附件 供应商履约验收评价表（合同履行阶段由采购人使用，不作为谈判评审依据）',
      '评价项目\t分值\t评价标准',
      '供货及时性\t40\t按时交货的得40分。',
      '产品质量\t60\t抽检合格的得60分。',
      '合计\t100',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.scoringItems).toEqual([]);
    expect(a.lowestPrice).toBe(true);
  });

  it('reads a mandated outline listed inline over wrapped lines and a page break', () => {
    const text = [
      '某小区改造工程施工招标文件',
      '第二章 投标人须知',
      '2．技术标实行暗标评审。技术标须按下列章节顺序编制：一、施工方案；',
      '— 3 —',
      '某小区改造工程施工招标文件',
      '二、质量保证措施；三、安全文明施工措施；四、进度计划与保',
      '证措施。',
      '3．技术标采用A4纸。',
    ].join('\n');
    expect(analyzeTenderByRules(text).mandatedOutline.map((m) => m.title)).toEqual([
      '施工方案',
      '质量保证措施',
      '安全文明施工措施',
      '进度计划与保证措施',
    ]);
  });

  it('reads a band matrix whose lines PDF text gives with spaces', () => {
    const text = [
      '某局运维服务磋商文件',
      '第四章 评审办法',
      '本项目总分 100 分，由主观评审因素（30 分）和价格分（70 分）组成。',
      '（一）主观评审因素按表 5-1 评定档次。',
      '（二）价格分（70 分）：最后报价最低的为评审基准价，价格分＝评审基准价/最后报价×70。',
      '表 5-1 主观评审因素档次分值表',
      '档次 运维总体方案 应急处置方案 培训方案',
      '优 15 10 5',
      '良 10 7 3',
      '差 2 1 0',
      '第五章 响应文件格式',
    ].join('\n');
    expect(names(text)).toEqual([
      ['价格分', 70],
      ['运维总体方案', 15],
      ['应急处置方案', 10],
      ['培训方案', 5],
    ]);
  });

  it('puts together two tables of one section that different readers read, when together they make the total', () => {
    const text = [
      '某水厂施工监理招标文件',
      '第三章 评标办法',
      '本项目总分100分。',
      '表3-1 技术标评审表',
      '评审内容            分值       评分标准',
      '监理大纲总体方案        25        方案完整、针对性强的得20-25分；一般的得10-19',
      '                         分。',
      '旁站监理方案          15        部位和频次明确的得10-15分；一般的得0-9分。',
      '',
      '表3-2 商务及报价评审表',
      '序号   评审项目           评分办法                                    满分',
      '1    总监理工程师         具有高级工程师职称的得 5 分；有类似业绩的得 5 分。    10',
      '2    监理服务费报价        等于评标基准价的得 50 分，每高 1% 扣 1 分。     50',
      '第四章 投标文件格式',
    ].join('\n');
    expect(names(text)).toEqual([
      ['监理大纲总体方案', 25],
      ['旁站监理方案', 15],
      ['总监理工程师', 10],
      ['监理服务费报价', 50],
    ]);
  });
});

describe('layouts read since blind round r19', () => {
  const names = (text: string) => analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points]);

  it('reads a scoring tree drawn with lines, its leaves the items and its parents their sums', () => {
    const text = [
      '某水务公司泵房改造竞争性谈判文件',
      '第四章 评审办法',
      '本项目评审总分 100 分，各评分项及分值如下图所示（上级项目的分值为其下各项之和）：',
      '评分体系（总分 100 分）',
      '├── 1 谈判报价（50 分）',
      '├── 2 技术部分（30 分）',
      '│   ├── 2.1 施工方案（20 分）',
      '│   └── 2.2 设备选型（10 分）',
      '└── 3 商务部分（20 分）',
      '    └── 3.1 类似业绩（20 分）',
      '二、评分细则',
      '编号 评分标准',
      '2.1 施工部署合理的得 15-20 分；一般的得 1-14 分。',
      '3.1 每项业绩得 5 分，最高 20 分；项目经理具有一级注册建造师的得 5 分（二级得 2 分）。',
      '第五章 响应文件格式',
    ].join('\n');
    expect(names(text)).toEqual([
      ['谈判报价', 50],
      ['施工方案', 20],
      ['设备选型', 10],
      ['类似业绩', 20],
    ]);
  });

  it('gives each 包 its own value of a points cell the 包 share (12/10 under 第一包/第二包)', () => {
    const text = [
      '某区安保服务招标文件',
      '第四章 评标办法',
      '本项目采用综合评分法，各包分别评审，每包满分100分。',
      '一、第一包、第二包评分标准',
      '第一包、第二包使用同一评分表，“分值”栏斜线前为第一包分值、斜线后为第二包分值。',
      '评分因素\t分值（第一包/第二包）\t评分标准',
      '投标报价\t30/30\t价格分＝基准价/报价×30。',
      '安保方案\t40/30\t方案完整的得满分。',
      '类似业绩\t30/40\t每个得5分，最高为该包分值。',
      '第五章 投标文件格式',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.scoringItems.map((i) => [i.lot, i.name, i.points])).toEqual([
      [1, '投标报价', 30],
      [1, '安保方案', 40],
      [1, '类似业绩', 30],
      [2, '投标报价', 30],
      [2, '安保方案', 30],
      [2, '类似业绩', 40],
    ]);
  });

  it('takes the budget as the sum of the 包 budgets when the tender states no whole', () => {
    const text = [
      '某教育局服务采购招标文件',
      '包号\t包名称\t预算金额（万元）',
      '第一包\t校园安保服务\t216.00',
      '第二包\t机关保洁服务\t56.00',
      '投标保证金：每包人民币壹万元整。',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.lots.map((l) => l.budgetAmount)).toEqual([2160000, 560000]);
    expect(a.project.budgetAmount).toBe(2720000);
  });

  it('pairs the blocks plain PDF text gives each column, under their header words, page by page', () => {
    const text = [
      '某学院危废处置服务磋商文件',
      '第四章 磋商评审办法',
      '评审总分为 100 分，其中报价分 20 分，技术分 50 分，商务分 30 分。',
      '二、评分因素及分值一览表',
      '序号',
      '1',
      '2',
      '3',
      '',
      '评分因素',
      '磋商报价',
      '收集与分类包装方案',
      '转运车辆及路线方案',
      '第2页共4页',
      '',
      '分值',
      '20',
      '30',
      '20',
      '',
      '某学院危废处置服务 磋商文件',
      '评分因素',
      '类似项目业绩',
      '服务承诺',
      '合计',
      '',
      '分值',
      '20',
      '10',
      '100',
      '三、评分细则',
      '1. 磋商报价：最后报价最低的为评审基准价。',
    ].join('\n');
    expect(names(text)).toEqual([
      ['磋商报价', 20],
      ['收集与分类包装方案', 30],
      ['转运车辆及路线方案', 20],
      ['类似项目业绩', 20],
      ['服务承诺', 10],
    ]);
  });

  it('reads factors given as shares of their part, worth the part maximum times the share', () => {
    const text = [
      '某管网检测咨询招标文件',
      '第四章 评标办法',
      '1. 评分构成：总分100分，其中技术部分40分，商务部分30分，投标报价30分。',
      '2. 技术部分评分',
      '技术部分满分40分，各评审因素的分值＝技术部分满分×所占比例。',
      '序号\t评审因素\t所占比例\t评分系数及标准',
      '1\t检测技术路线\t50%\t清晰合理的为优，系数1.0；一般的为中，系数0.4。',
      '2\t检测实施方案\t30%\t科学的为优（1.0）；一般的为中（0.4）。',
      '3\t质量控制措施\t20%\t健全的为优（1.0）；一般的为中（0.4）。',
      '3. 商务部分评分（满分30分）',
      '序号\t评审因素\t分值\t评分标准',
      '1\t项目负责人\t10分\t具有注册证书的得10分。',
      '2\t类似业绩\t20分\t每项得5分，最高20分。',
      '4. 投标报价评分（满分30分）：等于评标基准价的得30分，每高1%扣0.5分。',
      '第五章 投标文件格式',
    ].join('\n');
    // (The price, scored in prose, is the stated split's and comes first.)
    expect(names(text)).toEqual([
      ['投标报价', 30],
      ['检测技术路线', 20],
      ['检测实施方案', 12],
      ['质量控制措施', 8],
      ['项目负责人', 10],
      ['类似业绩', 20],
    ]);
  });

  it('keeps a name apart from the criteria cell beside it when the points stand in the 序号 cell', () => {
    const text = [
      '某市路灯维护服务招标文件',
      '第四章 评标方法和评分标准',
      '本项目总分100分，其中价格部分40分，技术部分60分。表中“序号”栏括号内数字为该评审因素的分值。',
      '序号（分值）\t评审因素\t评分标准',
      '一、价格部分（40分）',
      '1',
      '（40分）',
      '投标报价\t最低有效报价为评标基准价，价格分＝基准价／报价×40。',
      '二、技术部分（60分）',
      '2',
      '（35分）',
      '路灯巡查及故障抢修方案\t巡查路线、故障发现与派单、抢修流程完整可行的',
      '得30-35分；较完整的得15-29分。',
      '3',
      '（25分）',
      '维护作业总体方案\t流程科学合理的得20-25分；一般的得10-19分。',
      '第五章 投标文件格式',
    ].join('\n');
    expect(names(text)).toEqual([
      ['投标报价', 40],
      ['路灯巡查及故障抢修方案', 35],
      ['维护作业总体方案', 25],
    ]);
  });
});
