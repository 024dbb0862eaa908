import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from '../index.ts';

/** Layouts the blind rounds r15–r17 brought, each pinned by a tender written here in its shape. */

describe('layouts read since blind round r15', () => {
  const names = (text: string) => analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points]);

  it('takes the top band of a 档次分值 cell and leaves a merged group column out of the names', () => {
    const text = [
      '某园区物业管理服务招标文件',
      '第三章 评标办法',
      '本项目采用综合评分法，总分100分。主观项按“档次分值”栏优、良、中、差四档择一打分。',
      '综合评分表',
      '类别\t评分因素\t档次分值\t评分标准',
      '价格\n（40分）\t投标报价\t40\t最低价为基准价。',
      '技术\n（35分）\t服务方案\t20/15/10/5\t优：方案完整；良：较完整。',
      '\t应急预案\t15/10/6/2\t优：预案具体；良：较具体。',
      '商务\n（25分）\t人员配置\t项目经理\t6\t本科以上得2分；中级职称得4分。',
      '\t\t保洁主管\t4\t具有3年以上经验的得4分。',
      '\t类似业绩\t15\t每个得5分，最高15分。',
      '第四章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['投标报价', 40],
      ['服务方案', 20],
      ['应急预案', 15],
      ['项目经理', 6],
      ['保洁主管', 4],
      ['类似业绩', 15],
    ]);
  });

  it('joins a name wrapped in its narrow column above its bracketed points, against a 分值构成 list', () => {
    const text = [
      '某中学改造工程施工招标文件',
      '第三章 评标办法',
      '评标办法前附表',
      '分值构成',
      '（总分100分）',
      '施工组织设计：30分',
      '投标报价：70分',
      '施工组织设计评',
      '分标准',
      '（30分）',
      '施工方案与技术措',
      '施',
      '（18分）',
      '方案针对性强、措施具体可行的得15～18分；一般的得8～14分。',
      '质量安全保证体系与措',
      '施',
      '（12分）',
      '体系健全、措施具体的得10～12分；一般的得5～9分。',
      '投标报价评分标',
      '准',
      '（70分）',
      '投标报价',
      '（70分）',
      '等于评标基准价的得满分70分；每高1%扣1分。',
      '第四章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['施工方案与技术措施', 18],
      ['质量安全保证体系与措施', 12],
      ['投标报价', 70],
    ]);
  });

  it('reads double-spaced layout rows from the name pieces above and below each serial line', () => {
    const text = [
      '某片区排水工程设计招标文件',
      '第三章 评标办法',
      '本项目采用综合评估法，总分 100 分。',
      '',
      '序号       评审因素                 分值      评分标准',
      '',
      '一、技术评分（60 分）',
      '                                             优：构思系统完整、各环节衔接合理；',
      '',
      '     设计方案总体构',
      '',
      '1                             35      良：构思较完整；',
      '',
      '     思',
      '',
      '                                             差：构思存在明显缺陷。',
      '',
      '     排水系统设计方',
      '',
      '2                             25      优：管网布局先进合理、计算依据充分；',
      '',
      '     案',
      '',
      '                                             差：方案存在明显不合理之处。',
      '二、投标报价评分（40 分）',
      '3    投标报价                 40      等于评标基准价的得 40 分，每高 1%扣 1 分。',
      '',
      '第四章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['设计方案总体构思', 35],
      ['排水系统设计方案', 25],
      ['投标报价', 40],
    ]);
  });

  it('does not take a row’s points for the next serial when that serial starts a row just below', () => {
    const text = [
      '某单位网络安全设备采购项目招标文件',
      '第四章 评标方法',
      '各评分因素得分之和为投标人的综合得分（满分100分）。',
      '序号\t评分因素\t权重（%）\t评分标准',
      '1\t价格\t40',
      '以最低投标报价为基准价计算。',
      '2',
      '安全策略配置及',
      '调优方案',
      '3',
      '结合等级保护要求提出策略配置方案的得3分；一般的得1分。',
      '3\t培训方案\t27',
      '培训内容完整的得20～27分；一般的得10～19分。',
      '4\t类似业绩\t30\t每个得10分，最高30分。',
      '第五章 投标文件格式',
    ].join('\n');
    expect(names(text)).toEqual([
      ['价格', 40],
      ['安全策略配置及调优方案', 3],
      ['培训方案', 27],
      ['类似业绩', 30],
    ]);
  });

  it('leaves the points range out of a numbered prose item’s name', () => {
    const text = [
      '某造价咨询服务采购项目',
      '第三章 评审办法',
      '总分100分，其中技术分70分、价格分30分。',
      '（一）技术分（70分）',
      '1. 咨询服务方案（0～40分）：方案完整、针对性强的得30～40分；一般的得10～29分。',
      '2. 合理化建议（0～30分）：建议切实可行的得20～30分；一般的得0～19分。',
      '（二）价格分（30分）：最低价为基准价，价格分＝基准价／报价×30。',
      '第四章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['咨询服务方案', 40],
      ['合理化建议', 30],
      ['价格分', 30],
    ]);
  });
});

