import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { BidAnalysis, CatalogNode, InterpretationDetail } from '@bid/shared';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import {
  MISSING_ROWS,
  partialScoringTenderPdf,
  SCORING_TABLE_TEXT,
  TABLE_ROWS,
} from '../../apps/server/test/helpers/partial-tender.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { uploadForInterpretation } from './helpers/interpretation.ts';
import { openNewBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * The writer's review of the tender analysis before the outline (issue 25), in Chromium from /home,
 * only clicking and typing: a PDF whose scoring table lost a page (built at test time, as the API
 * test does) is read partly and the sums say so in red; the writer opens an item's passage, pastes
 * the table, splits and merges a row, fixes one item, confirms, and the outline answers exactly the
 * confirmed items. Later, from the workspace, an item is deleted and the outline re-planned. Then
 * the same review in 招标文件解读.
 */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');
const suite = browserSuite();

let tmp: string;
let pdf: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'review-e2e-'));
  pdf = path.join(tmp, '城东物业招标文件.pdf');
  fs.writeFileSync(pdf, partialScoringTenderPdf());
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
/** The review's own sums (the paste dialog shows the pasted table's beside them). */
const sums = (page: Page) => page.getByTestId('analysis-review').getByTestId('review-totals');
const row = (page: Page, name: string) => page.locator(`[data-testid="review-row"][data-name="${name}"]`);
const rowNames = (page: Page) =>
  page
    .locator('[data-testid="review-row"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));

function flatten(nodes: CatalogNode[]): CatalogNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}
const answered = (tree: CatalogNode[]) =>
  flatten(tree)
    .flatMap((n) => (n.scoringItems ?? []).map((x) => (x as { id: string }).id))
    .sort();

async function confirmPopup(page: Page, button: RegExp) {
  const pop = page.locator('.ant-popconfirm:visible');
  await settled(pop);
  await pop.getByRole('button', { name: button }).click();
  await pop.waitFor({ state: 'hidden' });
}

/** The sums disagree in red and say so in words; the passage of a found item opens highlighted. */
async function seePartialRead(page: Page, shotName: string) {
  const review = page.getByTestId('analysis-review');
  await review.waitFor({ timeout: 60_000 });
  const mismatch = sums(page).getByTestId('review-totals-mismatch');
  await mismatch.waitFor();
  expect(await mismatch.textContent()).toMatch(/评分项合计 \d+ 分，招标文件总分 100 分/);
  expect(await mismatch.textContent()).toMatch(/技术分：评分项合计 \d+ 分，招标文件规定 50 分/);
  const total = sums(page).getByTestId('review-sum-total').first();
  expect(await total.getAttribute('class')).toContain('is-wrong');
  expect(await total.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
  const names = await rowNames(page);
  for (const r of MISSING_ROWS) expect(names).not.toContain(r.name);
  await shot(page, `${shotName}-partial`);

  // The first item's source: the tender's passage, its name highlighted.
  const first = page.locator('[data-testid="review-row"]').first();
  const name = (await first.getAttribute('data-name'))!;
  await first.getByTestId('review-source').click();
  const mark = page.getByTestId('review-passage-mark');
  await mark.waitFor();
  // The item's span: its row of the table, the name in it.
  expect(await mark.textContent()).toContain(name);
  await settled(page.locator('.ant-drawer-content-wrapper').last());
  await shot(page, `${shotName}-passage`);
  await page.getByTestId('review-passage').locator('.ant-drawer-close').click();
  await mark.waitFor({ state: 'detached' });
}

/** 「只粘贴评分表」: paste the table, see what was read, replace the list; the sums then agree. */
async function pasteTable(page: Page, shotName: string) {
  await page.getByTestId('review-paste').click();
  const dialog = page.getByTestId('paste-scoring-dialog');
  await settled(page.locator('.ant-modal:visible').last());
  await page.getByTestId('paste-scoring-text').fill(SCORING_TABLE_TEXT);
  await page.getByTestId('paste-scoring-read').click();
  const items = page.getByTestId('paste-scoring-items');
  await items.waitFor({ timeout: 30_000 });
  expect(await items.locator('tbody tr.ant-table-row').count()).toBe(TABLE_ROWS.length);
  await shot(page, `${shotName}-paste`);
  await page.getByTestId('paste-scoring-apply').click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await rowNames(page)).toEqual(TABLE_ROWS.map((r) => r.name));
}

