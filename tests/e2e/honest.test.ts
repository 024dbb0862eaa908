import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { treeLeaves, type CatalogNode } from '@bid/shared';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { releasedTenders } from '../../apps/server/test/helpers/released-tenders.ts';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../apps/server/test/fake-openai/server.ts';
import { scriptBidWriter } from '../../apps/server/test/fake-openai/helpers.ts';
import { SqlOperatorDirectory } from '../../apps/server/src/policy/operator-repo.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { createAndConfirm, enterTender, openNewBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * The bid says what it is (issue 26, acceptance 1), in Chromium from /home on the released t5 PDF
 * with no model: after 全文写作 the progress is the share of chapters written to their share (not
 * 100 %), 完成标书 is refused with the count of short chapters, the check panel shows no green
 * banner, and the panel, the export dialog and the finish dialog show the same summary. Then an
 * operator switches the AI to a model (the fake OpenAI-compatible server, writing every chapter to
 * its target length): the same bid, written again by 全文写作, shows 100 % on the writing screen, in
 * 我的标书 and in 工作台's 最近的标书, and 完成标书 finishes it.
 */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 150 });
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');
const released = releasedTenders();

describe.skipIf(!released.available)('honest progress and checks (browser, released t5 PDF)', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ charsPerToken: 4 });
    scriptBidWriter(fake);
  });
  afterAll(async () => {
    await fake?.close();
  });
  // No AI_* settings: the server writes offline until the console activates a provider. Registered
  // after the fake's hooks: the server starts once the fake listens and closes before it.
  const suite = browserSuite((env) =>
    startTestServer({ ...env, SECRET_KEY: 'e2e-secret-key-for-sealing', AI_PROVIDER_ALLOW_PRIVATE: 'on' }),
  );
  const sider = (page: Page, name: string) =>
    page.locator('.bs-shell__sider').getByRole('link', { name, exact: true });
  /** An outline node, scrolled into the virtual tree's rendered rows first. */
  async function outlineNode(page: Page, id: string): Promise<Locator> {
    const node = page.locator(`[data-testid="outline-node"][data-id="${id}"]`);
    const holder = page.locator('.bs-outline__tree .ant-tree-list-holder');
    await holder.evaluate((el) => (el.scrollTop = 0));
    for (let i = 0; i < 40 && !(await node.count()); i++)
      await holder.evaluate((el) => (el.scrollTop += 200));
    await node.scrollIntoViewIfNeeded();
    return node;
  }

  it(
    'offline 全文写作: progress below 100 %, finishing refused with the count, the same findings everywhere; with a model 100 % and finished',
    { timeout: 600_000 },
    async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await openNewBid(page);
      await enterTender(page, { file: released.file('t5-service.pdf') });
      const name = page.getByLabel('标书名称');
      if (!(await name.inputValue())) await name.fill('道路清扫保洁投标文件');
      await page.getByLabel('目标页数').fill('100');
      await createAndConfirm(page);
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

      // A model arrives: an operator activates a provider in the console (the fake, which writes every
      // chapter to the length the prompt asks for).
      const operator = await createUserWithSession(suite.server);
      await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);
      const provider = await suite.server.api.post(
        '/admin/ai-provider/save',
        {
          name: '测试模型',
          baseUrl: fake.url,
          apiKey: 'sk-e2e-honest-0000',
          standardModel: 'fake-honest',
          premiumModel: 'fake-honest',
          concurrency: 4,
        },
        { token: operator.token },
      );
      expect(provider.status).toBe(200);
      const activated = await suite.server.api.post(
        '/admin/ai-provider/activate',
        { id: provider.body.data.id },
        { token: operator.token },
      );
      expect(activated.body.data.inUse).toBe('console');

      // The same bid, from the list: 全文写作 over the offline drafts (覆盖已有内容).
      await page.locator('tbody tr').first().getByRole('link').first().click();
      await page.waitForURL(/\/home\/book\/BidingWrite\?id=/);
      await page.locator('[data-testid="outline-node"]').first().waitFor({ timeout: 30_000 });
      const asked = fake.requests.length;
      await page.getByLabel('覆盖已有内容').check();
      await page.getByTestId('fulltext-start').click();
      await poll(() => fake.requests.length > asked, 30_000).toBe(true);
      await poll(() => page.getByTestId('fulltext-progress').getAttribute('data-status'), 300_000).toBe(
        'done',
      );
      expect(fake.requests.slice(asked).some((r) => r.prompt.includes('【任务：撰写章节】'))).toBe(true);

      // Every chapter the model wrote reached its share. Response and deviation tables are drafted
      // from the tender (its requirements, 偏离 【待确认】), not by the model, so their own text cannot
      // reach a prose target: the writer marks them 「无需正文」 (issue 26, scope 1), by clicks.
      const bidId = new URL(page.url()).searchParams.get('id')!;
      const tree = (
        await suite.server.api.post('/catalog/client/getBidCatalogList', { bidId }, { token: user.token })
      ).body.data as CatalogNode[];
      const short = treeLeaves(tree).filter((n) => !n.written);
      expect(short.map((n) => n.title).filter((title) => !/(响应|偏离)表/.test(title))).toEqual([]);
      for (const n of short) {
        const node = await outlineNode(page, n.id);
        await node.hover();
        await node.getByRole('button', { name: `章节设置：${n.title}` }).click();
        const settings = page.locator('.ant-modal').filter({ hasText: `章节设置：${n.title}` });
        await settled(settings);
        await settings.getByTestId('chapter-no-text').check();
        await settings.getByRole('button', { name: /保\s?存/ }).click();
        await settings.waitFor({ state: 'hidden' });
        await poll(() => node.getAttribute('data-written')).toBe('true');
      }
      await poll(() => page.getByTestId('bid-progress-chapters').textContent(), 30_000).toBe(
        `已写够 ${leaves}/${leaves} 章`,
      );
      expect(await page.getByTestId('bid-progress').getAttribute('data-progress')).toBe('100');
      await page.screenshot({ path: path.join(SHOTS, 'honest-model-100-1440.png') });

      // 我的标书 and 工作台's 最近的标书 show the same 100 %.
      // (At 100 % the bar shows a check instead of the figure: the bar's own value is read.)
      await sider(page, '我的标书').click();
      await poll(() =>
        page.locator('tbody tr').first().getByRole('progressbar').getAttribute('aria-valuenow'),
      ).toBe('100');
      await sider(page, '工作台').click();
      const recent = page.getByTestId('recent-bid').first();
      await poll(() => recent.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

      // 完成标书 now finishes it (open findings, if any, are shown and confirmed, not a refusal).
      await recent.getByRole('link').click();
      await page.waitForURL(/\/home\/book\/BidingWrite\?id=/);
      await poll(() => page.getByTestId('bid-progress').getAttribute('data-progress')).toBe('100');
      await page.getByTestId('finish-bid').click();
      const confirm = page.locator('.ant-modal-confirm').last();
      await settled(confirm);
      expect(await confirm.getByTestId('finish-refused').count()).toBe(0);
      await confirm.getByRole('button', { name: /^(完成标书|仍然完成)$/ }).click();
      await page.getByTestId('finished-banner').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(SHOTS, 'honest-model-finished-1440.png') });
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
