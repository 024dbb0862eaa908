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

describe('points written otherwise than as points', () => {
  it('reads weights that are fractions of the whole as points of 100', () => {
    const text = [
      '某中心保洁服务磋商文件',
      '第三章 评审办法',
      '各因素按百分制打分，乘以权重后相加（满分100分）。评审因素及权重如下表：',
      '序号\t评审因素\t权重\t评审细则',
      '1\t价格\t0.30\t最低价得100。',
      '2\t服务方案\t0.45\t完整的得90-100。',
      '3\t类似业绩\t0.25\t每个得25，最高100。',
      '权重合计\t1.00',
      '第四章 合同条款',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['价格', 30],
      ['服务方案', 45],
      ['类似业绩', 25],
    ]);
  });

  it('reads parts named by their tables’ titles, one of them with a 计算方法 column', () => {
    const text = [
      '某设备采购项目招标文件',
      '第三章 评标办法',
      '本项目采用综合评分法，满分100分，其中技术部分40分、商务部分30分、价格30分。',
      '表3-1 技术评分表（40分）',
      '序号\t评分项目\t分值\t评分标准',
      '一\t技术参数响应\t25\t全部满足得25分。',
      '二\t实施方案\t15\t完整的得12-15分。',
      '表3-2 商务评分表（30分）',
      '序号\t评分项目\t分值\t评分标准',
      '三\t类似业绩\t20\t每个得5分。',
      '四\t售后服务\t10\t优于要求的得10分。',
      '表3-3 报价评分表（30分）',
      '序号\t评分项目\t分值\t计算方法',
      '五\t投标报价\t30\t最低价为基准价。',
      '第四章 合同条款',
    ].join('\n');
    const items = analyzeTenderByRules(text).scoringItems;
    expect(items.map((i) => [i.name, i.points, i.category])).toEqual([
      ['技术参数响应', 25, 'technical'],
      ['实施方案', 15, 'technical'],
      ['类似业绩', 20, 'commercial'],
      ['售后服务', 10, 'commercial'],
      ['投标报价', 30, 'price'],
    ]);
  });
});

describe('serials and names as tenders write them', () => {
  it('reads Chinese-numeral serials one cell per line, and leaves a note out of the name', () => {
    const text = [
      '某更新方案咨询项目招标文件',
      '第三章 评标办法',
      '本项目采用综合评估法，总分100分。',
      '评分表',
      '序号',
      '评分项目',
      '分值',
      '评分标准',
      '一',
      '现状调研（注：须附调研报告）',
      '40',
      '方法科学的得30-40分。',
      '二',
      '更新策略',
      '35',
      '针对性强的得25-35分。',
      '三',
      '投标报价',
      '25',
      '最低价为基准价。',
      '第四章 合同条款',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['现状调研', 40],
      ['更新策略', 35],
      ['投标报价', 25],
    ]);
  });
});

describe('rows numbered by level', () => {
  it('scores only the last level, a wrapped name joined, the top level naming the part', () => {
    const text = [
      '某区域检验系统建设项目招标文件',
      '第三章 评标办法',
      '本项目采用综合评分法，满分 100 分，其中价格 30 分、技术 45 分、商务 25 分。',
      '序号 评审项 分值 评分标准',
      '1 价格 30 最低价为基准价。',
      '2 技术部分 45 —',
      '2.1 总体设计 20 —',
      '2.1.1 总体架构设计 10 架构清晰的得 10 分；',
      '一般的得 5 分。',
      '2.1.2 接口设计 10 接口完整的得 10 分。',
      '2.2 实施方案 25 完整的得 20-25 分。',
      '3 商务部分 25 —',
      '3.1 信息安全管理体系认',
      '证',
      '10 具有证书的得 10 分。',
      '3.2 类似业绩 15 每个得 5 分。',
      '第四章 采购需求',
    ].join('\n');
    const items = analyzeTenderByRules(text).scoringItems;
    expect(items.map((i) => [i.name, i.points])).toEqual([
      ['价格', 30],
      ['总体架构设计', 10],
      ['接口设计', 10],
      ['实施方案', 25],
      ['信息安全管理体系认证', 10],
      ['类似业绩', 15],
    ]);
    expect(items.find((i) => i.name === '接口设计')!.category).toBe('technical');
  });
});

