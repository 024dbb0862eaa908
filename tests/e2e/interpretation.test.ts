import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidDetail, InterpretationDetail } from '@bid/shared';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../apps/server/test/fake-openai/server.ts';
import { scriptBidWriter } from '../../apps/server/test/fake-openai/helpers.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { chooseInterpretationFile, openInterpretation } from './helpers/interpretation.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * 招标文件解读 in Chromium, starting at /home and only clicking: upload a PDF tender, watch the job's
 * progress, open a scoring item's passage (highlighted in the drawer), export the report (a .docx
 * that LibreOffice converts), create a bid from it, find and remove it in the history, then interpret
 * pasted text and open the bid form filled with it.
 * The analysis goes through the fake OpenAI-compatible server, slowed down so the progress shows.
 */
const PDF = fileURLToPath(new URL('../../apps/server/test/corpus/t01.pdf', import.meta.url));
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');

describe('file interpretation (browser)', () => {
  let fake: FakeOpenAi;
  let tmp: string;

  beforeAll(async () => {
    // About five seconds per analysis: long enough to see the job run.
    fake = await startFakeOpenAi({ firstTokenDelayMs: 800, tokensPerSecond: 250, charsPerToken: 3 });
    scriptBidWriter(fake);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'interp-e2e-'));
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await fake?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const suite = browserSuite((env) =>
    startTestServer({
      ...env,
      AI_STANDARD_BASE_URL: fake.url,
      AI_STANDARD_API_KEY: 'e2e',
      AI_STANDARD_MODEL: 'fake-e2e',
      AI_JOB_POLL_MS: '200',
    }),
  );

  it(
    'upload a PDF, watch progress, open a passage, export Word, create a bid, remove from history, paste text',
    { timeout: 240_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;

      await openInterpretation(page);
      await page.getByText('还没有解读记录').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'interpretation-empty.png') });

      // Upload: the report screen opens at once and shows the job's progress.
      await chooseInterpretationFile(page, PDF);
      await page.waitForURL(/\/home\/bidingParse\/analysisPage\?id=/, { timeout: 60_000 });
      const id = new URL(page.url()).searchParams.get('id')!;
      const progress = page.getByTestId('interpretation-progress');
      await progress.waitFor({ timeout: 20_000 });
      const seen = new Set<number>();
      while (await progress.isVisible().catch(() => false)) {
        const p = Number(await progress.getAttribute('data-progress').catch(() => null));
        if (Number.isFinite(p)) seen.add(p);
        if (seen.size === 2) await page.screenshot({ path: path.join(SHOTS, 'interpretation-running.png') });
        await page.waitForTimeout(250);
      }
      expect(seen.size).toBeGreaterThan(1);
      const report = page.getByTestId('interpretation-report');
      await report.waitFor({ timeout: 60_000 });
      const detail = (
        await suite.server.api.get('/ai/fileInterpretationClient/detail', { id }, { token: user.token })
      ).body.data as InterpretationDetail;
      expect(detail.status).toBe('done');
      expect(detail.file?.kind).toBe('pdf');
      expect(detail.analysis!.scoringItems.length).toBeGreaterThan(0);

      // A scoring item's passage: highlighted in the drawer and scrolled into view.
      const first = detail.analysis!.scoringItems[0];
      const row = page.getByTestId('ip-scoring-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(first.name);
      await row.click();
      await settled(page.locator('.ant-drawer-content-wrapper'));
      const mark = page.getByTestId('passage-highlight');
      await mark.waitFor();
      const marked = ((await mark.textContent()) ?? '').replace(/\s+/g, '');
      expect(marked.length).toBeGreaterThan(1);
      expect(
        first.name.replace(/\s+/g, '').includes(marked.slice(0, 4)) ||
          marked.includes(first.name.replace(/\s+/g, '').slice(0, 4)),
      ).toBe(true);
      await expect
        .poll(
          () =>
            mark.evaluate((el) => {
              const box = el.getBoundingClientRect();
              const body = el.closest('.ant-drawer-body')!.getBoundingClientRect();
              return box.top >= body.top && box.bottom <= body.bottom;
            }),
          { timeout: 5_000 },
        )
        .toBe(true);
      await page.screenshot({ path: path.join(SHOTS, 'interpretation-passage.png') });
      await page.locator('.ant-drawer-close').click();
      await mark.waitFor({ state: 'detached' });
      await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
      await page.screenshot({ path: path.join(SHOTS, 'interpretation-report.png') });

      // A ★ clause opens its passage too.
      const star = detail.analysis!.starClauses[0];
      await page.getByRole('tab', { name: /★\/▲条款/ }).click();
      await page.getByTestId('ip-stars').locator('.bs-list__item').first().click();
      await mark.waitFor();
      expect(((await mark.textContent()) ?? '').replace(/\s+/g, '')).toContain(
        star.text.replace(/\s+/g, '').slice(0, 6),
      );
      await page.locator('.ant-drawer-close').click();
      await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: /需准备材料/ }).click();
      await page.getByTestId('ip-materials').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'interpretation-materials.png') });
      await page.getByRole('tab', { name: '项目概况' }).click();
      await page.getByTestId('ip-facts').waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'interpretation-facts.png') });

      // Export: a .docx that LibreOffice opens, holding the scoring table.
      const download = page.waitForEvent('download');
      await page.getByTestId('interpretation-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/解读报告\.docx$/);
      const docx = path.join(tmp, 'report.docx');
      await file.saveAs(docx);
      execFileSync(
        'soffice',
        [
          '--headless',
          `-env:UserInstallation=file://${tmp}/lo`,
          '--convert-to',
          'pdf',
          '--outdir',
          tmp,
          docx,
        ],
        { timeout: 120_000, stdio: 'ignore' },
      );
      const text = execFileSync('pdftotext', [path.join(tmp, 'report.pdf'), '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, '');
      for (const heading of ['评分标准', '★号与▲号条款', '废标与无效投标条款', '需要准备的材料'])
        expect(text).toContain(heading);
      expect(text).toContain(first.name.replace(/\s+/g, ''));

      // A bid from the same tender and analysis: the analysis is reused, the model is not asked again.
      const modelCalls = fake.requests.length;
      await page.getByTestId('interpretation-create-bid').click();
      await page.waitForURL(/\/home\/crtBidBook\?interpretation=/);
      await page.getByTestId('create-from-interpretation').waitFor();
      await page.getByTestId('tender-analysis').waitFor();
      await page.getByTestId('create-ai-outline').click();
      await page.getByTestId('create-bid-submit').click();
      await page.waitForURL(/\/home\/book\/BidingWrite\?id=/, { timeout: 60_000 });
      const bidId = new URL(page.url()).searchParams.get('id')!;
      const analysed = await suite.server.api.post('/ai/client/analyzeBid', { bidId }, { token: user.token });
      expect(analysed.body.code).toBe(200);
      const bid = (
        await suite.server.api.post('/bid/client/getBidDetail', { id: bidId }, { token: user.token })
      ).body.data as BidDetail;
      expect(bid.name).toBe(detail.name);
      expect(bid.analysis!.scoringItems.map((i) => i.name)).toEqual(
        detail.analysis!.scoringItems.map((i) => i.name),
      );
      expect(fake.requests.length).toBe(modelCalls);

      // History: the record is listed; removing it asks first, then the list is empty again.
      await page.locator('.bs-shell__sider').getByRole('link', { name: '招标文件解读', exact: true }).click();
      await page.waitForURL(/\/home\/bidingParse$/);
      const history = page.getByTestId('interpretation-history');
      await history.getByText(detail.name).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'interpretation-list.png') });
      await history.getByTestId('interpretation-remove').first().click();
      const confirm = page.locator('.ant-popconfirm');
      await settled(confirm);
      await confirm.getByRole('button', { name: /删\s*除/ }).click();
      await page.getByText('还没有解读记录').waitFor();
      expect(
        (await suite.server.api.get('/ai/fileInterpretationClient/detail', { id }, { token: user.token }))
          .body.code,
      ).toBe(404);

      // Pasted text: the same report, and a bid form filled with that text.
      const pasted = fs.readFileSync(
        new URL('../../apps/server/test/corpus/t02.txt', import.meta.url),
        'utf8',
      );
      await page.getByRole('tab', { name: '粘贴文字' }).click();
      await page.getByLabel('解读名称').fill('粘贴的招标文件');
      await page.getByTestId('interpretation-text').fill(pasted);
      await page.getByTestId('interpretation-start-text').click();
      await page.waitForURL(/\/home\/bidingParse\/analysisPage\?id=/);
      await page.getByTestId('interpretation-report').waitFor({ timeout: 60_000 });
      expect(await page.locator('.bs-page__title').textContent()).toBe('粘贴的招标文件');
      await page.getByTestId('interpretation-create-bid').click();
      await page.getByTestId('create-from-interpretation').waitFor();
      await expect
        .poll(() => page.getByPlaceholder('粘贴项目概况、评分标准、技术要求……').inputValue())
        .toBe(pasted.trim());
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
