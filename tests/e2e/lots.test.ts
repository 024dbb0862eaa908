import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TenderAnalysis } from '@bid/shared';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { releasedTenders } from '../../apps/server/test/helpers/released-tenders.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { createAndConfirm, enterTender, openNewBid, pickLot, chooseOption } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * A tender with several 采购包 (corpus t03): after the analysis the create form asks which 包 the bid
 * answers, refuses to go on without one, and the bid keeps only that 包's scoring items. The released
 * t4 DOCX (issue 26, acceptance 2): the form offers 包1 and 包2 by name, and a 包1 bid keeps 包1's
 * ★ clauses and nothing of 包2 (its export is searched in lot-isolation.api.test.ts).
 */
const TENDER_FILE = new URL('../../apps/server/test/corpus/t03.txt', import.meta.url);
const released = releasedTenders();
const suite = browserSuite();

describe('采购包 choice on the create form (browser)', () => {
  it(
    'asks for the 包 after analysing a multi-lot tender and creates the bid for that 包 only',
    { timeout: 240_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await openNewBid(page);
      await enterTender(page, { name: '第二包投标文件', text: fs.readFileSync(TENDER_FILE, 'utf8') });
      await page.getByTestId('analyse-tender').click();
      const picker = page.getByTestId('lot-picker');
      await picker.waitFor({ timeout: 60_000 });

      // Without a 包 the form does not submit.
      await page.getByTestId('create-bid-submit').click();
      await picker.getByText('请选择本标书投标的采购包').waitFor();
      expect(page.url()).toContain('/home/crtBidBook');

      await pickLot(page, '第 2 包');
      const bidId = await createAndConfirm(page);

      const detail = (
        await suite.server.api.post('/bid/client/getBidDetail', { id: bidId }, { token: user.token })
      ).body.data as {
        lot: number | null;
        analysis: TenderAnalysis;
      };
      expect(detail.lot).toBe(2);
      expect(detail.analysis.scoringItems.length).toBeGreaterThan(0);
      expect(detail.analysis.scoringItems.every((s) => s.lot == null || s.lot === 2)).toBe(true);
      expect(detail.analysis.scoringItems.some((s) => s.lot === 1)).toBe(false);
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );

  it.skipIf(!released.available)(
    'the released t4 DOCX: the form offers 包1 and 包2; the bid created for 包1 keeps 包1 only',
    { timeout: 240_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await openNewBid(page);
      await enterTender(page, { file: released.file('t4-goods.docx') });
      const picker = page.getByTestId('lot-picker');
      expect(await picker.textContent()).toContain('本招标文件分 2 个采购包');
      await picker.locator('.ant-select').click();
      const options = page.locator('.ant-select-item-option');
      await expect
        .poll(() => options.allTextContents())
        .toEqual(['第 1 包：1.5T超导磁共振成像系统', '第 2 包：数字化医用X射线摄影系统（DR）']);
      await chooseOption(page, picker.locator('.ant-select'), '第 1 包');
      const bidId = await createAndConfirm(page);

      const detail = (
        await suite.server.api.post('/bid/client/getBidDetail', { id: bidId }, { token: user.token })
      ).body.data as { lot: number | null; analysis: TenderAnalysis };
      expect(detail.lot).toBe(1);
      // 包1's ★ clauses: the two common ones and its own ten (t4.gold.json); none of 包2's six.
      expect(detail.analysis.starClauses.filter((c) => c.mark === '★')).toHaveLength(12);
      expect(detail.analysis.starClauses.some((c) => c.lot === 2)).toBe(false);
      expect(detail.analysis.project.budgetAmount).toBe(12_600_000);
      const own = JSON.stringify({ ...detail.analysis, lots: [], disqualifications: [] });
      for (const value of ['65kW', '800mA', '碘化铯', '300kHU', '2,380,000', '贰万元', '45日历天'])
        expect(own).not.toContain(value);
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
