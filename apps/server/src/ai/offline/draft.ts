import type { ProjectFacts } from '@bid/shared';
import type { ChapterContext, EditInput } from '../types.ts';
import { aspectsOf, roleOf } from '../plan/outline.ts';
import { sentences, similarity } from '../tender-text.ts';
import { gearSections } from './gear.ts';
import { aimLines, clauseLines, measureShare, requirementLines } from './respond.ts';
import { TO_CONFIRM } from '../plan/tables.ts';
import { pastBidLines } from './past-bids.ts';

/**
 * Offline chapter drafts: deterministic Markdown from templates and the chapter's context.
 * Honest by construction: the first line says it is a draft to complete, facts the tender did not
 * give are visible placeholders 【待填写：…】, and no names, figures or people are invented.
 */

export const DRAFT_NOTICE = '【待填写：本章为离线模板草稿，请结合项目实际修改完善后删除本提示】';

export const ph = (label: string) => `【待填写：${label}】`;

function fact(f: ProjectFacts, key: keyof ProjectFacts, label: string): string {
  const v = f[key];
  return v ? String(v) : ph(label);
}

interface Topic {
  test: RegExp;
  goal: string;
  measures: string[];
}

/** Professional practice per topic: what a bid of this kind states, without project-specific claims. */
const TOPICS: Topic[] = [
  {
    test: /质量|创优|验收/,
    goal: '建立覆盖全过程的质量管理体系，确保各项成果满足招标文件、合同约定及国家现行规范标准的要求。',
    measures: [
      '建立以项目负责人为第一责任人的质量责任制，明确各岗位质量职责并签订质量责任书。',
      '执行“自检、互检、专检”三检制度，上道工序未经检查合格不得进入下道工序。',
      '编制质量控制计划，明确关键工序和质量控制点，实行旁站和见证检查。',
      '按 PDCA 循环开展质量检查、分析和整改，形成问题清单并闭环销项。',
      '做好质量记录和过程资料的收集整理，做到真实、完整、可追溯。',
    ],
  },
  {
    test: /安全(?!审计)|危大|消防|职业健康/,
    goal: '坚持“安全第一、预防为主、综合治理”的方针，杜绝重大安全事故，确保人员与财产安全。',
    measures: [
      '建立安全生产责任制，逐级签订安全责任书，配备专职安全管理人员。',
      '开展岗前安全教育和班前安全交底，特种作业人员持证上岗。',
      '针对危险性较大的作业编制专项方案，按规定履行审批和论证程序。',
      '实行日常巡查、周检查和专项检查相结合的隐患排查治理机制，隐患定人定时定措施整改。',
      '配备必要的安全防护设施和劳动防护用品，并定期检查维护。',
    ],
  },
  {
    test: /进度|工期|里程碑|实施计划|计划安排/,
    goal: `在合同约定的期限内完成全部工作内容，关键节点按计划实现。`,
    measures: [
      '编制总进度计划，分解为阶段计划、月计划和周计划，明确关键线路和关键节点。',
      '建立进度检查和例会制度，定期对比计划与实际进度，偏差及时分析原因并采取纠偏措施。',
      '合理配置人员、设备和材料资源，关键工作优先保障资源投入。',
      '提前识别影响进度的风险因素（天气、供货、协调等），制定预防和补救措施。',
      '与采购人及相关单位保持密切沟通，及时协调解决影响进度的问题。',
    ],
  },
  {
    test: /环境|环保|文明|扬尘|噪声|绿色/,
    goal: '落实文明施工和环境保护要求，减少对周边环境和公众的影响。',
    measures: [
      '现场实行封闭管理，设置围挡、标识标牌，材料分类堆放、整齐有序。',
      '采取洒水降尘、覆盖裸土、车辆冲洗等扬尘控制措施。',
      '合理安排作业时间，选用低噪声设备，控制噪声对周边的影响。',
      '废弃物分类收集、及时清运，严禁随意排放污水和丢弃垃圾。',
    ],
  },
  {
    test: /培训/,
    goal: '通过系统的培训，使使用和管理人员熟练掌握相关知识与操作技能。',
    measures: [
      '培训前调研培训对象的岗位和基础，分层分类制定培训计划。',
      '培训内容覆盖操作使用、日常管理、常见问题处理等方面，提供培训教材。',
      '采用集中授课、现场演示、上机实操等多种方式，并安排答疑。',
      '培训结束后进行考核评估，根据反馈改进培训内容。',
    ],
  },
  {
    test: /运维|售后|维护|维保|巡检|响应机制|服务承诺/,
    goal: '建立响应及时、处置规范的服务保障机制，保证系统和设施稳定可靠运行。',
    measures: [
      '设立服务台，提供电话、线上等多种报修渠道，对服务请求统一登记、跟踪和回访。',
      `按照招标文件要求的响应时限提供服务，响应时限：${ph('响应时限（以招标文件要求为准）')}。`,
      '制定日常巡检计划，定期检查运行状态，及时发现并消除隐患。',
      '建立故障分级处理流程，重大故障启动应急预案并及时报告采购人。',
      '定期形成服务报告，总结运行情况并提出改进建议。',
    ],
  },
  {
    test: /应急|预案|突发|风险/,
    goal: '建立统一指挥、反应迅速、处置有效的应急管理机制，最大限度降低突发事件的影响。',
    measures: [
      '成立应急领导小组，明确应急指挥、现场处置、后勤保障等职责分工。',
      '识别可能发生的突发事件类型，分别制定专项应急预案和处置流程。',
      '配备必要的应急物资和设备，并定期检查、补充。',
      '定期组织应急演练，根据演练情况修订完善预案。',
      '突发事件发生后按程序及时报告，事后进行总结分析和整改。',
    ],
  },
  {
    test: /人员|团队|班子|配置|组织机构|项目经理|负责人|岗位/,
    goal: '配备结构合理、经验丰富的项目团队，保证各项工作专业、高效地开展。',
    measures: [
      '按照项目需要设置岗位，明确各岗位职责、权限和工作界面。',
      '主要人员保持稳定，未经采购人同意不随意更换。',
      '建立考核与激励机制，定期对人员工作质量进行考评。',
      '做好人员岗前培训和持续培训，关键岗位人员持证上岗。',
    ],
  },
  {
    test: /设备|机械|资源|材料|物资|劳动力/,
    goal: '按需、及时、足量地配置各类资源，满足项目实施需要。',
    measures: [
      '根据进度计划编制资源需求计划，分阶段组织进场。',
      '设备进场前进行检查验收，建立设备台账，做好日常保养和维修。',
      '材料按规定进行进场检验，不合格材料严禁使用。',
      '建立资源动态调配机制，高峰期及时补充人力和设备。',
    ],
  },
  {
    test: /数据安全|等保|加密|访问控制|安全审计|权限/,
    goal: '按照网络安全等级保护及数据安全相关要求，保障数据的保密性、完整性和可用性。',
    measures: [
      '对数据进行分级分类管理，针对不同级别数据制定相应的保护措施。',
      '数据传输和存储采用加密措施，关键操作留存审计日志。',
      '实施基于角色的访问控制，遵循最小权限原则，定期审查账号与权限。',
      '建立安全监测和事件处置机制，定期开展漏洞扫描和安全评估。',
    ],
  },
  {
    test: /架构|总体设计|需求|功能|系统|平台|接口|对接|迁移|数据/,
    goal: '在充分理解采购需求的基础上，提出先进、可靠、可扩展的技术方案。',
    measures: [
      '全面梳理业务需求和现状，形成需求分析成果并经采购人确认。',
      '采用分层架构设计，各层之间通过标准接口交互，便于扩展和维护。',
      '遵循国家及行业相关技术标准规范，保证系统的兼容性和开放性。',
      '对接和迁移工作制定详细计划，先试点后推广，做好数据校验和回退预案。',
    ],
  },
  {
    test: /保洁|清洁|卫生|院感|消毒/,
    goal: '按区域和标准开展保洁服务，保持环境整洁卫生，落实院感防控要求。',
    measures: [
      '按区域风险等级划分保洁标准，明确作业频次、流程和工具颜色分区。',
      '重点区域实行专人专岗，严格执行消毒隔离和感染控制规范。',
      '建立日检查、周考核制度，发现问题及时整改。',
      '保洁用品和设备规范存放、定期消毒。',
    ],
  },
  {
    test: /秩序|保安|门岗|巡逻|监控|停车/,
    goal: '维护良好的公共秩序，保障人员和财产安全。',
    measures: [
      '合理设置门岗、巡逻岗和监控岗，实行 24 小时值守。',
      '制定巡逻路线和频次，做好巡查记录。',
      '规范车辆停放和交通疏导，保持通道畅通。',
      '发生突发事件时按预案快速处置并及时报告。',
    ],
  },
  {
    test: /医疗废物|废弃物/,
    goal: '严格按照《医疗废物管理条例》等规定做好医疗废物的分类、收集、转运和交接。',
    measures: [
      '按规定分类收集，使用专用包装物和容器并规范标识。',
      '按固定路线、固定时间转运，转运工具专用并定期消毒。',
      '交接登记完整，记录保存期限符合规定，做到全程可追溯。',
      '工作人员做好个人防护，发生意外时按程序处置并报告。',
    ],
  },
];