describe('a card per factor', () => {
  it('reads 评审因素N | name over 分值 | N分 over 评分标准 | … as one item each', () => {
    const text = [
      '某图书馆系统采购项目招标文件',
      '第三章 评标办法',
      '本项目采用综合评分法，满分 100 分。每一评审因素由“评审因素、分值、评分标准”三行组成。',
      '评审因素1\t投标报价',
      '分值\t30分',
      '评分标准\t最低价为基准价。',
      '评审因素2\t总体设计',
      '分值\t45分',
      '评分标准\t架构合理的得40-45分。',
      '评审因素3\t类似业绩',
      '分值\t25分',
      '评分标准\t每个得5分。',
      '第四章 合同条款',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['投标报价', 30],
      ['总体设计', 45],
      ['类似业绩', 25],
    ]);
  });
});

describe('tables as a PDF leaves them', () => {
  it('reads part-item codes (1-1, 2-1) under part rows that state their points (标准分 42.5)', () => {
    const text = [
      '某会务服务项目竞争性磋商文件',
      '第三章 评分细则',
      '编号\t评审因素\t标准分\t评分细则',
      '1技术部分（标准分 17.5）',
      '1-1\t总体服务方案\t7.5\t完整的得6.5-7.5分。',
      '1-2\t展馆搭建方案\t10\t合理的得8.5-10分。',
      '2商务部分（标准分 12.5）',
      '2-1\t类似项目业绩\t7.5\t每个得2.5分。',
      '2-2\t项目负责人\t5\t具有高级证书的得5分。',
      '3价格部分（标准分 70）',
      '3-1\t磋商报价\t70\t价格得分＝（基准价／报价）×70。',
      '第四章 采购需求',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['总体服务方案', 7.5],
      ['展馆搭建方案', 10],
      ['类似项目业绩', 7.5],
      ['项目负责人', 5],
      ['磋商报价', 70],
    ]);
  });

  it('joins names a narrow column wrapped before their points (4 洗消方 / 案 6 …)', () => {
    const text = [
      '某医院设备采购项目招标文件',
      '第三章 评标方法',
      '本项目采用综合评分法，满分100分。',
      '序号 评分因素 分值 评分标准',
      '1 价格 40',
      '价格分＝（评标基准价／投标报价）×40。',
      '2 技术参',
      '数 30 负偏离一项扣2分。',
      '3 洗消方',
      '案 18 提供全自动洗消方案的得18',
      '分。',
      '4 业绩 12 每个合同得3分。',
      '第四章 采购需求',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['价格', 40],
      ['技术参数', 30],
      ['洗消方案', 18],
      ['业绩', 12],
    ]);
  });

  it('takes the upper of 最低分 | 最高分 columns as the item’s points', () => {
    const text = [
      '某热线外包服务项目竞争性磋商文件',
      '第三章 评审办法',
      '本项目采用综合评分法，满分100分。',
      '序    评审因素         最低   最高    评分标准',
      '号                     分     分',
      '1       整体服务方案      3        40        完整的得30-40分；一般的得3-29分。',
      '2       质检与考核方案    2        30        量化的得20-30分；一般的得2-19分。',
      '3       磋商报价          0        30        价格分＝（基准价／报价）×30。',
      '第四章 采购需求',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['整体服务方案', 40],
      ['质检与考核方案', 30],
      ['磋商报价', 30],
    ]);
  });
});

