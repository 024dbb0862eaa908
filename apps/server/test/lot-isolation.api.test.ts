import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  flattenTree,
  type CatalogDetail,
  type CatalogNode,
  type InterpretationDetail,
  type TenderAnalysis,
} from '@bid/shared';
import { unzip } from '@bid/document/docx/zip';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { waitForInterpretation } from './helpers/interpretation.ts';
import { releasedTenders } from './helpers/released-tenders.ts';
import { newWriter } from './catalog-helpers.ts';

/**
 * Issue 26, scope 4: the released t4 DOCX has two 包 (包1 MRI, 包2 DR). A bid on 包1, outlined and
 * written by the offline engine and exported, holds nothing of 包2: not one of its parameter table's
 * values, nor its budget, bond or delivery period; its 投标函 counts 包1's ★ clauses.
 */
const released = releasedTenders();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 包2's own values (its DR parameters, budget, bond and period), from t4.gold.json and the text. */
const LOT2_VALUES = ['65kW', '800mA', '碘化铯', '2,380,000', '2380000', '贰万元', '45日历天'];

/**
 * Every measured value of 包2's parameter table (五、包2技术参数 up to 六、商务要求) that stands nowhere
 * else in the tender: 300kHU, 40kV～150kV, 42cm×42cm, 3.3lp/mm and the rest. Values with a Latin
 * unit and at least four characters, so that a generic 「1块」 or 「6小时」 of a 包1 text is not taken
 * for 包2's.
 */
function lot2ParameterValues(tender: string): string[] {
  const from = tender.indexOf('五、包2技术参数');
  const to = tender.indexOf('六、商务要求', from);
  if (from < 0 || to < 0) throw new Error('t4-goods.txt: 包2技术参数 not found');
  const table = tender.slice(from, to);
  const elsewhere = tender.slice(0, from) + tender.slice(to);
  const values = table.match(/\d[\d.]*[a-zA-Zμ%/]+(?:[×～]\d[\d.]*[a-zA-Zμ]+)?/g) ?? [];
  return [...new Set(values)].filter((v) => v.length >= 4 && !elsewhere.includes(v));
}

const s = useTestServer();

describe.skipIf(!released.available)(`a 包1 bid from the released t4 DOCX (${TEST_DB})`, () => {
  it('offers both 包; the exported 包1 bid holds nothing of 包2', { timeout: 300_000 }, async () => {
    const c = await newWriter(s);
    const fileId = await c.uploadTender('t4-goods.docx', fs.readFileSync(released.file('t4-goods.docx')));
    const r = await c.data<InterpretationDetail>('/ai/chat/start-analysis', { fileId });
    const done = await waitForInterpretation(s, c.user.token, r.id, 120_000);
    // The create form offers a 包 choice whenever the analysis has several.
    expect(done.analysis!.lots.map((l) => l.no)).toEqual([1, 2]);

    /** A bid on one 包, outlined and written offline, exported: the Word file's text. */
    async function writtenExport(
      lot: number,
    ): Promise<{ text: string; analysis: TenderAnalysis; bidId: string }> {
      const { id: bidId } = await c.data('/bid/client/saveBid', {
        name: `医学影像设备采购项目（包${lot}）`,
        modelType: 'standard',
        pageCount: 60,
        fileId,
        lot,
      });
      await c.data('/ai/client/aiGetBidCatalog', { bidId });
      const analysis = (await c.data('/bid/client/getBidDetail', { id: bidId })).analysis as TenderAnalysis;
      await c.data('/ai/client/aiGetExpandRange', { bidId });
      const end = Date.now() + 240_000;
      while ((await c.data('/ai/client/isWriting', { bidId })).writing) {
        if (Date.now() > end) throw new Error('full-text job did not finish');
        await sleep(300);
      }
      const res = await c.download('/bid/client/exportBid', { id: bidId });
      expect(res.status).toBe(200);
      const xml = Buffer.from(unzip(res.bytes).get('word/document.xml')!).toString('utf8');
      return { text: xml.replace(/<[^>]+>/g, ''), analysis, bidId };
    }

    const lot1 = await writtenExport(1);
    const { text, analysis: a } = lot1;
    const stars = a.starClauses.filter((x) => x.mark === '★').length;
    expect(stars).toBe(12);
    expect(text).toContain('磁共振');
    expect(LOT2_VALUES.filter((v) => text.includes(v))).toEqual([]);
    const parameters = lot2ParameterValues(fs.readFileSync(released.file('t4-goods.txt'), 'utf8'));
    expect(parameters.length).toBeGreaterThanOrEqual(12);
    expect(parameters.filter((v) => text.includes(v))).toEqual([]);
    // The same search finds them in a 包2 bid of the same tender (its 技术参数 response table).
    const lot2 = await writtenExport(2);
    expect(parameters.filter((v) => lot2.text.includes(v)).length).toBeGreaterThanOrEqual(
      parameters.length / 2,
    );
    // The exported 投标函 is the tender's own, for 包1 (issue 31); the engine's draft of that chapter
    // counts 包1's ★ clauses, not the 4 a mixed reading gave.
    expect(text).toContain('我方已充分理解招标文件中全部★条款的含义');
    expect(text).toContain('决定参加包1的投标');
    const tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId: lot1.bidId });
    const letter = flattenTree(tree).find((n) => /投标函/.test(n.title))!;
    const draft = JSON.stringify(
      (await c.data<CatalogDetail>('/catalog/client/getBidCatalogDetail', { id: letter.id })).content,
    );
    const counted = [...draft.matchAll(/标注“?★”?的实质性条款（共 (\d+) 条）/g)].map((m) => Number(m[1]));
    expect(counted.length).toBeGreaterThan(0);
    for (const n of counted) expect(n).toBe(stars);
  });
});
