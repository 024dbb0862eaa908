import { makePdf } from './file-fixtures.ts';

/**
 * A tender whose scoring table runs over two pages, printed to PDF with the second of those pages
 * missing from the file (a scan or an export that dropped a page). Whatever the readers do, they
 * cannot find the rows of the missing page, so the items they find add up to less than the total
 * the tender states: the review step must show the sums disagreeing, and the writer pastes the
 * whole table (SCORING_TABLE_TEXT, as copied from the paper original) to repair it.
 */

export interface TableRow {
  no: number;
  name: string;
  points: number;
  criteria: string;
  category: 'price' | 'technical' | 'commercial';
}

export const TABLE_ROWS: TableRow[] = [
  {
    no: 1,
    name: '投标报价',
    points: 30,
    category: 'price',
    criteria: '满足招标文件要求且投标价格最低的投标报价为评标基准价，其价格分为满分30分',
  },
  {
    no: 2,
    name: '保洁服务方案',
    points: 12,
    category: 'technical',
    criteria: '保洁范围、频次、质量标准和检查考核办法完整可行的得10-12分，基本可行的得5-9分',
  },
  {
    no: 3,
    name: '绿化养护方案',
    points: 10,
    category: 'technical',
    criteria: '绿化养护计划、病虫害防治和季节性措施完整合理的得8-10分，一般的得4-7分',
  },
  {
    no: 4,
    name: '安保服务方案',
    points: 10,
    category: 'technical',
    criteria: '门岗、巡逻、监控和车辆管理安排周密的得8-10分，一般的得4-7分',
  },
  {
    no: 5,
    name: '应急处置预案',
    points: 8,
    category: 'technical',
    criteria: '火灾、停电、防汛等突发事件处置流程清晰、演练计划可行的得6-8分',
  },
  {
    no: 6,
    name: '人员配置',
    points: 10,
    category: 'technical',
    criteria: '项目经理及各岗位人员数量、资格和培训安排满足需求的得8-10分',
  },
  {
    no: 7,
    name: '类似项目业绩',
    points: 12,
    category: 'commercial',
    criteria: '近三年每提供一个类似物业服务项目业绩得3分，最多得12分',
  },
  {
    no: 8,
    name: '企业资质与信誉',
    points: 8,
    category: 'commercial',
    criteria: '具有质量、环境、职业健康安全管理体系认证的每项得2分，获得市级以上荣誉的得2分',
  },
];

/** The rows printed on the page the file lacks. */
export const MISSING_ROWS = TABLE_ROWS.filter((r) => r.no >= 5);

const row = (r: TableRow) => `${r.no}\t${r.name}\t${r.points}\t${r.criteria}`;

/** The scoring table as the writer pastes it (copied from the paper original: one row a line, tabs between cells). */
export const SCORING_TABLE_TEXT = [
  '评分办法',
  '本项目采用综合评分法，总分100分，其中价格分30分、技术分50分、商务分20分。',
  '序号\t评分因素\t分值\t评分标准',
  ...TABLE_ROWS.map(row),
].join('\n');

const PAGES: string[][] = [
  [
    '城东新区行政服务中心物业管理服务采购项目',
    '招标文件',
    '第一章 招标公告',
    '项目名称：城东新区行政服务中心物业管理服务采购项目',
    '项目编号：CDXQ-2026-WY017',
    '采购人：城东新区行政服务中心',
    '预算金额：人民币叁佰陆拾万元（¥3,600,000.00）',
    '服务期：三年',
    '投标保证金：人民币伍万元',
  ],
  [
    '第二章 评标办法',
    '本项目采用综合评分法，总分100分，其中价格分30分、技术分50分、商务分20分。',
    '评分标准如下表：',
    '序号\t评分因素\t分值\t评分标准',
    ...TABLE_ROWS.filter((r) => r.no <= 4).map(row),
  ],
  // The page with rows 5-8 is missing from the file.
  [
    '第三章 投标人须知',
    '★1. 投标人须承诺派驻本项目的保洁人员不少于40人。',
    '★2. 服务期内不得将本项目转包或分包。',
    '有下列情形之一的，投标无效：',
    '（一）未按招标文件要求提交投标保证金的；',
    '（二）投标报价超过预算金额的。',
    '第四章 投标文件格式',
    '一、投标函',
    '二、法定代表人身份证明及授权委托书',
    '三、资格证明文件',
    '四、技术部分',
    '五、商务部分',
    '六、报价文件',
  ],
];

/** The tender as a PDF of three pages: the second page of its scoring table is not in the file. */
export function partialScoringTenderPdf(): Buffer {
  return makePdf(PAGES);
}
