import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TenderAnalysis } from '@bid/shared';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * A tender with several 采购包 (corpus t03): after the analysis the create form asks which 包 the bid
 * answers, refuses to go on without one, and the bid keeps only that 包's scoring items.
 */
const TENDER_FILE = new URL('../../apps/server/test/corpus/t03.txt', import.meta.url);
const suite = browserSuite();

describe('采购包 choice on the create form (browser)', () => {
  it(
    'asks for the 包 after analysing a multi-lot tender and creates the bid for that 包 only',
    { timeout: 240_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await page.goto('/home');
      await page.locator('.bs-shell__sider').getByRole('link', { name: '新建标书', exact: true }).click();

      await page.getByLabel('标书名称').fill('第二包投标文件');
      await page.getByLabel('招标文件内容').fill(fs.readFileSync(TENDER_FILE, 'utf8'));
      await page.getByTestId('analyse-tender').click();
      const picker = page.getByTestId('lot-picker');
      await picker.waitFor({ timeout: 60_000 });

      // Without a 包 the form does not submit.
      await page.getByTestId('create-bid-submit').click();
      await picker.getByText('请选择本标书投标的采购包').waitFor();
      expect(page.url()).toContain('/home/crtBidBook');

      await picker.locator('.ant-select').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '第 2 包' }).click();
      await page.getByTestId('create-bid-submit').click();
      // The analysis is reviewed before the outline: confirmed as read.
      await page.waitForURL(/\/home\/crtBidBook\?review=/, { timeout: 60_000 });
      await page.getByTestId('review-confirm').click();
      await page.waitForURL(/\/home\/book\/BidingWrite\?id=/, { timeout: 90_000 });
      const bidId = new URL(page.url()).searchParams.get('id')!;

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
});
