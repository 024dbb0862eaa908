import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { pastBidDocx } from '../../apps/server/test/knowledge-helpers.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { openLibrary, startKnowledgeUpload } from './helpers/knowledge.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * The knowledge base in Chromium, from /home by clicking: upload a past bid, find it by a query in
 * other words (highlighted), write a chapter with the offline engine, and see the source it cites.
 */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });
const SHOTS = process.env.E2E_SCREENSHOTS;

describe('knowledge base (browser)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-e2e-'));
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  const suite = browserSuite();

  it('upload a document, search it, write a chapter that cites it and see the source', async () => {
    const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
    const opts = { token: user.token };
    const { id: bidId } = (
      await suite.server.api.post(
        '/bid/client/saveBid',
        { name: '城南道路改造工程投标文件', modelType: 'standard', pageCount: 30 },
        opts,
      )
    ).body.data;
    await suite.server.api.post(
      '/catalog/client/bidCatalogSave',
      {
        bidId,
        catalogs: [
          {
            title: '施工组织设计',
            children: [{ title: '项目管理机构与人员配备' }, { title: '环境保护措施' }],
          },
        ],
      },
      opts,
    );
    const file = path.join(tmp, '滨江大道改造工程投标文件.docx');
    fs.writeFileSync(file, await pastBidDocx());

    const t = await suite.newPage(user.token);
    const { page } = t;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openLibrary(page, '我的知识库');
    await page.getByText('知识库还是空的').waitFor();

    // Upload: progress, then the document in the list with its passages.
    await startKnowledgeUpload(page, file);
    const row = page.locator('.ant-table-row', { hasText: '滨江大道改造工程投标文件.docx' });
    await row.waitFor({ timeout: 30_000 });

    // Search in other words: the passage about the project manager, highlighted.
    await page.getByPlaceholder(/用自己的话描述/).fill('项目负责人的建造师证书');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const results = page.getByTestId('kb-results');
    await results.locator('mark').first().waitFor();
    await poll(() => results.textContent()).toContain('王建国');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'knowledge-search.png') });

    // Write a chapter of a bid: it cites the document, and the editor shows the source.
    await page.getByRole('menu', { name: '工作台菜单' }).getByText('我的标书', { exact: true }).click();
    await page.getByText('城南道路改造工程投标文件').first().click();
    await page.waitForURL(/\/home\/book\/BidingWrite\?id=/);
    await page.locator('[data-testid="outline-node"][data-title="项目管理机构与人员配备"]').click();
    await poll(() => page.getByTestId('chapter-title').textContent()).toBe('项目管理机构与人员配备');
    await page.getByTestId('ai-write-chapter').click();
    const tree = (await suite.server.api.post('/catalog/client/getBidCatalogList', { bidId }, opts)).body
      .data as Array<{ children: Array<{ id: string; title: string }> }>;
    const leafId = tree[0].children.find((n) => n.title === '项目管理机构与人员配备')!.id;
    await poll(
      async () =>
        (await suite.server.api.post('/catalog/client/getBidCatalogDetail', { id: leafId }, opts)).body.data,
      60_000,
    ).toMatchObject({
      status: 'done',
      sources: [expect.objectContaining({ documentName: '滨江大道改造工程投标文件.docx' })],
    });
    const sources = page.getByTestId('chapter-sources-button');
    await sources.waitFor({ timeout: 60_000 });
    await sources.click();
    await poll(() => page.getByTestId('chapter-sources').textContent()).toContain(
      '滨江大道改造工程投标文件.docx',
    );
    expect(await page.getByTestId('chapter-sources').textContent()).toContain('王建国');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'knowledge-sources.png') });
    expect(unexpectedErrors(t.errors)).toEqual([]);
  });

  it('the company library shows cards with expiry badges and previews the 商务标 with its findings', async () => {
    const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
    const opts = { token: user.token };
    const tender = fs.readFileSync(new URL('../../apps/server/test/corpus/t03.txt', import.meta.url), 'utf8');
    await suite.server.api.post(
      '/bid/client/saveBid',
      { name: '智慧教室设备采购投标文件', modelType: 'standard', pageCount: 30, tenderText: tender },
      opts,
    );
    const soon = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    for (const [kind, data] of [
      ['other', { name: '投标人名称', value: '临川市宏远科技有限公司' }],
      [
        'qualification',
        { name: '安全生产许可证', number: 'AQ-2020-123', issuer: '省住建厅', validUntil: soon },
      ],
      [
        'qualification',
        {
          name: 'ISO9001 质量管理体系认证',
          number: '00121Q34567R0M',
          issuer: '中国质量认证中心',
          validUntil: '2029-08-15',
        },
      ],
      ['person', { name: '王建国', role: '项目经理', title: '高级工程师', certificates: ['一级建造师'] }],
      [
        'project',
        {
          name: '滨江小学智慧教室改造',
          owner: '滨江区教育局',
          amount: 3800000,
          year: 2024,
          scope: '智慧黑板及录播系统',
        },
      ],
    ] as const) {
      await suite.server.api.post('/company/client/saveFact', { kind, data }, opts);
    }

    const t = await suite.newPage(user.token);
    const { page } = t;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/home');
    const menu = page.getByRole('menu', { name: '工作台菜单' });
    await menu.getByText('知识库', { exact: true }).click();
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'knowledge-home.png') });
    // The public library: empty, and no upload for someone who is not an operator.
    await page.getByRole('link', { name: /公共知识库/ }).click();
    await page.getByText('公共知识库还没有资料').waitFor();
    expect(await page.getByTestId('kb-upload').count()).toBe(0);
    await menu.getByText('知识库', { exact: true }).click();
    await page.getByRole('link', { name: /企业资料库/ }).click();
    await page.waitForURL(/\/home\/knowledgeBase\/create/);
    await poll(() => page.getByTestId('fact-expiry').allTextContents()).toEqual(['即将到期', '有效']);

    await page.getByTestId('business-bid-select').click();
    await page.locator('.ant-select-item-option', { hasText: '智慧教室设备采购投标文件' }).click();
    await page.getByTestId('business-bid-preview').click();
    const result = page.getByTestId('business-bid-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('投标函');
    await page.getByText('资格证明文件', { exact: true }).click();
    await poll(() => result.textContent()).toContain('ISO9001 质量管理体系认证');
    await result.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'knowledge-company.png') });
    expect(unexpectedErrors(t.errors)).toEqual([]);
  });
});
