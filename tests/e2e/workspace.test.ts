import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CatalogNode } from '@bid/shared';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * The bid workspace in Chromium against the built app: create a bid, build the outline by hand
 * (add, drag, promote), write chapters with autosave, restore an earlier version, reach 100 %,
 * finish, and find the editor read-only.
 */
/** Polls for up to 15 s: pages load lazily and the machine may be busy. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe('bid workspace (browser)', () => {
  const suite = browserSuite();

  function shape(tree: CatalogNode[]): string {
    return tree.map((n) => (n.children.length ? `${n.title}[${shape(n.children)}]` : n.title)).join(',');
  }

  async function outlineOf(token: string, bidId: string): Promise<CatalogNode[]> {
    const r = await suite.server.api.post('/catalog/client/getBidCatalogList', { bidId }, { token });
    return r.body.data;
  }

  const node = (page: Page, title: string): Locator =>
    page.locator(`[data-testid="outline-node"][data-title="${title}"]`);

  /** Answers a prompt dialog (add / rename chapter, version name). */
  async function answerPrompt(page: Page, value: string) {
    const dialog = page.locator('.ant-modal-confirm').last();
    await settled(dialog);
    const input = dialog.locator('input, textarea').first();
    await input.fill(value);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Presses a button of the open confirmation bubble (Popconfirm). */
  async function clickInPopover(page: Page, name: RegExp) {
    const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await settled(popover);
    await popover.getByRole('button', { name }).click();
  }

  async function menuAction(page: Page, title: string, action: string) {
    await node(page, title).hover();
    await page.getByRole('button', { name: `更多操作：${title}` }).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await settled(menu);
    await menu.getByText(action, { exact: true }).click();
  }

  async function openChapter(page: Page, title: string) {
    await node(page, title).click();
    await poll(() => page.getByTestId('chapter-title').textContent()).toBe(title);
    await page.locator('.ProseMirror[contenteditable="true"]').waitFor();
  }

  async function chapterText(token: string, bidId: string, title: string): Promise<string> {
    const all = (await outlineOf(token, bidId)).flatMap(function walk(n: CatalogNode): CatalogNode[] {
      return [n, ...n.children.flatMap(walk)];
    });
    const id = all.find((n) => n.title === title)?.id;
    if (!id) return '';
    const r = await suite.server.api.post('/catalog/client/getBidCatalogDetail', { id }, { token });
    return JSON.stringify(r.body.data?.content ?? '');
  }

  /** Types at the end of the open chapter and waits until autosave has put the text on the server. */
  async function typeInEditor(
    page: Page,
    where: { token: string; bidId: string; title: string },
    text: string,
  ) {
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText(text);
    await poll(() => chapterText(where.token, where.bidId, where.title)).toContain(text);
    await poll(() => page.getByTestId('save-status').getAttribute('data-state')).toBe('saved');
  }

  it('create, outline by hand, write, restore a version, reach 100 %, finish: then read-only', async () => {
    const user = await createUserWithSession(suite.server, {
      quota: { bid_number: 2, temporary_bid_number: 0 },
    });
    const t = await suite.newPage(user.token);
    const { page, errors } = t;

    // ---- create ----
    await page.goto('/home/crtBidBook');
    await poll(() => page.getByTestId('quota-remaining').textContent()).toContain('剩余标书额度 2 份');
    await page.getByLabel('标书名称').fill('智慧园区建设项目技术标');
    await page
      .getByLabel('招标文件内容')
      .fill('一、项目概况：某市智慧园区建设。二、评分标准：技术方案 30 分，实施计划 20 分，售后服务 10 分。');
    // This test builds the outline by hand.
    const aiOutline = page.getByRole('checkbox', { name: /AI 按评分标准生成大纲/ });
    if (await aiOutline.count()) await aiOutline.uncheck();
    await page.getByTestId('create-bid-submit').click();
    await page.waitForURL((u) => u.pathname === '/home/book/BidingWrite' && u.searchParams.has('id'));
    const bidId = new URL(page.url()).searchParams.get('id')!;
    await poll(() => page.getByTestId('bid-name').textContent()).toBe('智慧园区建设项目技术标');

    // ---- outline by hand: add ----
    for (const title of ['技术方案', '服务承诺', '售后服务']) {
      await page.getByTestId('add-top-chapter').click();
      await answerPrompt(page, title);
      await node(page, title).waitFor();
    }
    await menuAction(page, '技术方案', '添加下级章节');
    await answerPrompt(page, '总体设计');
    await node(page, '总体设计').waitFor();
    await menuAction(page, '技术方案', '添加下级章节');
    await answerPrompt(page, '实施计划');
    await node(page, '实施计划').waitFor();
    await poll(async () => shape(await outlineOf(user.token, bidId))).toBe(
      '技术方案[总体设计,实施计划],服务承诺,售后服务',
    );

    // ---- promote: 实施计划 becomes the next sibling of 技术方案 ----
    await menuAction(page, '实施计划', '升级');
    await poll(async () => shape(await outlineOf(user.token, bidId))).toBe(
      '技术方案[总体设计],实施计划,服务承诺,售后服务',
    );

    // ---- drag: 售后服务 into 服务承诺 (dropped on its lower half, moved right: inside) ----
    const src = await node(page, '售后服务').boundingBox();
    const dst = await node(page, '服务承诺').boundingBox();
    if (!src || !dst) throw new Error('outline nodes not visible');
    await page.mouse.move(src.x + 20, src.y + src.height / 2);
    await page.mouse.down();
    await page.mouse.move(src.x + 30, src.y + src.height / 2 - 10, { steps: 5 });
    await page.mouse.move(dst.x + 80, dst.y + dst.height * 0.75, { steps: 10 });
    await page.mouse.move(dst.x + 90, dst.y + dst.height * 0.75, { steps: 5 });
    await page.mouse.up();
    await poll(async () => shape(await outlineOf(user.token, bidId))).toBe(
      '技术方案[总体设计],实施计划,服务承诺[售后服务]',
    );
    await node(page, '售后服务').waitFor();

    // ---- write two chapters (autosave) ----
    await openChapter(page, '总体设计');
    await typeInEditor(
      page,
      { token: user.token, bidId, title: '总体设计' },
      '总体设计采用云边协同架构，分为感知层、网络层、平台层和应用层。',
    );
    await openChapter(page, '实施计划');
    await typeInEditor(
      page,
      { token: user.token, bidId, title: '实施计划' },
      '第一阶段：需求调研与方案深化。',
    );

    // ---- a save point, more writing, then restore the save point ----
    await page.getByTestId('open-content-versions').click();
    await page.getByTestId('save-content-version').click();
    await answerPrompt(page, '初稿');
    await poll(() => page.locator('[data-testid="content-version"][data-name="初稿"]').count()).toBe(1);
    await page.locator('.ant-drawer-close').click();
    await typeInEditor(
      page,
      { token: user.token, bidId, title: '实施计划' },
      '第二阶段：这段话稍后会被撤回。',
    );
    await poll(() => page.locator('.ProseMirror').textContent()).toContain('第二阶段');

    await page.getByTestId('open-content-versions').click();
    await page
      .locator('[data-testid="content-version"][data-name="初稿"]')
      .getByTestId('restore-content-version')
      .click();
    await clickInPopover(page, /恢\s*复/);
    await poll(() => page.locator('.ProseMirror').textContent()).not.toContain('第二阶段');
    expect(await page.locator('.ProseMirror').textContent()).toContain('第一阶段：需求调研与方案深化。');
    // The text that was replaced is a version too: nothing was lost.
    await poll(() =>
      page.locator('[data-testid="content-version"][data-name="恢复前自动保存"]').count(),
    ).toBe(1);
    await page.locator('.ant-drawer-close').click();

    // The server agrees.
    const chapters = await outlineOf(user.token, bidId);
    const plan = chapters.find((n) => n.title === '实施计划')!;
    const detail = await suite.server.api.post(
      '/catalog/client/getBidCatalogDetail',
      { id: plan.id },
      { token: user.token },
    );
    expect(JSON.stringify(detail.body.data.content)).not.toContain('第二阶段');

    // ---- the last leaf: 100 % ----
    await poll(() => page.getByTestId('bid-progress').getAttribute('data-progress')).toBe('66');
    // Below 100 % finishing is refused, naming how many chapters are short.
    expect(await page.getByTestId('bid-progress-chapters').textContent()).toBe('已写够 2/3 章');
    await page.getByTestId('finish-bid').click();
    const refused = page.locator('.ant-modal-confirm').last();
    await settled(refused);
    expect(await refused.getByTestId('finish-refused').textContent()).toContain('还有 1 个章节未写够');
    await refused.getByRole('button', { name: '继续写作' }).click();
    expect(await page.getByTestId('finished-banner').count()).toBe(0);
    await openChapter(page, '售后服务');
    await typeInEditor(
      page,
      { token: user.token, bidId, title: '售后服务' },
      '提供 7×24 小时售后服务，2 小时内响应。',
    );
    await poll(() => page.getByTestId('bid-progress').getAttribute('data-progress')).toBe('100');
    await poll(
      async () =>
        (await outlineOf(user.token, bidId))
          .flatMap((n) => [n, ...n.children])
          .filter((n) => n.status === 'done').length,
    ).toBe(3);

    // ---- finish ----
    await page.getByTestId('finish-bid').click();
    const confirm = page.locator('.ant-modal-confirm').last();
    await settled(confirm);
    // At 100 % the dialog may still list open checks (a scoring item no chapter names): finish anyway.
    await confirm.getByRole('button', { name: /^(完成标书|仍然完成)$/ }).click();
    await page.getByTestId('finished-banner').waitFor();
    expect(await page.getByTestId('finished-banner').textContent()).toContain(
      '标书已完成，只能查看，不能修改',
    );
    await poll(() => page.locator('.ProseMirror').getAttribute('contenteditable')).toBe('false');
    expect(await page.getByTestId('finish-bid').count()).toBe(0);
    expect(await page.getByTestId('add-top-chapter').count()).toBe(0);
    // Typing does nothing.
    await page.locator('.ProseMirror').click();
    await page.keyboard.insertText('不应写入');
    expect(await page.locator('.ProseMirror').textContent()).not.toContain('不应写入');
    const bid = await suite.server.api.post('/bid/client/getBidDetail', { id: bidId }, { token: user.token });
    expect(bid.body.data).toMatchObject({ status: 'finished', progress: 100, readOnly: true });

    // ---- it is listed under the finished bids ----
    await page.goto('/home/historyBook');
    await poll(() => page.getByText('智慧园区建设项目技术标').count()).toBeGreaterThan(0);

    await page.waitForLoadState('networkidle');
    // The template list call answers 404 until the export work adds it; the form then offers its own list.
    expect(
      unexpectedErrors(errors, [(e) => /404/.test(e.text) && e.url.includes('findAllTemplate')]),
    ).toEqual([]);
  });

  it('the bid list shows progress and sends a removed bid to the recycle bin, from which it comes back', async () => {
    const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
    for (const name of ['甲项目投标文件', '乙项目投标文件']) {
      await suite.server.api.post(
        '/bid/client/saveBid',
        { name, modelType: 'standard' },
        { token: user.token },
      );
    }
    const t = await suite.newPage(user.token);
    const { page, errors } = t;
    await page.goto('/home/book');
    const row = page.locator('tr', { hasText: '甲项目投标文件' });
    await row.waitFor();
    expect(await page.locator('tr', { hasText: '乙项目投标文件' }).count()).toBe(1);
    await row.getByTestId('remove-bid').click();
    await clickInPopover(page, /删\s*除/);
    await poll(() => page.locator('tr', { hasText: '甲项目投标文件' }).count()).toBe(0);

    await page.goto('/home/historyBook');
    await page.getByRole('tab', { name: /回收站/ }).click();
    const binRow = page.locator('tr', { hasText: '甲项目投标文件' });
    await binRow.waitFor();
    await binRow.getByTestId('recover-bid').click();
    await clickInPopover(page, /恢\s*复/);
    await poll(() => page.locator('tr', { hasText: '甲项目投标文件' }).count()).toBe(0);
    await page.goto('/home/book');
    await page.locator('tr', { hasText: '甲项目投标文件' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('a stale save in a second tab offers the three choices and loses neither text', async () => {
    const user = await createUserWithSession(suite.server, { quota: { bid_number: 1 } });
    const created = await suite.server.api.post(
      '/bid/client/saveBid',
      { name: '冲突测试', modelType: 'standard' },
      { token: user.token },
    );
    const bidId = created.body.data.id;
    const tree = await suite.server.api.post(
      '/catalog/client/bidCatalogSave',
      { bidId, catalogs: [{ title: '唯一章节' }] },
      { token: user.token },
    );
    const chapterId = tree.body.data[0].id;

    const t = await suite.newPage(user.token);
    const { page, errors } = t;
    await page.goto(`/home/book/BidingWrite?id=${bidId}`);
    await page.locator('.ProseMirror[contenteditable="true"]').waitFor();

    // Another tab saves first.
    const other = await suite.server.api.post(
      '/catalog/client/updateBidCatalogContent',
      {
        id: chapterId,
        baseVersion: 0,
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: '另一个标签页写的内容' }] }],
        },
      },
      { token: user.token },
    );
    expect(other.body.code).toBe(200);

    await page.locator('.ProseMirror').click();
    await page.keyboard.insertText('这个标签页写的内容');
    const dialog = page.locator('.ant-modal', { hasText: '本章已在别处保存了新内容' });
    await dialog.waitFor({ timeout: 15_000 });
    await settled(dialog);
    expect(await dialog.getByTestId('conflict-server-text').inputValue()).toContain('另一个标签页写的内容');
    expect(await dialog.getByTestId('conflict-mine-text').inputValue()).toContain('这个标签页写的内容');
    await dialog.getByTestId('conflict-keep-mine').click();
    await poll(() => page.getByTestId('save-status').getAttribute('data-state')).toBe('saved');

    const d = await suite.server.api.post(
      '/catalog/client/getBidCatalogDetail',
      { id: chapterId },
      { token: user.token },
    );
    expect(JSON.stringify(d.body.data.content)).toContain('这个标签页写的内容');
    // The overwritten text is kept as a version.
    const versions = await suite.server.api.post(
      '/catalog/client/getCatalogContentVersionList',
      { id: chapterId },
      { token: user.token },
    );
    const kept = await Promise.all(
      versions.body.data.map((v: { id: string }) =>
        suite.server.api.post(
          '/catalog/client/getCatalogContentVersionDetail',
          { id: chapterId, versionId: v.id },
          { token: user.token },
        ),
      ),
    );
    expect(kept.some((k) => JSON.stringify(k.body.data.content).includes('另一个标签页写的内容'))).toBe(true);
    // The browser logs the 409 answer itself; that is the point of this test.
    expect(
      unexpectedErrors(errors, [(e) => /409/.test(e.text) && e.url.includes('updateBidCatalogContent')]),
    ).toEqual([]);
  });
});
