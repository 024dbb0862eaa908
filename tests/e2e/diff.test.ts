import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import { makeDocx } from '../../apps/server/src/diff/fixtures.ts';
import { bidText, mutate, picture, resize, toJpeg, toPng } from '../../apps/server/src/diff/testing.ts';
import { client } from '../../apps/server/test/catalog-helpers.ts';
import { bidWith, uploadPicture } from '../../apps/server/test/diff-helpers.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * 查重 in Chromium, starting at /home and only clicking: two of the user's bids and an uploaded
 * DOCX compared, the passages highlighted on both sides (a click scrolls to the counterpart), the
 * matching pictures, the Word report, and the history with delete after confirmation.
 */

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

describe('查重 (browser)', () => {
  const suite = browserSuite();
  let tmp: string;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'diff-e2e-'));
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it(
    'compares two bids and a DOCX, shows highlights on both sides, exports the report and deletes it',
    { timeout: 240_000 },
    async () => {
      const s = suite.server;
      const user = await createUserWithSession(s, { quota: { bid_number: 5 } });
      const c = client(s, user);
      const own = bidText(61, 5000);
      const other = bidText(62, 5000);
      const logo = picture(640, 480, 2);
      const png = await uploadPicture(s, c, '施工总平面图.png', toPng(logo));
      const jpg = await uploadPicture(s, c, '施工总平面图-小.jpg', toJpeg(resize(logo, 320, 240), 70));
      await bidWith(c, '滨江大道改造工程技术标', own, [png]);
      await bidWith(
        c,
        '滨江大道改造工程技术标（联合体）',
        [...other.slice(0, 4), mutate(own[2], 0.08, 3), ...other.slice(4), own[9], own[7]],
        [jpg],
      );
      const docx = path.join(tmp, '第三方投标文件.docx');
      fs.writeFileSync(
        docx,
        makeDocx({
          paragraphs: [...bidText(63, 2500), own[5]],
          creator: '第三方',
          images: [{ name: 'image1.png', data: toPng(resize(logo, 480, 360)) }],
        }),
      );

      const t = await suite.newPage(user.token);
      const { page } = t;
      await page.goto('/home');
      await page.locator('.bs-shell__sider').getByRole('link', { name: '标书查重', exact: true }).click();
      await page.waitForURL(/\/home\/bidingDiff$/);
      await page.getByText('还没有查重记录').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'diff-empty.png') });

      // Two of the user's bids from the list, one uploaded DOCX.
      await page.getByTestId('diff-bids').click();
      const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      await settled(dropdown);
      await dropdown.getByText('滨江大道改造工程技术标', { exact: true }).click();
      await dropdown.getByText('滨江大道改造工程技术标（联合体）', { exact: true }).click();
      // Closes the dropdown.
      await page.getByRole('main').getByText('我的标书', { exact: true }).click();
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('diff-upload').click();
      await (await chooser).setFiles(docx);
      await page.getByTestId('diff-file').getByText('第三方投标文件.docx').waitFor({ timeout: 60_000 });
      await page.getByText('已选择 3 份').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'diff-start.png') });
      await page.getByTestId('diff-start').click();

      await page.waitForURL(/\/home\/bidingDiff\/detail\?id=/);
      const paneA = page.getByTestId('diff-pane-a');
      const paneB = page.getByTestId('diff-pane-b');
      await paneA.waitFor({ timeout: 60_000 });
      // The pair with the most in common (the two bids) opens first, highlighted on both sides.
      await poll(() => paneA.locator('mark.diff-mark').count()).toBeGreaterThanOrEqual(3);
      await poll(() => paneB.locator('mark.diff-mark').count()).toBeGreaterThanOrEqual(3);
      const marked = (await paneA.locator('mark.diff-mark').allTextContents()).join('');
      expect(marked).toContain(own[7].slice(0, 30));
      expect(marked).toContain(own[9].slice(0, 30));

      // The bar steps through the passages; a click on a passage on the left scrolls the right side to it.
      await page.getByText(/^共 3 处相似段落/).click();
      await page.mouse.wheel(0, 400);
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /下一处/ }).click();
      await page.getByText(/第 3 处/).waitFor();
      const inView = (mark: ReturnType<typeof paneA.locator>) =>
        mark.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const pane = el.closest('.diff-pane__text')!.getBoundingClientRect();
          return box.top >= pane.top && box.top < pane.bottom && box.top >= 0 && box.top < window.innerHeight;
        });
      const left = paneA.locator('mark.diff-mark--active').first();
      await poll(() => inView(left)).toBe(true);
      const pid = await left.getAttribute('data-pid');
      // The right side scrolled back to its top first, so that only the click can bring the passage into view.
      await paneB.hover();
      await page.mouse.wheel(0, -20_000);
      await poll(() => inView(paneB.locator(`mark[data-pid="${pid}"]`).first())).toBe(false);
      await left.click();
      const counterpart = paneB.locator(`mark[data-pid="${pid}"]`).first();
      await poll(() => counterpart.getAttribute('class')).toContain('diff-mark--active');
      await poll(() => inView(counterpart)).toBe(true);
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(SHOTS, 'diff-detail.png') });

      // Pictures: the resized JPEG matches the PNG.
      await page.getByRole('tab', { name: /相同图片/ }).click();
      await page.getByTestId('diff-image-pair').first().waitFor();
      await page.getByTestId('diff-image-pair').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'diff-images.png') });

      // The bid and the uploaded DOCX: the copied paragraph is found there too.
      await page.getByTestId('diff-pair').filter({ hasText: 'A 与 C' }).click();
      await page.getByRole('tab', { name: /相似段落/ }).click();
      await poll(async () => (await paneB.locator('mark.diff-mark').allTextContents()).join('')).toContain(
        own[5].slice(0, 20),
      );

      // The Word report.
      const download = page.waitForEvent('download');
      await page.getByTestId('diff-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^查重报告-.*\.docx$/);
      const saved = path.join(tmp, 'report.docx');
      await file.saveAs(saved);
      const xml = Buffer.from(unzip(fs.readFileSync(saved)).get('word/document.xml')!).toString('utf8');
      expect(xml).toContain('查重概要');
      expect(xml).toContain('相似段落');

      // History: listed, then deleted after confirmation.
      await page.getByRole('button', { name: '返回查重' }).click();
      const history = page.getByTestId('diff-history');
      await history.getByText('已完成').waitFor();
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'diff-history.png') });
      await history.getByRole('button', { name: /^删除 / }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await settled(confirm);
      await confirm.getByRole('button', { name: /删\s*除/ }).click();
      await page.getByText('还没有查重记录').waitFor();

      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