const DEFAULT_TOPIC: Topic = {
  test: /.*/,
  goal: '围绕招标文件要求，明确工作目标，细化实施措施，确保各项要求落实到位。',
  measures: [
    '明确本项工作的目标、范围和标准，分解到具体岗位和人员。',
    '制定详细的工作计划和实施步骤，明确时间节点和交付成果。',
    '建立检查和考核机制，对执行情况进行跟踪、评价和改进。',
    '与采购人保持沟通，及时响应需求变化和意见反馈。',
  ],
};

function topicFor(text: string): Topic {
  return TOPICS.find((t) => t.test.test(text)) ?? DEFAULT_TOPIC;
}

/** Index of a text's topic in TOPICS (-1: the default topic); the plan ranks chapters per topic. */
export function topicIndex(text: string): number {
  return TOPICS.findIndex((t) => t.test.test(text));
}

function formLetter(ctx: ChapterContext, title: string): string {
  const f = ctx.facts;
  if (/授权|身份证明/.test(title)) {
    return [
      `致：${fact(f, 'owner', '采购人/招标人名称')}`,
      '',
      `本授权委托书声明：${ph('法定代表人姓名')}（${ph('职务')}）系${ph('投标人名称')}的法定代表人，现授权${ph('被授权人姓名')}（身份证号码：${ph('身份证号码')}）为我方代理人，以我方名义参加${fact(f, 'name', '项目名称')}（项目编号：${fact(f, 'number', '项目编号')}）的投标活动，代理人在投标、开标、评标、合同谈判过程中所签署的一切文件和处理与之有关的一切事务，我方均予以承认。`,
      '',
      '代理人无转委托权。',
      '',
      '附：法定代表人及被授权人身份证复印件（正反面）',
      '',
      `投标人：${ph('投标人名称（盖章）')}`,
      '',
      `法定代表人：${ph('签字或盖章')}${'\u3000\u3000'}被授权人：${ph('签字')}`,
      '',
      `日期：${ph('年 月 日')}`,
    ].join('\n');
  }
  if (/保证金/.test(title)) {
    return [
      `致：${fact(f, 'owner', '采购人/招标人名称')}`,
      '',
      `我方参加${fact(f, 'name', '项目名称')}的投标，已按招标文件要求递交投标保证金：${fact(f, 'bond', '保证金金额及形式')}。`,
      '',
      `递交方式：${ph('银行转账/保函/保险等')}，付款账户：${ph('开户银行及账号')}。`,
      '',
      '附：投标保证金递交凭证复印件。',
    ].join('\n');
  }
  const stars = ctx.starClauses.filter((c) => c.mark === '★');
  return [
    `致：${fact(f, 'owner', '采购人/招标人名称')}`,
    '',
    `我方已仔细研究了${fact(f, 'name', '项目名称')}（项目编号：${fact(f, 'number', '项目编号')}）招标文件的全部内容，愿意以人民币（大写）${ph('投标总价大写')}（¥${ph('投标总价小写')}）的投标报价，按招标文件及合同条款的要求承担本项目的全部工作。`,
    '',
    `1. 我方承诺的履约期限：${fact(f, 'period', '工期/服务期')}。`,
    '2. 我方承诺本投标文件在招标文件规定的投标有效期内有效。',
    '3. 我方同意招标文件中的全部条款，对招标文件的实质性要求和条件作出实质性响应。',
    ...(stars.length
      ? [`4. 我方完全响应招标文件中全部标注“★”的实质性条款（共 ${stars.length} 条），详见相应章节。`]
      : []),
    '',
    `投标人：${ph('投标人名称（盖章）')}`,
    '',
    `法定代表人或其委托代理人：${ph('签字')}`,
    '',
    `地址：${ph('投标人地址')}${'\u3000\u3000'}电话：${ph('联系电话')}`,
    '',
    `日期：${ph('年 月 日')}`,
  ].join('\n');
}

