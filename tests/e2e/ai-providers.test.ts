import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../../apps/server/src/policy/operator-repo.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const WAIT = { timeout: 15_000 };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');

/**
 * /admin/ai: an operator adds a provider (the key shown only as its last 4) and switches the AI to it.
 * /admin/templates: an operator disables a Word template, which leaves the users' template list.
 */
describe('AI providers and Word templates in the console (browser)', () => {
  const suite = browserSuite((env) => startTestServer({ ...env, SECRET_KEY: 'e2e-secret-key-for-sealing' }));

  it('adds a provider, never shows the key again, and activates it', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const operator = await createUserWithSession(suite.server);
    await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);
    const { page, errors } = await suite.newPage(operator.token);
    await page.goto('/home');
    await page.getByTestId('user-account').first().click();
    const menu = page.locator('.ant-dropdown', { has: page.getByRole('menuitem', { name: '运营后台' }) });
    await settled(menu);
    await menu.getByRole('menuitem', { name: '运营后台' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByRole('link', { name: 'AI 服务商' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/ai');
    await expect.poll(() => page.getByTestId('ai-in-use').innerText(), WAIT).toContain('内置离线引擎');

    await page.getByRole('button', { name: '新增服务商' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增服务商' });
    await settled(dialog);
    await dialog.getByLabel('名称').fill('DeepSeek');
    await dialog.getByLabel('接口地址（Base URL）').fill('https://api.deepseek.example/v1');
    await dialog.getByLabel('API Key').fill('sk-e2e-secret-0000abcd');
    await dialog.getByLabel('标准模型名').fill('deepseek-chat');
    await dialog.getByLabel('高级模型名').fill('deepseek-reasoner');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    const table = page.getByTestId('ai-providers');
    await expect.poll(() => table.innerText(), WAIT).toContain('已配置 ****abcd');
    expect(await page.content()).not.toContain('sk-e2e-secret');

    await table.getByRole('button', { name: /启\s?用/ }).click();
    const confirm = page.locator('.ant-modal', { hasText: '启用“DeepSeek”？' });
    await settled(confirm);
    await confirm.getByRole('button', { name: /启\s?用/ }).click();
    await expect
      .poll(() => page.getByTestId('ai-in-use').innerText(), WAIT)
      .toContain('运营后台启用的服务商');
    expect(await table.innerText()).toContain('使用中');
    await page.screenshot({ path: path.join(SHOTS, 'admin-ai-providers.png') });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('disables a Word template from /admin/templates; users can no longer choose it', async () => {
    const operator = await createUserWithSession(suite.server);
    await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);
    const { page, errors } = await suite.newPage(operator.token);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Word 模板' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/templates');
    const table = page.getByTestId('admin-templates');
    const row = table.locator('tr', { has: page.getByRole('switch', { disabled: false }) }).first();
    await expect.poll(() => row.count(), WAIT).toBe(1);
    const name = (await row.locator('strong').innerText()).trim();
    await row.getByRole('switch').click();
    await expect.poll(async () => row.getByRole('switch').getAttribute('aria-checked'), WAIT).toBe('false');
    const users = await suite.server.api.get('/bid/templateConfig/findAllTemplate');
    expect(users.body.data.map((t: { name: string }) => t.name)).not.toContain(name);
    await page.screenshot({ path: path.join(SHOTS, 'admin-templates.png') });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
