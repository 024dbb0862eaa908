import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import {
  certificateScan,
  garbledPdf,
  pdfPages,
  SAMPLE_CERTIFICATE,
  scannedPdf,
} from '../../apps/server/test/helpers/scan-fixtures.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { uploadForInterpretation } from './helpers/interpretation.ts';
import { openLibrary, startKnowledgeUpload } from './helpers/knowledge.ts';
import { openNewBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * Scans in Chromium, from /home by clicking (issue 28): a scanned 资质证书 pre-fills the company
 * library's form for the writer to check and save; a scanned tender in 招标文件解读 shows its
 * per-page OCR progress, then its scoring items, whose source opens the passage; a PDF whose text
 * layer is garbled is named as such, not as a scan, while read and once read; a scan put in the
 * knowledge base or in 查重 is read by OCR through the same upload, with the same progress.
 */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });
/** The text of the OCR progress shown at `testId`, polled for up to 2 minutes (OCR is slow on a busy machine). */
const progressOf = (page: Page, testId: string) =>
  poll(
    () =>
      page
        .getByTestId(testId)
        .textContent()
        .catch(() => ''),
    120_000,
  );
const CORPUS = path.resolve(import.meta.dirname, '../../apps/server/test/corpus');
const SHOTS = process.env.E2E_SCREENSHOTS;
const suite = browserSuite();

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-e2e-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Pages of a corpus PDF as a copier scans them (150 dpi, turned 0.5°, noise, a red seal), saved as `name`. */
async function scanOf(corpusPdf: string, pages: number[], name: string): Promise<string> {
  const file = path.join(tmp, name);
  fs.writeFileSync(
    file,
    await scannedPdf(fs.readFileSync(path.join(CORPUS, corpusPdf)), {
      pages,
      dpi: 150,
      turnDeg: 0.5,
      noise: 40,
      seal: true,
    }),
  );
  return file;
}

/**
 * A new account's logged-in page. Each test starts from its own account so that one's uploads and
 * saved facts are never another's; the page has the suites' default 1440×900 viewport.
 */
async function newWriter() {
  const user = await createUserWithSession(suite.server);
  const t = await suite.newPage(user.token);
  return { user, t, page: t.page };
}