function qualification(ctx: ChapterContext): string {
  const rows = ctx.qualifications?.length ? ctx.qualifications : [ph('资格要求（见招标文件）')];
  return [
    '资格要求逐项列示如下，响应情况逐项核对证明材料后填写：',
    '',
    '| 序号 | 资格要求 | 响应情况 | 证明材料及页码 |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (q, i) => `| ${i + 1} | ${q.replace(/\|/g, '／')} | ${TO_CONFIRM} | ${ph('证明材料名称及页码')} |`,
    ),
    '',
    '以上证明材料复印件均加盖投标人公章，原件备查。',
  ].join('\n');
}

function priceForm(ctx: ChapterContext): string {
  const f = ctx.facts;
  return [
    '| 项目 | 内容 |',
    '| --- | --- |',
    `| 项目名称 | ${fact(f, 'name', '项目名称')} |`,
    `| 项目编号 | ${fact(f, 'number', '项目编号')} |`,
    `| 投标总价（大写） | ${ph('投标总价大写')} |`,
    `| 投标总价（小写） | ${ph('投标总价小写')} |`,
    `| 工期/服务期 | ${fact(f, 'period', '工期/服务期')} |`,
    `| 备注 | ${ph('备注（如有）')} |`,
    '',
    `投标报价不超过${f.budget ? `招标文件规定的预算/最高限价（${f.budget}）` : '招标文件规定的预算/最高限价'}。分项报价详见分项报价表。`,
  ].join('\n');
}

