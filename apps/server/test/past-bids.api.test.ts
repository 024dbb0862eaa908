import { describe, expect, it } from 'vitest';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { flatten, newWriter } from './catalog-helpers.ts';
import { uploadFile } from './knowledge-helpers.ts';

/**
 * Issue 26, acceptance 4: with one past bid in the knowledge base, an offline chapter on the same
 * subject holds at least five sentences from it, adapted to the new project, and cites it.
 */
const OLD = '青山区道路清扫保洁服务项目';
const NEW = '桐溪市明远区城区道路清扫保洁服务项目';
const QUALITY = [
  `我司在${OLD}中建立了三级质量检查体系，由项目经理、片区主管和班组长逐级负责。`,
  '每日作业前由班组长对人员着装、工具和车辆进行检查，作业后对路面进行自检。',
  '片区主管每天上午和下午各巡查一次，发现问题当场整改并记录在巡查台账中。',
  '项目部每周组织一次联合检查，检查结果与班组考核和个人绩效挂钩。',
  '对市民投诉和采购人提出的问题，我司在2小时内响应并在24小时内整改完毕。',
  '2023年5月起我司推行网格化保洁质量管理，全年未发生一起有效投诉。',
];

async function pastBid(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: '第一章 保洁质量保证措施', heading: HeadingLevel.HEADING_1 }),
          ...QUALITY.map((text) => new Paragraph({ text })),
          new Paragraph({ text: '第二章 人员配置', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: '项目配备保洁员八十六人，机械车辆驾驶员十二人。' }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: string; content?: unknown[] };
  if (typeof n.text === 'string') return n.text;
  return (n.content ?? []).map(textOf).join('\n');
}

const s = useTestServer();

describe(`offline drafts from the company's past bids (${TEST_DB})`, () => {
  it(
    'a chapter on the same subject holds five of its sentences, adapted, and cites it',
    { timeout: 120_000 },
    async () => {
      const c = await newWriter(s);
      const fileId = await uploadFile(s, c.user.token, `${OLD}投标文件.docx`, await pastBid());
      const { id: docId } = await c.data<{ id: string }>('/knowledge/client/saveDocument', {
        fileId,
        library: 'private',
        folder: '历史标书',
      });
      const { id: bidId } = await c.data<{ id: string }>('/bid/client/saveBid', {
        name: NEW,
        modelType: 'standard',
        pageCount: 30,
        tenderText: `${NEW} 磋商文件\n项目名称：${NEW}\n采购人：桐溪市明远区城市管理和综合执法局\n`,
      });
      await c.data('/catalog/client/bidCatalogSave', {
        bidId,
        catalogs: [{ title: '技术部分', children: [{ title: '保洁质量保证措施', targetWords: 600 }] }],
      });
      const tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
      const leaf = flatten(tree).find((n) => n.title === '保洁质量保证措施')!.id;
      const written = await c.data('/ai/client/aiGetBidContent', { catalogId: leaf });
      const text = textOf(written.content).replace(/\n/g, '');
      const kept = QUALITY.filter((q) => text.includes(q.slice(-10)));
      expect(kept.length).toBeGreaterThanOrEqual(5);
      // Adapted: this project's name, the old one's date marked for the writer.
      expect(text).toContain(`我司在${NEW}中建立了三级质量检查体系`);
      expect(text).not.toContain(`在${OLD}中`);
      expect(JSON.stringify(written.content)).toContain('日期（原文为2023年5月');
      const detail = await c.data('/catalog/client/getBidCatalogDetail', { id: leaf });
      expect(detail.sources.map((x: { documentId: string }) => x.documentId)).toContain(docId);
      expect(text).toContain(`《${OLD}投标文件.docx》`);
    },
  );
});