describe('a 前附表 as raw PDF text deals it out', () => {
  it('reads names from their pieces above bracketed points, and the 分值构成 parts around their heading', () => {
    const text = [
      '某小区改造工程施工招标文件',
      '第三章 评标办法',
      '评标办法前附表',
      '施工组织设计：25 分',
      '',
      '2.2.1',
      '',
      '分值构成',
      '',
      '（总分 100 分）',
      '',
      '投标报价：75 分',
      '',
      '2.2.4（1）',
      '施工组织设计评',
      '分标准',
      '',
      '方案针对性强、工艺先进合理、措施具',
      '施工方案与技术措',
      '施',
      '（12 分）',
      '',
      '体可行的得 10～12 分；一般的得 5～9 分。',
      '质量管理体系与措',
      '',
      '体系健全、控制点设置合理、针对渗漏通',
      '',
      '施',
      '',
      '病有专项措施的得 7～8 分；一般的得 3～6 分。',
      '',
      '（8 分）',
      '',
      '安全管理体系与措',
      '施',
      '（5 分）',
      '措施具体的得 4～5 分；一般的得 1～3 分。',
      '2.2.4（2）',
      '投标报价评分标 投标报价',
      '准',
      '（75 分）',
      '',
      '（75 分）',
      '',
      '等于评标基准价的得满分；每高于基准价 1%扣 1 分。',
      '第四章 合同条款',
    ].join('\n');
    // (The price comes from the 分值构成 list: its own row is cut apart beyond reading.)
    expect(analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points])).toEqual([
      ['投标报价', 75],
      ['施工方案与技术措施', 12],
      ['质量管理体系与措施', 8],
      ['安全管理体系与措施', 5],
    ]);
  });
});

describe('layouts read since blind round r16', () => {
  const names = (text: string) => analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points]);

  it('pairs a column of names with a later column of lone points, as raw PDF text prints them', () => {
    const text = [
      '某大桥维修工程施工招标文件',
      '第三章 评标办法',
      '本项目满分100分。',
      '2.2.4（2）',
      '商务标评分标',
      '准',
      '项目经理',
      '技术负责人',
      '类似工程业绩',
      '',
      '2.2.4（3）',
      '投标报价',
      '分值',
      '评分标准',
      '10',
      '具有高级工程师职称的得 5 分，每项业绩得 2.5 分，最多得 10 分。',
      '8',
      '具有桥梁专业高级工程师职称的得 8 分。',
      '12',
      '每完成一项类似工程得 4 分，最多得 12 分。',
      '70',
      '偏差率为 0 时得满分 70 分。',
      '注：以扫描件为准。',
      '第四章 技术标准',
    ].join('\n');
    expect(names(text)).toEqual([
      ['项目经理', 10],
      ['技术负责人', 8],
      ['类似工程业绩', 12],
      ['投标报价', 70],
    ]);
  });

  it('takes the maximum from a 备注 cell when the points cell gives a unit, under a two-line header', () => {
    const text = [
      '某场馆物业服务磋商文件',
      '第四章 评审办法',
      '综合评分法，满分100分。',
      '综合评分表',
      '序号\t评审因素\t分值\t评分标准\t备注',
      '\t\t\t评审内容\t计分办法\t',
      '1\t磋商报价\t40\t最低报价为基准价\t报价得分＝基准价／报价×40\t',
      '2\t服务方案\t45\t服务定位及管理思路\t优 45分；良 30分；中 15分\t主观分',
      '3\t类似项目业绩\t每个2分\t近三年的同类项目\t以合同为准\t本项最高10分',
      '4\t管理体系认证\t每项1分\tISO9001、ISO14001 等\t证书须在有效期内\t本项最高5分',
      '第五章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['磋商报价', 40],
      ['服务方案', 45],
      ['类似项目业绩', 10],
      ['管理体系认证', 5],
    ]);
  });

  it('reads a points cell with how it adds up (6（3项×2分）) and sums unnamed sub-rows under a merged factor', () => {
    const text = [
      '某单位运维服务项目',
      '第三章 评标方法',
      '满分100分。',
      '评审因素\t评分细则\t分值\t备注',
      '价格\t最低价为基准价\t40\t客观分',
      '运维工具平台\t每具备一项功能得2分\t6（3项×2分）\t客观分',
      '项目经理\t具有高级职称的得20分\t20\t客观分',
      '\t持有安全管理员证书的得14分\t14\t客观分',
      '服务承诺\t承诺具体的得20分\t20\t主观分',
      '第四章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['价格', 40],
      ['运维工具平台', 6],
      ['项目经理', 34],
      ['服务承诺', 20],
    ]);
  });
});