function evidence(ctx: ChapterContext, title: string): string {
  const lines = [...aimLines(ctx, true), ''];
  if (/业绩/.test(title)) {
    lines.push(
      '| 序号 | 项目名称 | 采购人/建设单位 | 合同金额 | 签订时间 | 证明材料页码 |',
      '| --- | --- | --- | --- | --- | --- |',
      `| 1 | ${ph('项目名称')} | ${ph('采购人')} | ${ph('金额')} | ${ph('时间')} | ${ph('页码')} |`,
      `| 2 | ${ph('项目名称')} | ${ph('采购人')} | ${ph('金额')} | ${ph('时间')} | ${ph('页码')} |`,
      '',
      '以上业绩附合同关键页（或中标通知书、验收证明）复印件。',
    );
  } else if (/人员|团队|班子|项目经理|负责人|机构/.test(title)) {
    // The project manager's chapter lists that post; a team chapter the other posts (never both twice).
    const posts =
      /项目经理|负责人/.test(title) && !/班子|团队|机构|配备/.test(title)
        ? [title.includes('技术') ? '技术负责人' : '项目经理']
        : ['技术负责人', '质量负责人', '安全负责人', `${ph('其他岗位')}`];
    if (ctx.darkBid) {
      lines.push(
        ph('本部分属暗标：以岗位代称，不写人员姓名及可识别投标人身份的信息'),
        '',
        '| 岗位 | 职责 | 职称/执业资格 | 相关经验 |',
        '| --- | --- | --- | --- |',
        ...posts.map(
          (p) => `| ${p} | ${ph(`${p}职责`)} | ${ph('职称/执业资格')} | ${ph('年限及类似项目经验')} |`,
        ),
      );
    } else {
      lines.push(
        '| 岗位 | 姓名 | 职称/执业资格 | 从业年限 | 证书编号 |',
        '| --- | --- | --- | --- | --- |',
        ...posts.map(
          (p) => `| ${p} | ${ph('姓名')} | ${ph('职称/执业资格')} | ${ph('年限')} | ${ph('证书编号')} |`,
        ),
        '',
        `附件位置：${ph(`${posts.join('、')}的身份证、职称/执业资格证书及社保缴纳证明复印件`)}`,
      );
    }
  } else {
    lines.push(
      '| 序号 | 证书/材料名称 | 证书编号 | 有效期 | 证明材料页码 |',
      '| --- | --- | --- | --- | --- |',
      `| 1 | ${ph('证书名称')} | ${ph('编号')} | ${ph('有效期')} | ${ph('页码')} |`,
      '',
      '以上材料复印件加盖投标人公章，原件备查。',
    );
  }
  return lines.join('\n');
}

