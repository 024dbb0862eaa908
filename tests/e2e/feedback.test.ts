import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../../apps/server/src/policy/operator-repo.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const WAIT = { timeout: 15_000 };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');
// A 1x1 GIF: the screenshot the user attaches.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function openMenuItem(page: Page, name: string | RegExp) {
  await page.getByTestId('user-account').first().click();
  const item = page.getByRole('menuitem', { name });
  await settled(page.locator('.ant-dropdown', { has: item }));
  await item.click();
}

/** Feedback with a screenshot from /home, the operator's reply in /admin/feedback, the user reading it. */
describe('feedback (browser)', () => {
  const suite = browserSuite((env) => startTestServer(env));

  it('a user sends feedback with a screenshot; the operator replies; the user sees the reply', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const member = await createUserWithSession(suite.server);
    const operator = await createUserWithSession(suite.server);
    await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);

    const user = await suite.newPage(member.token);
    await user.page.goto('/home');
    await openMenuItem(user.page, '意见反馈');
    await user.page.waitForURL((u) => u.pathname === '/home/feedback');
    await user.page.getByPlaceholder('请描述您遇到的问题或希望改进的地方').fill('导出 Word 后目录页码不对');
    await user.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'shot.gif', mimeType: 'image/gif', buffer: GIF });
    await expect.poll(() => user.page.locator('.ant-upload-list-item-done').count(), WAIT).toBe(1);
    await user.page.getByRole('button', { name: '提交反馈' }).click();
    const mine = user.page.getByTestId('my-feedback');
    await expect.poll(() => mine.innerText(), WAIT).toContain('导出 Word 后目录页码不对');
    expect(await mine.innerText()).toContain('待回复');
    await expect.poll(() => mine.locator('img[alt="反馈截图"]').count(), WAIT).toBe(1);

    const admin = await suite.newPage(operator.token);
    await admin.page.goto('/home');
    await openMenuItem(admin.page, '运营后台');
    await admin.page.waitForURL((u) => u.pathname === '/admin');
    await admin.page.getByRole('link', { name: '意见反馈' }).click();
    await admin.page.waitForURL((u) => u.pathname === '/admin/feedback');
    const row = admin.page
      .getByTestId('admin-feedback')
      .locator('tr', { hasText: '导出 Word 后目录页码不对' });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    // The operator sees the screenshot itself (served through the feedback it belongs to).
    await expect
      .poll(
        () =>
          row
            .locator('img[alt="反馈截图"]')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        WAIT,
      )
      .toBe(1);
    await row.getByRole('button', { name: /^回\s?复$/ }).click();
    const dialog = admin.page.locator('.ant-modal', { hasText: '回复用户' });
    await settled(dialog);
    await dialog.getByLabel('回复内容').fill('已修复，请更新后重新导出');
    await dialog.getByRole('button', { name: '发送回复' }).click();
    await expect.poll(() => row.innerText(), WAIT).toContain('已回复');
    await admin.page.screenshot({ path: path.join(SHOTS, 'feedback-admin.png') });

    await user.page.goto('/home');
    await openMenuItem(user.page, /意见反馈/);
    await user.page.waitForURL((u) => u.pathname === '/home/feedback');
    const reply = user.page.getByTestId('feedback-reply');
    await expect.poll(() => reply.innerText(), WAIT).toContain('已修复，请更新后重新导出');
    expect(await reply.innerText()).toContain('新回复');
    await user.page.screenshot({ path: path.join(SHOTS, 'feedback-user.png') });
    expect(unexpectedErrors(user.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
  });
});
