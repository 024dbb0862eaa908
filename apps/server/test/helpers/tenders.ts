/**
 * Tender texts several suites share (API, unit and browser tests), in a module of their own with no
 * server imports, so that any of them can read the same text.
 */

/** A small 暗标 tender: four scoring items, one ★ clause, one 废标 clause. */
export const CHECKS_TENDER = `南湖区智慧校园运维服务采购项目 招标文件
项目编号：NH-2026-018
采购人：南湖区教育局
本项目技术部分为暗标，投标文件技术部分不得出现投标人名称及任何可识别投标人身份的信息。
一、评分标准
| 评分因素 | 分值 | 评分标准 |
| 运维服务方案 | 30 | 方案完整、针对性强的得 30 分 |
| 应急响应措施 | 20 | 响应及时、措施可行的得 20 分 |
| 培训方案 | 10 | 培训计划详细的得 10 分 |
| 投标报价 | 40 | 满足要求且价格最低的为评标基准价 |
二、实质性要求
★1. 投标人须承诺故障响应时间不超过30分钟，4小时内到达现场处理。
三、无效投标
1. 投标文件未按规定签字盖章的，投标无效。
`;

/** The same tender with a deadline, for the 补遗 that moves it. */
export const CHECKS_TENDER_WITH_DEADLINE = CHECKS_TENDER.replace(
  '采购人：南湖区教育局\n',
  '采购人：南湖区教育局\n投标截止时间：2026年12月10日9时30分\n',
);

/** A tender asking for 明标 + 暗标 volumes (issue 31, scope 3). */
export const VOLUMES_TENDER = `滨江区市政道路养护工程 招标文件
项目编号：BJ-2026-041
招标人：滨江区城市管理局
本项目技术标分为明标和暗标两部分，暗标部分采用暗标评审，不得出现投标人名称、标志及任何可识别投标人身份的信息。
一、评分标准
| 评分因素 | 分值 | 评分标准 |
| 施工组织设计 | 40 | 方案合理、措施可行的得 40 分 |
| 项目管理机构 | 20 | 项目经理及技术负责人资格满足要求的得 20 分 |
| 投标报价 | 40 | 满足要求且价格最低的为评标基准价 |
`;

/**
 * A tender stating a 最高限价, a floor (a share of it), 工期, 质保期 and 投标有效期, and a 投标函 whose
 * blanks ask for them (issue 31, scope 2: the 报价 sheet and its limits).
 */
export const LIMITS_TENDER = `滨湖区道路照明设施维护项目 招标文件
项目编号：BH-2026-077
采购人：滨湖区城市管理局
最高限价：500万元
工期：90日历天
质保期：2年
投标有效期：90日历天
投标报价不得低于最高限价的85%，否则其投标将被否决。
一、评分标准
| 评分因素 | 分值 | 评分标准 |
| 维护方案 | 60 | 方案完整、措施可行的得 60 分 |
| 投标报价 | 40 | 满足要求且价格最低的为评标基准价 |
第六章 投标文件格式
一、投标函
致：滨湖区城市管理局
我方决定参加本项目投标，投标总价为人民币（大写）________元（¥________），工期为________日历天，质保期为________年，投标有效期为________日历天。
投标人（公章）：________
`;