/** Titles several chapters share (split parts, standard aspects): the draft names them with their parent. */
const GENERIC_TITLE =
  /^(总体思路与目标|组织与职责|实施步骤|关键控制点|检查与考核|风险与应对|资源保障|持续改进|具体措施|保障措施)$/;

function technical(ctx: ChapterContext, own: string): string {
  const parent = ctx.path.length > 1 ? ctx.path[ctx.path.length - 2] : '';
  const title = GENERIC_TITLE.test(own) && parent ? `${parent}的${own}` : own;
  const topic = topicFor(`${title} ${ctx.scoringItems.map((i) => i.name).join(' ')} ${parent}`);
  const slot = ctx.plan?.slot ?? 0;
  // The chapter that names the items answers the whole criterion; an aspect child only its part.
  const owner = !ctx.plan || ctx.plan.aim.startsWith('响应评分项');
  const out: string[] = aimLines(ctx, owner);
  if (!ctx.plan && ctx.scoringItems.length) {
    const points = ctx.scoringItems.flatMap((i) => aspectsOf(i.criteria));
    if (points.length)
      out.push('', '**响应要点**', '', ...points.map((p) => `- ${p}：${ph(`${p}的具体做法`)}`));
  }
  const reqs = ctx.plan?.requirements ?? [];
  // A clause restating one of the chapter's requirement items is answered on that item's line.
  const clauses = (ctx.plan?.clauses ?? []).filter(
    (c) => !reqs.some((r) => similarity(r.text, c.text) >= 0.7),
  );
  out.push(...requirementLines(reqs, own), ...clauseLines(clauses, own));
  // The company's own past bids come first; the generic practice only where the library has none.
  const past = pastBidLines(ctx);
  out.push(...past);
  // Each chapter on a topic prints its own share of the topic's practice (none printed twice).
  const measures = past.length ? [] : ctx.plan ? measureShare(topic.measures, slot) : topic.measures;
  if (slot === 0 && !past.length) out.push('', '### 目标', '', topic.goal);
  if (measures.length) out.push('', '### 主要措施', '', ...measures.map((m, i) => `${i + 1}. ${m}`));
  out.push('', '### 具体安排', '', ph(`“${title}”在本项目中的做法、数量、时间安排及责任岗位`));
  // The gear steers the draft; its text is never pasted into the chapter.
  out.push(...gearSections(ctx, (t) => TOPICS.find((x) => x.test.test(t)) ?? null, ph, topic));
  return out.join('\n');
}

