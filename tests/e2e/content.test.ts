import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../../apps/server/src/policy/operator-repo.ts';
import { gotoReady, settled, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const WAIT = { timeout: 15_000 };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');

/** An operator writes a help article in the console; a visitor reads it at its URL and finds it by search. */
describe('public content (browser)', () => {
  const suite = browserSuite();

  it('a help article created in /admin/content appears at /help/{code}.html and in /search.html', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const operator = await createUserWithSession(suite.server);
    await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);

    // The operator: /home -> user menu -> 运营后台 -> 内容管理 -> 新建帮助 -> Markdown with preview -> 保存.
    const admin = await suite.newPage(operator.token);
    await admin.page.goto('/home');
    await admin.page.getByTestId('user-account').first().click();
    const item = admin.page.getByRole('menuitem', { name: '运营后台' });
    await settled(admin.page.locator('.ant-dropdown', { has: item }));
    await item.click();
    await admin.page.waitForURL((u) => u.pathname === '/admin');
    await admin.page.getByRole('link', { name: '内容管理' }).click();
    await expect
      .poll(() => admin.page.getByTestId('admin-content').innerText(), WAIT)
      .toContain('五分钟上手标书 AI');
    await admin.page.getByRole('button', { name: '新建帮助' }).click();
    const dialog = admin.page.locator('.ant-modal', { hasText: '新建帮助' });
    await settled(dialog);
    await dialog.getByLabel('标题').fill('投标保证金怎么交');
    await dialog.getByLabel('编码（网址中的名字）').fill('bid-bond');
    await dialog
      .getByLabel('正文 Markdown')
      .fill('## 缴纳方式\n\n保证金一般通过**银行转账**缴纳，以招标文件为准。');
    await expect
      .poll(() => dialog.getByTestId('content-preview').innerHTML(), WAIT)
      .toContain('<strong>银行转账</strong>');
    await admin.page.screenshot({ path: path.join(SHOTS, 'content-admin-editor.png') });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => admin.page.getByText('已保存并发布').count(), WAIT).toBe(1);
    await expect
      .poll(() => admin.page.getByTestId('admin-content').innerText(), WAIT)
      .toContain('/help/bid-bond.html');

    // A visitor: the article at its URL, then found through search and opened from the hit.
    const visitor = await suite.newPage();
    await visitor.page.goto('/help/bid-bond.html');
    await expect.poll(() => visitor.page.locator('h1').innerText(), WAIT).toBe('投标保证金怎么交');
    expect(await visitor.page.locator('.bs-markdown h2').innerText()).toBe('缴纳方式');
    await visitor.page.screenshot({ path: path.join(SHOTS, 'content-help-page.png') });
    await gotoReady(visitor.page, '/search.html');
    await visitor.page.getByLabel('搜索关键词').fill('保证金');
    await visitor.page.getByLabel('搜索关键词').press('Enter');
    const hit = visitor.page.locator('a.bs-search-hit', { hasText: '投标保证金怎么交' });
    await expect.poll(() => hit.count(), WAIT).toBe(1);
    expect(await hit.locator('mark').first().innerText()).toBe('保证金');
    await visitor.page.screenshot({ path: path.join(SHOTS, 'content-search.png') });
    await hit.click();
    await visitor.page.waitForURL((u) => u.pathname === '/help/bid-bond.html');

    // An unknown code is the 404 page.
    await visitor.page.goto('/help/no-such-article.html');
    await expect
      .poll(() => visitor.page.getByText(/Page Not Found|页面不存在|404/).count(), WAIT)
      .toBeGreaterThan(0);

    // The operator takes it offline (the visitor now gets 404), then deletes it after confirming.
    await admin.page.getByRole('switch', { name: '发布 投标保证金怎么交' }).click();
    await expect.poll(() => admin.page.getByText('已下线，访客将看不到它').count(), WAIT).toBe(1);
    await visitor.page.goto('/help/bid-bond.html');
    await expect
      .poll(() => visitor.page.getByText(/Page Not Found|页面不存在|404/).count(), WAIT)
      .toBeGreaterThan(0);
    expect(await visitor.page.getByText('保证金一般通过').count()).toBe(0);
    const row = admin.page.locator('tr', { hasText: '投标保证金怎么交' });
    await row.getByRole('button', { name: /删\s*除/ }).click();
    const confirm = admin.page.locator('.ant-modal-confirm');
    await settled(confirm);
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => row.count(), WAIT).toBe(0);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    expect(unexpectedErrors(visitor.errors, [/404/])).toEqual([]);
  });

  it('a banner published in /admin/notices shows above /home until the user closes it', async () => {
    const operator = await createUserWithSession(suite.server);
    await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);
    // Only this test's notice is live.
    await suite.server.built.ctx.db.updateTable('notices').set({ status: 0 }).execute();
    const admin = await suite.newPage(operator.token);
    await admin.page.goto('/admin');
    await admin.page.getByRole('link', { name: '公告管理' }).click();
    await admin.page.getByRole('button', { name: '新建公告' }).click();
    const dialog = admin.page.locator('.ant-modal', { hasText: '新建公告' });
    await settled(dialog);
    await dialog.getByLabel('标题', { exact: true }).fill('系统维护通知');
    await dialog.getByLabel('内容', { exact: true }).fill('今晚 23:00 至 23:30 系统维护，请提前保存。');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect
      .poll(() => admin.page.getByTestId('admin-notices').innerText(), WAIT)
      .toContain('系统维护通知');
    await admin.page.screenshot({ path: path.join(SHOTS, 'content-admin-notices.png') });

    const member = await createUserWithSession(suite.server);
    const user = await suite.newPage(member.token);
    await user.page.goto('/home');
    const banner = user.page.getByTestId('head-notice');
    await expect.poll(() => banner.innerText(), WAIT).toContain('今晚 23:00 至 23:30 系统维护');
    await user.page.screenshot({ path: path.join(SHOTS, 'content-head-notice.png') });
    await banner.getByRole('button', { name: '关闭公告' }).click();
    await expect.poll(() => banner.count(), WAIT).toBe(0);
    await user.page.reload();
    await expect
      .poll(() => user.page.locator('.bs-shell__content h1, .bs-shell__content h2').count(), WAIT)
      .toBeGreaterThan(0);
    expect(await banner.count()).toBe(0);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    expect(unexpectedErrors(user.errors)).toEqual([]);
  });
});