describe('scans (browser)', () => {
  it(
    'a scanned 资质证书 pre-fills number, issuer and expiry in the company library; saving is the writer’s',
    { timeout: 180_000 },
    async () => {
      const file = path.join(tmp, '资质证书.png');
      fs.writeFileSync(file, (await certificateScan()).bytes);

      const { user, t, page } = await newWriter();
      await openLibrary(page, '企业资料库');
      await page.getByTestId('fact-add').click();
      const modal = page.locator('.ant-modal:visible');
      await settled(modal);
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('fact-scan').click();
      await (await chooser).setFiles(file);
      const result = page.getByTestId('fact-scan-result');
      await result.waitFor({ timeout: 120_000 });
      expect(await result.textContent()).toContain(
        '已从扫描件识别出证书名称、证书编号、发证机关、有效期至，请核对后保存',
      );
      expect(await modal.getByLabel('证书名称').inputValue()).toBe(SAMPLE_CERTIFICATE.name);
      expect(await modal.getByLabel('证书编号').inputValue()).toBe(SAMPLE_CERTIFICATE.number);
      expect(await modal.getByLabel('发证机关').inputValue()).toBe(SAMPLE_CERTIFICATE.issuer);
      expect(await modal.getByLabel('有效期至').inputValue()).toBe('2028-05-31');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'ocr-certificate-read.png') });
      // Nothing is saved until the writer saves.
      const facts = () =>
        suite.server.api
          .post('/company/client/listFacts', {}, { token: user.token })
          .then((r) => r.body.data as Array<{ data: Record<string, unknown> }>);
      expect(await facts()).toEqual([]);

      await modal.getByRole('button', { name: /保\s*存/ }).click();
      await modal.waitFor({ state: 'hidden' });
      const card = page.locator('.bs-kb-card', { hasText: SAMPLE_CERTIFICATE.name });
      await card.waitFor();
      expect(await card.textContent()).toContain(`证书编号：${SAMPLE_CERTIFICATE.number}`);
      expect(await card.getByTestId('fact-expiry').textContent()).toBe('有效');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'ocr-certificate-saved.png') });
      expect((await facts()).map((f) => f.data)).toEqual([
        expect.objectContaining({
          name: SAMPLE_CERTIFICATE.name,
          number: SAMPLE_CERTIFICATE.number,
          issuer: SAMPLE_CERTIFICATE.issuer,
          validUntil: '2028-05-31',
        }),
      ]);
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );

  it(
    '招标文件解读 of a scanned tender: per-page OCR progress, the scoring items, an item’s passage',
    { timeout: 400_000 },
    async () => {
      // t04's scoring table is on pages 1–2: scanned at 150 dpi, turned 0.5°, noise, a red seal.
      const file = await scanOf('t04.pdf', [1, 2], '扫描版招标文件.pdf');
      const { t, page } = await newWriter();
      await uploadForInterpretation(page, file);
      await progressOf(page, 'interpretation-upload-status').toMatch(
        /第 1–2 页为扫描件，正在识别文字（[01]\/2）/,
      );
      await page.waitForURL(/\/home\/bidingParse\/analysisPage\?id=/, { timeout: 300_000 });
      await page.getByTestId('interpretation-report').waitFor({ timeout: 60_000 });
      const rows = page.getByTestId('ip-scoring-row');
      await poll(() => rows.count(), 60_000).toBeGreaterThan(5);

      await page.getByTestId('interpretation-review').click();
      const first = page.locator('[data-testid="review-row"]').first();
      await first.waitFor({ timeout: 60_000 });
      const name = (await first.getAttribute('data-name'))!;
      await first.getByTestId('review-source').click();
      const mark = page.getByTestId('review-passage-mark');
      await mark.waitFor();
      expect(await mark.textContent()).toContain(name);
      await settled(page.locator('.ant-drawer-content-wrapper').last());
      // The passage on the page image: the scanned page, the item's line outlined on it.
      const scan = page.getByTestId('review-passage-scan');
      await scan.waitFor();
      expect(await scan.textContent()).toMatch(/招标文件第 [12] 页（扫描件，经文字识别）/);
      const img = page.getByTestId('review-passage-page');
      await poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), 60_000).toBeGreaterThan(
        500,
      );
      const boxes = page.getByTestId('review-passage-box');
      expect(await boxes.count()).toBeGreaterThanOrEqual(1);
      const box = (await boxes.first().boundingBox())!;
      const pageBox = (await img.boundingBox())!;
      expect(box.width).toBeGreaterThan(10);
      expect(box.x).toBeGreaterThanOrEqual(pageBox.x);
      expect(box.y + box.height).toBeLessThanOrEqual(pageBox.y + pageBox.height + 1);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'ocr-passage.png') });
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );

  it(
    'a PDF whose text layer is garbled: the screen names the pages read by OCR as garbled, not as scans',
    { timeout: 400_000 },
    async () => {
      // t02 pages 2–3 with their fonts' Unicode maps made unreadable: pdf.js gets glyph numbers.
      const file = path.join(tmp, '乱码招标文件.pdf');
      fs.writeFileSync(file, garbledPdf(pdfPages(fs.readFileSync(path.join(CORPUS, 't02.pdf')), [2, 3])));
      const { t, page } = await newWriter();
      await uploadForInterpretation(page, file);
      const running = /第 1–2 页文字层无法识别（乱码），正在识别文字（[01]\/2）/;
      await progressOf(page, 'interpretation-upload-status').toMatch(running);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'ocr-garbled-progress.png') });
      await page.waitForURL(/\/home\/bidingParse\/analysisPage\?id=/, { timeout: 300_000 });
      await page.getByTestId('interpretation-report').waitFor({ timeout: 60_000 });

      // On the create screen the uploaded file keeps saying which pages OCR read, and why.
      await openNewBid(page);
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('点击或拖入招标文件', { exact: true }).click();
      await (await chooser).setFiles(file);
      await progressOf(page, 'tender-upload-ocr').toMatch(running);
      const note = page.getByTestId('tender-file-ocr');
      await note.waitFor({ timeout: 300_000 });
      expect(await note.textContent()).toBe('第 1–2 页文字层无法识别（乱码），已用 OCR 识别');
      expect(await page.getByTestId('tender-file').textContent()).not.toContain('扫描件');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'ocr-garbled-read.png') });
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );

  it(
    'a scanned PDF in the knowledge base and in 查重: per-page OCR progress, then its text is used',
    { timeout: 400_000 },
    async () => {
      // t02 pages 2–3: the scoring table of a property-management tender, as a copier scans it.
      const file = await scanOf('t02.pdf', [2, 3], '物业服务招标文件扫描件.pdf');
      const { t, page } = await newWriter();
      await openLibrary(page, '我的知识库');
      await startKnowledgeUpload(page, file);
      await progressOf(page, 'kb-upload-progress').toMatch(/第 1–2 页为扫描件，正在识别文字（[01]\/2）/);
      const row = page.locator('.ant-table-row', { hasText: '物业服务招标文件扫描件.pdf' });
      await row.waitFor({ timeout: 300_000 });
      // The recognised text is searchable.
      await page.getByPlaceholder(/用自己的话描述/).fill('院感防控措施');
      await page.getByRole('button', { name: /搜\s*索/ }).click();
      const results = page.getByTestId('kb-results');
      await poll(() => results.textContent(), 60_000).toContain('院感防控');

      await page.locator('.bs-shell__sider').getByRole('link', { name: '标书查重', exact: true }).click();
      await page.waitForURL(/\/home\/bidingDiff$/);
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('diff-upload').click();
      await (await chooser).setFiles(file);
      await progressOf(page, 'diff-upload-ocr').toMatch(/第 1–2 页为扫描件，正在识别文字（[01]\/2）/);
      await page
        .getByTestId('diff-file')
        .getByText('物业服务招标文件扫描件.pdf')
        .waitFor({ timeout: 300_000 });
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