/** The offline draft of a chapter, as Markdown. */
export function draftChapter(ctx: ChapterContext): string {
  const title = ctx.path[ctx.path.length - 1] ?? '';
  const role = roleOf(title);
  const itemCats = new Set(ctx.scoringItems.map((i) => i.category));
  let body: string;
  if (ctx.plan?.table) body = ctx.plan.table;
  else if (role === 'form' && !ctx.scoringItems.length) body = formLetter(ctx, title);
  else if (role === 'qualification' && !ctx.scoringItems.length) body = qualification(ctx);
  else if (role === 'price' || (itemCats.size === 1 && itemCats.has('price'))) body = priceForm(ctx);
  else if (
    itemCats.size &&
    [...itemCats].every((c) => c === 'commercial') &&
    /业绩|资质|认证|人员|团队|班子|项目经理|负责人|信誉|证书|机构/.test(title)
  )
    body = evidence(ctx, title);
  else if (/其他材料|其他资料/.test(title))
    body = `按照招标文件要求，我方提供以下其他材料（复印件加盖投标人公章）：\n\n1. ${ph('材料名称')}\n2. ${ph('材料名称')}`;
  else body = technical(ctx, title);
  return `${DRAFT_NOTICE}\n\n${body}\n`;
}

// ---------------------------------------------------------------- selection edits

/** Punctuation and spacing fixes that do not change meaning (the offline 润色). */
export function polishText(s: string): string {
  return s
    .replace(/([\u4e00-\u9fff])\s+([\u4e00-\u9fff])/g, '$1$2')
    .replace(/([\u4e00-\u9fff]),/g, '$1，')
    .replace(/([\u4e00-\u9fff]);/g, '$1；')
    .replace(/([\u4e00-\u9fff]):(?!\/)/g, '$1：')
    .replace(/([\u4e00-\u9fff])\?/g, '$1？')
    .replace(/([\u4e00-\u9fff])!/g, '$1！')
    .replace(/([\u4e00-\u9fff])\.(?!\d)/g, '$1。')
    .replace(/([，。；：！？、])\1+/g, '$1')
    .replace(/[ \t]+\n/g, '\n');
}

/** Keeps the leading sentences of each paragraph up to about 60 % of the text (the offline 缩写). */
export function shortenText(s: string): string {
  const paras = s.split(/\n{2,}/);
  return paras
    .map((p) => {
      const ss = sentences(p);
      if (ss.length <= 1) return p;
      const budget = Math.max(ss[0].length, Math.round(p.length * 0.6));
      let out = '';
      for (const x of ss) {
        if (out && out.length + x.length > budget) break;
        out += x;
      }
      return out;
    })
    .join('\n\n');
}

/** Template paragraph for 扩写/续写: measures of the chapter's topic the selection does not state. */
export function extraParagraph(ctx: ChapterContext, selection: string): string {
  const title = ctx.path[ctx.path.length - 1] ?? '';
  const topic = topicFor(`${title} ${selection}`);
  const fresh = topic.measures.filter((m) => !selection.includes(m.slice(0, 8))).slice(0, 2);
  const lines = fresh.length ? fresh : topic.measures.slice(0, 2);
  return `${lines.join('')}${ph('补充本项目的具体做法')}`;
}

/** Offline selection edits; rewrite and custom need a model and are refused by the caller. */
export function offlineEdit(input: EditInput): string {
  switch (input.action) {
    case 'polish':
      return polishText(input.selection);
    case 'shorten':
      return shortenText(input.selection);
    case 'expand':
      return `${input.selection.replace(/\s+$/, '')}${extraParagraph(input.chapter, input.selection)}`;
    case 'continue':
      return extraParagraph(input.chapter, input.selection);
    default:
      return input.selection;
  }
}