describe('one table for several 包', () => {
  it('gives each 包 the rows its 适用包 column names, and the rows for both to both', () => {
    const text = [
      '某测评服务项目公开招标文件',
      '第一包 等级保护测评；第二包 密码应用安全性评估。',
      '第二章 评标方法与评分标准',
      '两个包共用一张评分表，各包满分均为 100 分。',
      '序号\t评分因素\t分值\t适用包\t评分标准',
      '1\t投标报价\t30\t两包\t报价得分＝（基准价／报价）×30。',
      '2\t测评实施方案\t40\t第一包\t方案完整的得30-40分。',
      '3\t测评工具\t10（每项2分）\t第一包\t每项得2分。',
      '4\t密评实施方案\t50\t第二包\t方案完整的得40-50分。',
      '5\t项目团队\t20\t两包\t高级测评师得20分。',
      '第三章 投标人须知',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.scoringItems.map((i) => [i.lot, i.name, i.points])).toEqual([
      [1, '投标报价', 30],
      [1, '测评实施方案', 40],
      [1, '测评工具', 10],
      [1, '项目团队', 20],
      [2, '投标报价', 30],
      [2, '密评实施方案', 50],
      [2, '项目团队', 20],
    ]);
  });
});

describe('a table read column by column, and sub-rows with codes', () => {
  it('reads a points-first table whose header extraction dealt out between the rows', () => {
    const text = [
      '某医院物流服务项目招标文件',
      '第三章 评标办法',
      '一、资格审查表',
      '序号',
      '1',
      '审查项目',
      '营业执照',
      '2',
      '财务状况',
      '3',
      '信用记录',
      '二、综合评分明细表',
      '各项评分以本表为准，满分 100 分。',
      '分值',
      '30',
      '类别',
      '价格部分',
      '评分项',
      '投标报价',
      '40',
      '技术部分',
      '配送方案',
      '20',
      '库房管理方案',
      '10',
      '商务部分',
      '类似项目业绩',
      '评分标准',
      '最低价为基准价，价格分＝（基准价／报价）×30。',
      '方案科学的得 30-40 分。',
      '布局合理的得 15-20 分。',
      '每个得 2 分，最高 10 分。',
      '第四章 采购需求',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['投标报价', 30],
      ['配送方案', 40],
      ['库房管理方案', 20],
      ['类似项目业绩', 10],
    ]);
  });

  it('scores coded sub-rows (2.1 服务器技术参数 | 8) and keeps a price row scored by formula', () => {
    const text = [
      '某数据中心设备采购项目招标文件',
      '第四章 评标方法和标准',
      '本项目评分总分 100 分，其中：价格分 30 分，技术分 50 分，商务分 20 分。',
      '序号\t评分因素\t分值\t评分标准',
      '1\t投标报价\t30\t最低价为评标基准价，价格分=（评标基准价/投标报价）×30。',
      '2\t技术参数响应\t20\t按下列分项评分：',
      '\t2.1 服务器技术参数\t12\t全部满足的得12分；每负偏离一项扣2分。',
      '\t2.2 存储设备技术参数\t8\t全部满足的得8分；每负偏离一项扣2分。',
      '3\t实施方案\t10\t方案完整的得8-10分。',
      '4\t售后服务\t20\t本地设有服务机构的得20分。',
      '5\t类似项目业绩\t20\t每个得5分，最多20分。',
      '第五章 合同条款',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['投标报价', 30],
      ['服务器技术参数', 12],
      ['存储设备技术参数', 8],
      ['实施方案', 10],
      ['售后服务', 20],
      ['类似项目业绩', 20],
    ]);
  });
});

