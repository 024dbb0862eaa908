import { beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import type { BidChecks, CatalogNode } from '@bid/shared';
import { parseDocx } from '../src/files/parse-core.ts';
import { useTestServer } from './helpers/test-server.ts';
import { findByTitle, newWriter, type Client } from './catalog-helpers.ts';
import { write } from './checks-helpers.ts';
import { bidWithChapters, requiresSoffice, tenderBid, writeChapters } from './helpers/bid-chapters.ts';
import { VOLUMES_TENDER as TENDER } from './helpers/tenders.ts';

/**
 * Issue 31, scope 3: a tender asking for 明标 + 暗标 exports both as their own .docx in one zip; the
 * 暗标 one passes the identity check and names no company, the 明标 one names it; both parse back,
 * and the PDF of each converts through LibreOffice.
 */
const COMPANY = '浙江恒屹市政工程有限公司';
const LIMITS = { maxPages: 1000, maxUnpackedBytes: 1e8, maxEntries: 10000, maxTextChars: 1e7 };

let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s);
  // A company account: the identity check and the 明标 cover read its registered name.
  const db = s.built.ctx.db;
  await db
    .updateTable('tenants')
    .set({ name: COMPANY, bid_number: 50 })
    .where('id', '=', c.user.tenantId)
    .execute();
  await db.updateTable('users').set({ role: 'company_admin' }).where('id', '=', c.user.userId).execute();
});

const exportBid = (body: unknown) => c.download('/bid/client/exportBid', body);

const xmlText = (parts: Map<string, Uint8Array>) =>
  [...parts.entries()]
    .filter(([name]) => name.endsWith('.xml'))
    .map(([, data]) => Buffer.from(data).toString('utf8'))
    .join('\n');

describe('volumes: 明标 + 暗标', () => {
  it(
    'exports both volumes, the 暗标 one checked and anonymous, the 明标 one naming the company',
    { timeout: 300_000 },
    async () => {
      const bidId = await tenderBid(c, '养护工程投标', TENDER);
      const detail = await c.data('/bid/client/getBidDetail', { id: bidId });
      expect(detail.analysis.darkBid).toBe(true);
      expect(detail.analysis.volumes.map((v: { key: string }) => v.key)).toEqual(['open', 'dark']);
      const items = detail.analysis.scoringItems as Array<{ id: string; name: string }>;
      const item = (name: string) => [items.find((i) => i.name === name)!];
      const tree = await c.data<CatalogNode[]>('/catalog/client/bidCatalogSave', {
        bidId,
        catalogs: [
          { title: '投标函' },
          { title: '项目管理机构', scoringItems: item('项目管理机构') },
          { title: '技术部分', children: [{ title: '施工组织设计', scoringItems: item('施工组织设计') }] },
          { title: '报价文件', scoringItems: item('投标报价') },
        ],
      });
      const id = (title: string) => findByTitle(tree, title).id;
      await writeChapters(c, tree, {
        投标函: `致滨江区城市管理局：\n${COMPANY}愿意参加本项目投标。`,
        项目管理机构: `项目经理由${COMPANY}一级建造师担任。`,
        施工组织设计: `施工组织由${COMPANY}负责，分三个作业段推进。`,
        报价文件: '投标总价见开标一览表。',
      });

      // The identity check runs before the 暗标 volume is written: a leak refuses the export.
      const refused = await exportBid({ id: bidId, volumes: [] });
      expect(refused.type).toContain('application/json');
      const body = JSON.parse(refused.bytes.toString('utf8'));
      expect(body.code).toBe(601);
      expect(body.msg).toContain('暗标分册存在 1 处身份信息泄露');
      expect(body.msg).toContain('施工组织设计');

      await write(c, id('施工组织设计'), '施工组织分三个作业段推进，夜间施工设置警示灯。');
      const checks = await c.data<BidChecks>('/bid/client/getBidChecks', { id: bidId });
      expect(checks.anonymity.filter((a) => a.catalogId !== null)).toEqual([]);

      const r = await exportBid({ id: bidId, volumes: [] });
      expect(r.status).toBe(200);
      expect(r.type).toBe('application/zip');
      const files = unzip(r.bytes);
      expect([...files.keys()]).toEqual(['1-明标.docx', '2-暗标.docx']);
      const open = Buffer.from(files.get('1-明标.docx')!);
      const dark = Buffer.from(files.get('2-暗标.docx')!);
      const openText = (await parseDocx(open, LIMITS)).text;
      const darkText = (await parseDocx(dark, LIMITS)).text;
      expect(openText).toContain(COMPANY);
      expect(openText).toContain('项目管理机构');
      expect(openText).not.toContain('施工组织设计');
      expect(darkText).toContain('施工组织设计');
      expect(darkText).toContain('（暗标）');
      expect(darkText).not.toContain('项目管理机构');
      // Nowhere in the 暗标 file: not its text, headers, footers or document properties.
      const darkParts = unzip(dark);
      expect(xmlText(darkParts)).not.toContain(COMPANY);
      expect(xmlText(darkParts)).not.toContain('养护工程投标');
      // Headers (Word writes empty ones for its sections) hold no text at all.
      const headers = [...darkParts.entries()].filter(([n]) => /^word\/header\d*\.xml$/.test(n));
      for (const [, xml] of headers) expect(Buffer.from(xml).toString('utf8')).not.toMatch(/<w:t[ >]/);

      // Only the 暗标 volume, when asked by key.
      const one = await exportBid({ id: bidId, volumes: ['dark'] });
      expect([...unzip(one.bytes).keys()]).toEqual(['1-暗标.docx']);
    },
  );

  it('converts each volume to PDF through LibreOffice', { timeout: 600_000 }, async (ctx) => {
    await requiresSoffice(ctx);
    const { bidId } = await bidWithChapters(
      c,
      { name: '养护工程 PDF', tenderText: TENDER },
      [{ title: '投标函' }, { title: '技术部分', children: [{ title: '施工组织设计' }] }],
      { 投标函: '致滨江区城市管理局：我方愿意参加本项目投标。', 施工组织设计: '施工组织分三个作业段推进。' },
    );
    const r = await exportBid({ id: bidId, volumes: [], format: 'pdf' });
    expect(r.status).toBe(200);
    const files = unzip(r.bytes);
    expect([...files.keys()]).toEqual(['1-明标.pdf', '2-暗标.pdf']);
    for (const pdf of files.values()) expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