describe('parts scored out of 100 and weighted into the whole', () => {
  it('gives each item its printed points times its part’s weight, and a part without rows its weight', () => {
    const text = [
      '某中学扩建工程设计招标文件',
      '第三章 评标办法',
      '技术标、商务标及投标报价分别按百分制评分，综合得分＝技术得分×50%＋商务得分×30%＋报价得分×20%。',
      '表 3-1 技术评分表（百分制，权重 50%）',
      '序号\t评审内容\t分值\t评分标准',
      '1\t方案设计构思\t60\t排序计分。',
      '2\t总平面布局\t40\t合理的得 30～40 分。',
      '表 3-2 商务评分表（百分制，权重 30%）',
      '序号\t评审内容\t分值\t评分标准',
      '1\t项目负责人\t50\t每个项目得 10 分，最多 50 分。',
      '2\t企业类似业绩\t50\t每个得 10 分，最多 50 分。',
      '表 3-3 报价评分（百分制，权重 20%）',
      '报价得分＝评标基准价／投标报价×100。',
      '第四章 合同条款',
    ].join('\n');
    const items = analyzeTenderByRules(text).scoringItems;
    expect(items.map((i) => [i.name, i.points])).toEqual([
      ['方案设计构思', 30],
      ['总平面布局', 20],
      ['项目负责人', 15],
      ['企业类似业绩', 15],
      ['报价', 20],
    ]);
    expect(items[0].criteria).toContain('表中 60 分');
  });
});

describe('tables drawn with box-drawing characters', () => {
  it('reads the facts in their cells and a label with a note in brackets', () => {
    const text = [
      '某市环卫车辆采购项目谈判文件',
      '┌──────────┬────────────────────────────┐',
      '│ 采购方式 │ 竞争性谈判                 │',
      '├──────────┼────────────────────────────┤',
      '│ 最高限价 │ 人民币 1,200,000.00 元     │',
      '├──────────┼────────────────────────────┤',
      '│ 交货期   │ 合同签订后 45 日历天内交付 │',
      '└──────────┴────────────────────────────┘',
    ].join('\n');
    const p = analyzeTenderByRules(text).project;
    expect([p.budgetAmount, p.period]).toEqual([1200000, '合同签订后 45 日历天内交付']);
    const bracketed = analyzeTenderByRules(
      '某统计局印刷服务询价文件\n三、采购预算（最高限价）：人民币 486,000.00 元。',
    ).project;
    expect(bracketed.budgetAmount).toBe(486000);
  });
});