describe('criteria that open with their maximum', () => {
  it('reads 前附表 rows whose names wrap in a narrow column and whose points open the criteria', () => {
    const text = [
      '某供水管网改造工程施工招标文件',
      '第三章 评标办法（综合评估法）',
      '评标办法前附表',
      '条款号',
      '评审因素',
      '评审标准',
      '2.1',
      '分值构成（总',
      '分 100 分）',
      '施工组织设计（暗标）：30 分',
      '项目管理机构：20 分',
      '投标报价：50 分',
      '2.2.4（1）',
      '施工组织',
      '设计评分',
      '标准',
      '施工方案与技',
      '术措施',
      '满分 18 分。工序完整、工艺合理的得 15～18 分；基本合理的得 8～14 分；',
      '其余得 0～7 分。',
      '管网切改及不',
      '停水施工措施',
      '满分 12 分。措施周全的得 10～12 分；一般的得 5～9 分；',
      '欠缺的得 0～4 分。',
      '2.2.4（2）',
      '项目管理',
      '机构评分',
      '标准',
      '项目经理',
      '满分 12 分。具有高级职称的得 6 分；业绩每个得 3 分，最多 6 分。',
      '技术负责人',
      '满分 8 分。具有高级职称的得 8 分。',
      '2.2.4（3）',
      '投标报价评分',
      '标准',
      '满分 50 分。投标报价等于评标基准价的得 50 分；每高于 1%扣 1 分。',
      '第四章 合同条款',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.statedTotals[0]?.total).toBe(100);
    expect(a.scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['施工方案与技术措施', 18],
      ['管网切改及不停水施工措施', 12],
      ['项目经理', 12],
      ['技术负责人', 8],
      ['投标报价', 50],
    ]);
  });
});

describe('columns a narrow layout runs together', () => {
  it('splits a code one space before its name, and a name one space before its weight', () => {
    const text = [
      '某数据中心运维服务项目招标文件',
      '第五章 评标方法',
      '评审因素及权重表',
      ' 编号     评审因素      权重                   评分标准',
      'P1 投标报价          30%   最低价为评标基准价，价格分＝（基准价/报价）×30%×100。',
      'T1   运维服务总体方案    40%   符合ITIL规范的得30%-40%；一般的得10%-29%。',
      'T2   机房基础设施运维方 20%      措施完善的得15%-20%；一般的得5%-14%。',
      '     案                 较差的得0-4%。',
      'B1 类似项目业绩        10%    每个得2%，最高10%。',
      '合计                     100%',
      '第六章 投标文件格式',
    ].join('\n');
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['投标报价', 30],
      ['运维服务总体方案', 40],
      ['机房基础设施运维方案', 20],
      ['类似项目业绩', 10],
    ]);
  });

  it('reads 名称（15） with its points in brackets, and a wave-dash range 0〜10', () => {
    const bracketed = [
      '某绿化养护服务项目招标文件',
      '第四章 评标办法',
      '评分标准（满分 100 分）',
      '序号 评审项目（分值） 评分标准',
      '1 投标报价（40） 价格分＝（评标基准价/投标报价）×40。',
      '2 修剪作业方案（35）',
      '方案完整可行的得 28-35 分；较可行的得 15-27 分；一般的得 1-14 分。',
      '3 人员配置（25）',
      '人员配备合理且持证的得 20-25 分；一般的得 10-19 分；较差的',
      '得 0-9 分。',
      '第五章 投标文件格式',
    ].join('\n');
    expect(analyzeTenderByRules(bracketed).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['投标报价', 40],
      ['修剪作业方案', 35],
      ['人员配置', 25],
    ]);
    const wave = [
      '某医院物业管理服务项目竞争性磋商文件',
      '第四章 评审办法',
      '序号\t评审项目\t分值\t评分标准',
      '1\t价格分\t30\t报价得分＝（磋商基准价/最后报价）×30。',
      '2\t物业服务整体方案\t0〜40\t优 8-10分良 5-7分中 2-4分差 0-1分',
      '3\t保洁服务方案\t0〜30\t优 7-8分良 4-6分差 0-1分',
      '第五章 响应文件格式',
    ].join('\n');
    expect(analyzeTenderByRules(wave).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['价格分', 30],
      ['物业服务整体方案', 40],
      ['保洁服务方案', 30],
    ]);
  });
});
