import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenTree, treeLeaves, type CatalogNode } from '@bid/shared';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../apps/server/test/fake-openai/server.ts';
import { scriptBidWriter } from '../../apps/server/test/fake-openai/helpers.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { createAndConfirm, enterTender, openNewBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * The AI path in Chromium against the built app and the fake OpenAI-compatible server: the tender
 * is uploaded and analysed on the create page, the outline is generated, a chapter's text appears
 * in the editor while it is being written, and the full text runs to 100 % with progress.
 */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });
const TENDER = fs.readFileSync(
  new URL('../../apps/server/src/ai/fixtures/tender-property.txt', import.meta.url),
  'utf8',
);

describe('AI writing (browser)', () => {
  let fake: FakeOpenAi;
  let tmp: string;

  beforeAll(async () => {
    // Fast for analysis and outline; slowed down below while the test watches a chapter arrive.
    fake = await startFakeOpenAi({ firstTokenDelayMs: 100, tokensPerSecond: 0, charsPerToken: 3 });
    scriptBidWriter(fake);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-e2e-'));
  });

  afterAll(async () => {
    await fake?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  // Registered after the fake's hooks: the server starts once the fake listens, and (after-hooks run in
  // reverse) closes before it.
  const suite = browserSuite((env) =>
    startTestServer({
      ...env,
      AI_STANDARD_BASE_URL: fake.url,
      AI_STANDARD_API_KEY: 'e2e',
      AI_STANDARD_MODEL: 'fake-e2e',
      AI_STANDARD_CONCURRENCY: '6',
    }),
  );

  it('upload + analysis on the create page, outline, streaming chapter, full text to 100 %', async () => {
    const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
    const t = await suite.newPage(user.token);
    const { page } = t;

    // Create page: upload the tender, see what was found.
    const file = path.join(tmp, '南湖医院物业招标文件.txt');
    fs.writeFileSync(file, TENDER);
    await openNewBid(page);
    await enterTender(page, { file });
    await expect
      .poll(() => page.getByTestId('analysis-scoring').locator('tbody tr').count(), { timeout: 10_000 })
      .toBe(13);
    expect(await page.getByTestId('analysis-facts').textContent()).toContain(
      '南湖区人民医院物业管理服务采购项目',
    );
    expect(await page.getByTestId('analysis-stars').textContent()).toContain('保洁人员不少于 120 人');
    expect(await page.getByTestId('analysis-disqualifications').textContent()).toContain('响应无效');
    await page.getByLabel('目标页数').fill('20');
    const bidId = await createAndConfirm(page);

    // The outline was generated from the tender by the model, and maps every scoring item.
    const tree = (
      await suite.server.api.post('/catalog/client/getBidCatalogList', { bidId }, { token: user.token })
    ).body.data as CatalogNode[];
    expect(tree.map((n) => n.title)).toContain('技术部分');
    await page.locator('[data-testid="outline-node"]').first().waitFor();

    // Write a section of the first chapter that answers a scoring item (the outline keeps the tender's
    // own titles, e.g. 响应函, and its forms and response tables are drafted from the tender; prose
    // chapters stream from the model): its text shows in the editor before the server is done.
    const owner = flattenTree(tree).find((n) => n.scoringItems?.length && n.children.length);
    expect(owner, 'a chapter that answers a scoring item, with sections').toBeTruthy();
    const target = treeLeaves([owner!])[0];
    await page.locator(`[data-testid="outline-node"][data-id="${target.id}"]`).click();
    await poll(() => page.getByTestId('chapter-title').textContent()).toBe(target.title);
    fake.options.tokensPerSecond = 12;
    await page.getByTestId('ai-write-chapter').click();
    const editor = page.getByTestId('chapter-editor');
    let sawPartial = false;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const text = ((await editor.textContent()) ?? '').trim();
      if (text.length > 5) {
        const detail = (
          await suite.server.api.post(
            '/catalog/client/getBidCatalogDetail',
            { id: target.id },
            { token: user.token },
          )
        ).body.data;
        if (detail.status === 'writing') {
          sawPartial = true;
          break;
        }
      }
      await page.waitForTimeout(100);
    }
    expect(sawPartial).toBe(true);
    await page.getByTestId('engine-badge').first().waitFor({ timeout: 60_000 });
    await poll(() => page.getByTestId('engine-badge').first().textContent(), 60_000).toContain('fake-e2e');
    const saved = (
      await suite.server.api.post(
        '/catalog/client/getBidCatalogDetail',
        { id: target.id },
        { token: user.token },
      )
    ).body.data;
    expect(saved.status).toBe('done');
    expect(saved.engine).toBe('openai:fake-e2e');

    // Full text: progress per chapter and overall until every chapter is written.
    fake.options.tokensPerSecond = 200;
    await page.getByTestId('fulltext-start').click();
    await page.getByTestId('fulltext-progress').waitFor({ timeout: 20_000 });
    await poll(() => page.getByTestId('fulltext-progress').getAttribute('data-status'), 120_000).toBe('done');
    const progress = page.getByTestId('fulltext-progress');
    expect(await progress.getAttribute('data-done')).toBe(await progress.getAttribute('data-total'));
    await poll(() => page.getByTestId('bid-progress').getAttribute('data-progress'), 30_000).toBe('100');
    expect(unexpectedErrors(t.errors)).toEqual([]);
  });
});
