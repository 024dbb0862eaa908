import type { CatalogNode } from '@bid/shared';
import { findByTitle, paragraph, type Client } from './catalog-helpers.ts';

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

export const COMPANY = '杭州云帆信息技术有限公司';

export async function write(c: Client, id: string, text: string) {
  const detail = await c.data('/catalog/client/getBidCatalogDetail', { id });
  const doc = { type: 'doc', content: text.split('\n').map((line) => paragraph(line).content[0]) };
  await c.data('/catalog/client/updateBidCatalogContent', { id, content: doc, baseVersion: detail.version });
}

/**
 * The bid of the acceptance list: 培训方案 mapped to no chapter, the ★ clause unanswered, the company
 * name in the (anonymous) technical part, two placeholders; everything else answered.
 */
export async function flawedBid(c: Client) {
  const { id: bidId } = await c.data('/bid/client/saveBid', {
    name: '检查测试',
    modelType: 'standard',
    pageCount: 10,
    templateId: 'anonymous',
    tenderText: CHECKS_TENDER,
  });
  await c.data('/ai/client/aiGetBidCatalog', { bidId });
  const detail = await c.data('/bid/client/getBidDetail', { id: bidId });
  const items = detail.analysis.scoringItems as Array<{ id: string; name: string }>;
  const item = (name: string) => [items.find((i) => i.name === name)!];
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: [
      { title: '投标函', children: null },
      {
        title: '技术部分',
        children: [
          { title: '运维服务方案', scoringItems: item('运维服务方案') },
          { title: '应急响应措施', scoringItems: item('应急响应措施') },
        ],
      },
      { title: '报价文件', scoringItems: item('投标报价') },
    ],
  });
  const ids = {
    letter: findByTitle(tree, '投标函').id,
    service: findByTitle(tree, '运维服务方案').id,
    emergency: findByTitle(tree, '应急响应措施').id,
    price: findByTitle(tree, '报价文件').id,
    technical: findByTitle(tree, '技术部分').id,
  };
  await write(c, ids.letter, '致南湖区教育局：\n我方愿意参加本项目投标，投标文件已按规定签字盖章。');
  await write(
    c,
    ids.service,
    `运维团队由${COMPANY}组建，驻场人数为【待填写：驻场人数】人。\n我方建立巡检、故障处理和变更管理三项制度。`,
  );
  await write(c, ids.emergency, '我方建立7×24小时值班制度，备件清单见【待填写：备件清单】。');
  await write(c, ids.price, '投标总价见报价一览表。');
  return { bidId, ids };
}
