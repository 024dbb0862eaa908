import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { releasedTenders } from '../../apps/server/test/helpers/released-tenders.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * The bid says what it is (issue 26, acceptance 1), in Chromium from /home on the released t5 PDF
 * with no model: after 全文写作 the progress is the share of chapters written to their share (not
 * 100 %), 完成标书 is refused with the count of short chapters, the check panel shows no green
 * banner, and the panel, the export dialog and the finish dialog show the same summary.
 */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 150 });
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');
const released = releasedTenders();

describe.skipIf(!released.available)('honest progress and checks (browser, released t5 PDF)', () => {
  const suite = browserSuite();
  const sider = (page: Page, name: string) =>
    page.locator('.bs-shell__sider').getByRole('link', { name, exact: true });

  it(
    'offline 全文写作: progress below 100 %, finishing refused with the count, the same findings everywhere',
    { timeout: 400_000 },
    async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await page.goto('/home');
      await sider(page, '新建标书').click();
      await page
        .locator('[data-testid="tender-input"] input[type="file"]')
        .setInputFiles(released.file('t5-service.pdf'));
      await page.getByTestId('tender-analysis').waitFor({ timeout: 90_000 });
      const name = page.getByLabel('标书名称');
      if (!(await name.inputValue())) await name.fill('道路清扫保洁投标文件');
      await page.getByLabel('目标页数').fill('100');
      await page.getByTestId('create-bid-submit').click();
      // The analysis is reviewed before the outline: confirmed as read.
      await page.waitForURL(/\/home\/crtBidBook\?review=/, { timeout: 90_000 });
      await page.getByTestId('review-confirm').click();
      await page.waitForURL(/\/home\/book\/BidingWrite\?id=/, { timeout: 90_000 });
      await page.locator('[data-testid="outline-node"]').first().waitFor({ timeout: 90_000 });

      await page.getByTestId('fulltext-start').click();
      await page.getByTestId('fulltext-progress').waitFor({ timeout: 20_000 });
      await poll(() => page.getByTestId('fulltext-progress').getAttribute('data-status'), 300_000).toBe(
        'done',
      );
      // The figures on top are read again once the run ended; until then they may be a chapter behind.
      await poll(() => page.getByTestId('fulltext-progress').getAttribute('data-settled'), 30_000).toBe(
        'true',
      );
      // One figure: the bar and the chapter count agree, and the run's own line is a count, not a %.
      await poll(() => page.getByTestId('bid-progress-chapters').textContent(), 30_000).toMatch(
        /^已写够 \d+\/\d+ 章$/,
      );
      const [written, leaves] = (await page.getByTestId('bid-progress-chapters').textContent())!
        .match(/\d+/g)!
        .map(Number);
      expect(written).toBeLessThan(leaves);
      const progress = Number(await page.getByTestId('bid-progress').getAttribute('data-progress'));
      expect(progress).toBe(Math.floor((written * 100) / leaves));
      expect(progress).toBeLessThan(100);
      expect(await page.getByTestId('fulltext-progress').textContent()).not.toMatch(/%/);
      await page.screenshot({ path: path.join(SHOTS, 'honest-after-fulltext-1440.png') });

      // 完成标书: refused with the count of short chapters, and the check summary below it.
      await page.getByTestId('finish-bid').click();
      const refused = page.locator('.ant-modal-confirm').last();
      await settled(refused);
      expect(await refused.getByTestId('finish-refused').textContent()).toContain(
        `还有 ${leaves - written} 个章节未写够`,
      );
      const finishTitle = (await refused.getByTestId('findings-title').textContent())!.trim();
      await page.screenshot({ path: path.join(SHOTS, 'honest-finish-refused-1440.png') });
      await refused.getByRole('button', { name: '继续写作' }).click();
      await refused.waitFor({ state: 'hidden' });

      // The check panel: no green banner, the same summary line.
      await page.getByTestId('open-checks').click();
      const panel = page.getByTestId('checks-panel');
      await panel.waitFor();
      const summary = panel.getByTestId('checks-summary');
      await summary.waitFor();
      expect(await panel.textContent()).not.toContain('没有发现会导致废标的问题');
      expect(await summary.getAttribute('class')).not.toContain('ant-alert-success');
      const panelTitle = (await summary.getByTestId('summary-title').textContent())!.trim();
      await page.screenshot({ path: path.join(SHOTS, 'honest-checks-1440.png') });
      await page.locator('.ant-drawer-close').click();

      // The export dialog: the same summary.
      await page.getByTestId('export-word').click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '开始导出' }).last();
      await settled(dialog);
      const exportTitle = (await dialog
        .getByTestId('blocking-findings')
        .getByTestId('summary-title')
        .textContent())!.trim();
      expect(panelTitle).toMatch(/项未处理$/);
      expect([finishTitle, exportTitle]).toEqual([panelTitle, panelTitle]);
      await page.keyboard.press('Escape');

      // The bid list shows the same progress.
      await sider(page, '我的标书').click();
      await poll(() => page.locator('tbody tr').first().textContent()).toContain(`${progress}%`);
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
