import type { CatalogNode } from '@bid/shared';
import { findByTitle, paragraph, type Client } from './catalog-helpers.ts';
import { CHECKS_TENDER } from './helpers/tenders.ts';

export { CHECKS_TENDER };

export const COMPANY = '杭州云帆信息技术有限公司';

export async function write(c: Client, id: string, text: string) {
  const detail = await c.data('/catalog/client/getBidCatalogDetail', { id });
  const doc = { type: 'doc', content: text.split('\n').map((line) => paragraph(line).content[0]) };
  await c.data('/catalog/client/updateBidCatalogContent', { id, content: doc, baseVersion: detail.version });
}

type Item = { id: string; name: string };

/**
 * A bid on `tenderText` outlined by hand: analysed, then the outline `catalogs` saved, in which
 * `item(name)` links a chapter to the analysis's scoring item of that name. The anonymous template
 * (暗标) keeps the checks to what the tests are about. Answers the bid, its saved tree and `item`.
 */
export async function outlinedBid(
  c: Client,
  name: string,
  tenderText: string,
  catalogs: (item: (name: string) => Item[]) => unknown[],
) {
  const { id: bidId } = await c.data('/bid/client/saveBid', {
    name,
    modelType: 'standard',
    pageCount: 10,
    templateId: 'anonymous',
    tenderText,
  });
  await c.data('/ai/client/aiGetBidCatalog', { bidId });
  const detail = await c.data('/bid/client/getBidDetail', { id: bidId });
  const items = detail.analysis.scoringItems as Item[];
  const item = (itemName: string) => [items.find((i) => i.name === itemName)!];
  const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
    bidId,
    catalogs: catalogs(item),
  });
  return { bidId: bidId as string, tree, item };
}

/**
 * The bid of the acceptance list: 培训方案 mapped to no chapter, the ★ clause unanswered, the company
 * name in the (anonymous) technical part, two placeholders; everything else answered.
 */
export async function flawedBid(c: Client) {
  const { bidId, tree } = await outlinedBid(c, '检查测试', CHECKS_TENDER, (item) => [
    { title: '投标函', children: null },
    {
      title: '技术部分',
      children: [
        { title: '运维服务方案', scoringItems: item('运维服务方案') },
        { title: '应急响应措施', scoringItems: item('应急响应措施') },
      ],
    },
    { title: '报价文件', scoringItems: item('投标报价') },
  ]);
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