describe('layouts read since blind round r17', () => {
  const names = (text: string) => analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points]);

  it('reads points written in Chinese numerals, in the rows and in the 分值构成 row', () => {
    const text = [
      '某道路改造工程施工招标文件',
      '第三章 评标办法',
      '评标办法前附表',
      '条款号\t评审因素\t分值\t评分标准',
      '2.2.1\t分值构成（总分一百分）\t施工组织设计：三十分，投标报价：七十分',
      '2.2.4（1）\t施工方案与技术措施\t十八分\t工艺合理的得十五至十八分。',
      '\t质量管理体系与措施\t十二分\t体系健全的得十至十二分。',
      '2.2.4（2）\t投标报价\t七十分\t等于基准价的得满分。',
      '第四章 技术标准',
    ].join('\n');
    expect(names(text)).toEqual([
      ['施工方案与技术措施', 18],
      ['质量管理体系与措施', 12],
      ['投标报价', 70],
    ]);
  });

  it('adds 基本分 and 加分 columns into each item’s maximum', () => {
    const text = [
      '某中心物业服务磋商文件',
      '第四章 评审办法',
      '各评审因素得分＝基本分得分＋加分得分，总分 100 分。',
      '类别\t序号\t评审因素\t基本分\t加分\t评分标准',
      '价格\t1\t磋商报价\t40\t—\t最低价为基准价。',
      '技术部分\t2\t服务方案\t20\t10\t基本分：方案完整的得 20 分。加分：针对性强的加 10 分。',
      '商务部分\t3\t类似业绩\t0\t30\t每个加 10 分，最多加 30 分。',
      '第五章 合同条款',
    ].join('\n');
    expect(names(text)).toEqual([
      ['磋商报价', 40],
      ['服务方案', 30],
      ['类似业绩', 30],
    ]);
  });

  it('reads upper bounds (≤24) in a points column, and prose with the points before the name', () => {
    const bounds = [
      '某医院设备采购项目',
      '第三章 评标办法',
      '满分 100 分。',
      '序号\t评分因素\t分值上限\t评分标准',
      '1\t投标报价\t40\t最低价为基准价。',
      '2\t技术参数响应\t≤36\t全部满足的得 36 分。',
      '3\t售后服务方案\t≤24\t承诺具体的得 20-24 分。',
      '第四章 合同条款',
    ].join('\n');
    expect(names(bounds)).toEqual([
      ['投标报价', 40],
      ['技术参数响应', 36],
      ['售后服务方案', 24],
    ]);
    const prose = [
      '某医院设备采购项目（第二包）',
      '第三章 评标办法',
      '满分 100 分。',
      '（一）（40 分）投标报价：最低价为基准价。',
      '（二）（35 分）技术参数响应：全部满足的得 35 分。',
      '（三）（25 分）类似业绩：每个得 5 分，最多 25 分。',
      '第四章 合同条款',
    ].join('\n');
    expect(names(prose)).toEqual([
      ['投标报价', 40],
      ['技术参数响应', 35],
      ['类似业绩', 25],
    ]);
  });

  it('reads labelled blocks in an appendix together with the table of the other part', () => {
    const text = [
      '某门诊楼改造设计招标文件',
      '五、评标办法',
      '本项目满分 100 分，其中价格分 30 分、技术分 50 分、商务分 20 分。',
      '（一）价格分（30 分）：最低价为基准价。',
      '（二）技术分（50 分）：见附表 C。',
      '（三）商务分（20 分）按下表计分：',
      '序号\t评审项\t分值\t评分标准',
      '1\t项目负责人\t12\t每项业绩得 4 分。',
      '2\t设计获奖\t8\t每项得 4 分。',
      '附表 C 设计方案评审细则（技术分，共 50 分）',
      '【评审项 C-1】设计理念与总体构思',
      '【分值】30 分',
      '【评审标准】构思合理的得 25-30 分。',
      '【评审项 C-2】功能布局与医疗流程',
      '【分值】20 分',
      '【评审标准】布局合理的得 15-20 分。',
    ].join('\n');
    expect(names(text)).toEqual(
      expect.arrayContaining([
        ['项目负责人', 12],
        ['设计获奖', 8],
        ['设计理念与总体构思', 30],
        ['功能布局与医疗流程', 20],
      ]),
    );
    expect(analyzeTenderByRules(text).scoringItems.reduce((s, i) => s + (i.points ?? 0), 0)).toBe(100);
  });
});

describe('score bands laid out as a matrix', () => {
  it('gives each factor of a 档次 header its best band, beside a table of objective items', () => {
    const text = [
      '某大数据局运维服务磋商文件',
      '第四章 评审办法',
      '满分 100 分，其中价格分 30 分。',
      '表5-1 主观评审因素档次分值表',
      '档次\t运维服务总体方案\t网络及安全运维方案\t培训及知识转移',
      '优\t20\t15\t10',
      '良\t15\t10\t6',
      '差\t5\t3\t0',
      '表5-2 客观评审因素计分表',
      '编号\t评审因素\t评分标准\t分值',
      'K1\t项目负责人资质\t具有高级证书的得 15 分。\t15',
      'K2\t类似项目业绩\t每个得 2 分，最多 10 分。\t10',
      '第五章 响应文件格式',
    ].join('\n');
    const items = analyzeTenderByRules(text).scoringItems.map((i) => [i.name, i.points]);
    expect(items).toEqual(
      expect.arrayContaining([
        ['运维服务总体方案', 20],
        ['网络及安全运维方案', 15],
        ['培训及知识转移', 10],
        ['项目负责人资质', 15],
        ['类似项目业绩', 10],
      ]),
    );
  });
});