/**
 * The one item the pasted table's reading gets wrong (人员配置 taken for 商务): the sums say where
 * (技术 short by 10, 商务 over by 10); the writer sets its category and names it as the bid will.
 */
async function fixStaffItem(page: Page) {
  const mismatch = sums(page).getByTestId('review-totals-mismatch');
  await mismatch.waitFor();
  expect(await mismatch.textContent()).toContain('技术分：评分项合计 40 分，招标文件规定 50 分');
  expect(await mismatch.textContent()).toContain('商务分：评分项合计 30 分，招标文件规定 20 分');
  const staff = row(page, '人员配置');
  await staff.getByTestId('review-item-category').click();
  await page.locator('.ant-select-item-option:visible').filter({ hasText: '技术' }).click();
  await fill(staff.getByTestId('review-item-name'), '项目人员配置');
  await sums(page).getByTestId('review-totals-ok').waitFor();
}

async function fill(locator: Locator, value: string) {
  await locator.click();
  await locator.fill(value);
}

describe('review of the tender analysis before the outline (browser)', () => {
  it(
    '新建标书: partly read PDF, red sums, paste the table, fix an item, confirm, outline answers exactly those items; re-plan later',
    { timeout: 240_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await openNewBid(page);
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('点击或拖入招标文件').click();
      await (await chooser).setFiles(pdf);
      await page.getByTestId('tender-analysis').waitFor({ timeout: 60_000 });
      await page.getByTestId('create-bid-submit').click();
      await page.waitForURL(/\/home\/crtBidBook\?review=/, { timeout: 60_000 });
      const bidId = new URL(page.url()).searchParams.get('review')!;

      await seePartialRead(page, 'review-bid');
      await pasteTable(page, 'review-bid');
      await fixStaffItem(page);

      // Split a row in two (the sums stay), then merge the two back.
      await row(page, '企业资质与信誉').getByTestId('review-split').click();
      await settled(page.locator('.ant-modal:visible').last());
      await fill(page.getByTestId('review-split-name-0'), '企业资质');
      await fill(page.getByTestId('review-split-name-1'), '企业信誉');
      await page.getByTestId('review-split-ok').click();
      await row(page, '企业信誉').waitFor();
      await sums(page).getByTestId('review-totals-ok').waitFor();
      await row(page, '企业资质').locator('.ant-checkbox-input').click();
      await row(page, '企业信誉').locator('.ant-checkbox-input').click();
      await page.getByTestId('review-merge').click();
      await settled(page.locator('.ant-modal:visible').last());
      await fill(page.getByTestId('review-merge-name'), '企业资质与信誉');
      await page.getByTestId('review-merge-ok').click();
      const confirmedNames = TABLE_ROWS.map((r) => (r.name === '人员配置' ? '项目人员配置' : r.name));
      await expect.poll(() => rowNames(page)).toEqual(confirmedNames);

      // Points that break the sums are said at once, and agree again when put back.
      const points = row(page, '项目人员配置').getByLabel('分值');
      await fill(points, '12');
      await sums(page).getByTestId('review-totals-mismatch').waitFor();
      expect(await sums(page).getByTestId('review-totals-mismatch').textContent()).toContain(
        '技术分：评分项合计 52 分，招标文件规定 50 分',
      );
      await fill(points, '10');
      await sums(page).getByTestId('review-totals-ok').waitFor();
      // Deleting asks first; cancelling keeps the row.
      await row(page, '投标报价').getByTestId('review-delete').click();
      await confirmPopup(page, /取\s*消/);
      expect(await row(page, '投标报价').count()).toBe(1);
      await shot(page, 'review-bid-fixed');

      await page.getByTestId('review-confirm').click();
      await page.waitForURL(/\/home\/book\/BidingWrite\?id=/, { timeout: 120_000 });
      await page.locator('[data-testid="outline-node"]').first().waitFor();
      const confirmed = (
        await suite.server.api.post('/bid/client/getBidAnalysis', { id: bidId }, { token: user.token })
      ).body.data as BidAnalysis;
      expect(confirmed.analysis!.scoringItems.map((i) => i.name)).toEqual(confirmedNames);
      expect(confirmed.analysis!.scoringItems.find((i) => i.name === '项目人员配置')?.category).toBe(
        'technical',
      );
      const tree = (
        await suite.server.api.post('/catalog/client/getBidCatalogList', { bidId }, { token: user.token })
      ).body.data as CatalogNode[];
      expect(answered(tree)).toEqual(confirmed.analysis!.scoringItems.map((i) => i.id).sort());
      // The chapters answering items carry their names (the fixed one as fixed).
      const titles = flatten(tree).map((n) => n.title);
      expect(titles).toContain('项目人员配置');
      expect(titles).not.toContain('人员配置');
      await shot(page, 'review-bid-outline');

      // Later, from the workspace: delete an item and re-plan; the outline follows.
      await page.getByTestId('open-analysis-review').click();
      await settled(page.locator('.ant-drawer-content-wrapper').last());
      await row(page, '安保服务方案').getByTestId('review-delete').click();
      await confirmPopup(page, /删\s*除/);
      await row(page, '安保服务方案').waitFor({ state: 'detached' });
      await sums(page).getByTestId('review-totals-mismatch').waitFor();
      await shot(page, 'review-bid-later');
      await page.getByTestId('review-confirm').click();
      const ask = page.locator('.ant-modal-confirm');
      await settled(ask);
      expect(await ask.textContent()).toContain('已写内容的章节都会保留');
      await ask.getByRole('button', { name: '调整大纲' }).click();
      await page.getByText(/大纲已调整：新增 0 章/).waitFor({ timeout: 60_000 });
      await page
        .locator('[data-testid="outline-node"][data-title="安保服务方案"]')
        .waitFor({ state: 'detached', timeout: 30_000 });
      const after = (
        await suite.server.api.post('/bid/client/getBidAnalysis', { id: bidId }, { token: user.token })
      ).body.data as BidAnalysis;
      expect(after.analysis!.scoringItems.map((i) => i.name)).not.toContain('安保服务方案');
      const replanned = (
        await suite.server.api.post('/catalog/client/getBidCatalogList', { bidId }, { token: user.token })
      ).body.data as CatalogNode[];
      expect(answered(replanned)).toEqual(after.analysis!.scoringItems.map((i) => i.id).sort());
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );

  it('招标文件解读: the same review, saved over the interpretation', { timeout: 180_000 }, async () => {
    const user = await createUserWithSession(suite.server);
    const t = await suite.newPage(user.token);
    const { page } = t;
    await uploadForInterpretation(page, pdf);
    await page.waitForURL(/\/home\/bidingParse\/analysisPage\?id=/, { timeout: 60_000 });
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.getByTestId('interpretation-report').waitFor({ timeout: 60_000 });

    await page.getByTestId('interpretation-review').click();
    await seePartialRead(page, 'review-interpretation');
    await pasteTable(page, 'review-interpretation');
    await fixStaffItem(page);
    await page.getByTestId('review-save').click();
    await page.getByTestId('interpretation-report').waitFor({ timeout: 30_000 });
    const rows = page.getByTestId('ip-scoring-row');
    await expect.poll(() => rows.count()).toBe(TABLE_ROWS.length);
    expect(await page.getByTestId('ip-scoring').textContent()).toContain('项目人员配置');
    // The reader's 「…请核对评分项」 no longer holds once the confirmed items add up.
    expect(await page.getByTestId('interpretation-report').textContent()).not.toContain('请核对评分项');
    await shot(page, 'review-interpretation-saved');
    const detail = (
      await suite.server.api.get('/ai/fileInterpretationClient/detail', { id }, { token: user.token })
    ).body.data as InterpretationDetail;
    expect(detail.version).toBe(1);
    expect(detail.analysis!.scoringItems.map((i) => i.name)).toEqual(
      TABLE_ROWS.map((r) => (r.name === '人员配置' ? '项目人员配置' : r.name)),
    );
    expect(unexpectedErrors(t.errors)).toEqual([]);
  });
});
