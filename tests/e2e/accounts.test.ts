import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCompany } from '../../apps/server/src/modules/employee/service.ts';
import {
  loginBySms,
  nextPhone,
  readOutbox,
  setPassword,
  startAccountsServer,
} from '../../apps/server/test/accounts-helpers.ts';
import { gotoReady, settled, unexpectedErrors, type PageError } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const CAPTCHA = 'Ab3d';
/** Polls wait for the app, which on a busy machine may take a few seconds. */
const WAIT = { timeout: 15_000 };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');
const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;
/** The browser notes every 4xx answer in the console; the tests provoke some on purpose. */
const expected4xx = (e: PageError) => /status of 4\d\d/.test(e.text);

/** Login, account center and employees in a real Chromium against the built app and a real server. */
describe('accounts (browser)', () => {
  // A readable captcha exists only for tests (config refuses CAPTCHA_TEST_TEXT outside NODE_ENV=test).
  const suite = browserSuite((env) => startAccountsServer({ ...env, CAPTCHA_TEST_TEXT: CAPTCHA }));
  const newPage = (token?: string) => suite.newPage(token);

  async function openLoginDialog(page: Page) {
    await page.locator('.bs-site-header').getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByTestId('login-dialog');
    await settled(page.locator('.ant-modal', { has: dialog }));
    return dialog;
  }

  async function codeFromOutbox(phone: string): Promise<string> {
    let code = '';
    await expect
      .poll(() => {
        code =
          readOutbox(suite.server)
            .filter((l) => l.phone === phone && l.purpose === 'login')
            .at(-1)?.code ?? '';
        return code;
      }, WAIT)
      .toMatch(/^\d{6}$/);
    return code;
  }

  async function logoutToLanding(page: Page) {
    const logout = page.getByRole('menuitem', { name: '退出登录' });
    const menu = page.locator('.ant-dropdown', { has: logout });
    // (On a loaded machine the first click may land before the header's menu is wired: click again
    // until the menu opens, as a person would.)
    for (let tries = 0; ; tries++) {
      await page.getByTestId('user-account').first().click();
      try {
        await menu.waitFor({ timeout: 10_000 });
        break;
      } catch (e) {
        if (tries >= 4) throw e;
      }
    }
    await settled(menu);
    await logout.click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect
      .poll(
        () => page.locator('.bs-site-header').getByRole('button', { name: '登录', exact: true }).count(),
        WAIT,
      )
      .toBe(1);
    expect((await page.context().cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
  }

  it('a new user logs in by SMS code from the outbox, lands on /home, sees the masked phone and the quota, logs out to /', async () => {
    const { page, errors } = await newPage();
    const phone = nextPhone();
    await gotoReady(page, '/');
    const dialog = await openLoginDialog(page);

    // Bad phone: a clear message, no call.
    await dialog.getByPlaceholder('请输入手机号').fill('12345');
    await dialog.getByTestId('send-code').click();
    await expect.poll(() => dialog.getByText('手机号格式不正确').count(), WAIT).toBe(1);

    await dialog.getByPlaceholder('请输入手机号').fill(phone);
    await dialog.getByTestId('send-code').click();
    await expect.poll(() => dialog.getByTestId('send-code').textContent(), WAIT).toMatch(/\d+ 秒后重发/);
    const code = await codeFromOutbox(phone);
    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await dialog.getByRole('button', { name: '登录 / 注册' }).click();

    await expect.poll(() => page.getByTestId('user-account').first().textContent(), WAIT).toBe(masked(phone));
    // Logged in from the landing page with nowhere remembered: the workbench (issue 26).
    await page.waitForURL((u) => u.pathname === '/home');
    expect(await page.getByTestId('login-dialog').count()).toBe(0);

    await page.goto('/home/account');
    await expect.poll(() => page.getByTestId('account-masked').textContent(), WAIT).toBe(masked(phone));
    await expect.poll(() => page.getByTestId('quota-total').textContent(), WAIT).toContain('1');
    expect(await page.getByTestId('quota-panel').textContent()).toContain('体验额度');
    await expect.poll(() => page.getByTestId('quota-badge').textContent(), WAIT).toContain('剩余额度 1 份');
    expect(await page.locator('body').textContent()).not.toContain(phone);

    await logoutToLanding(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('password login with the captcha: a wrong captcha is refused and renewed, the right one logs in', async () => {
    const phone = nextPhone();
    const { token } = await loginBySms(suite.server, phone);
    await setPassword(suite.server, token, phone, 'Browser-pass-9');

    const { page, errors } = await newPage();
    await gotoReady(page, '/');
    const dialog = await openLoginDialog(page);
    const img = dialog.getByTestId('captcha-image');
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await img.waitFor(WAIT);
    const firstImage = await img.getAttribute('src');
    expect(firstImage).toMatch(/^data:image\/svg\+xml;base64,/);

    await dialog.getByPlaceholder('手机号 / 账号').fill(phone);
    await dialog.getByPlaceholder('请输入密码').fill('Browser-pass-9');
    await dialog.getByPlaceholder('图形验证码').fill('zzzz');
    await dialog.getByTestId('password-login-form').locator('button[type=submit]').click();
    await expect
      .poll(() => dialog.getByTestId('login-error').textContent(), WAIT)
      .toContain('图形验证码错误或已过期');
    // A new captcha replaces the used one.
    await expect.poll(() => dialog.getByPlaceholder('图形验证码').inputValue(), WAIT).toBe('');

    await dialog.getByPlaceholder('图形验证码').fill(CAPTCHA.toLowerCase());
    await dialog.getByTestId('password-login-form').locator('button[type=submit]').click();
    await expect.poll(() => page.getByTestId('user-account').first().textContent(), WAIT).toBe(masked(phone));

    await page.goto('/home/account');
    await expect.poll(() => page.getByTestId('quota-total').textContent(), WAIT).toContain('1');
    await logoutToLanding(page);
    expect(unexpectedErrors(errors, [expected4xx])).toEqual([]);
  });

  it('after login the user lands where they wanted to go (login_redirect)', async () => {
    const { page, errors } = await newPage();
    const phone = nextPhone();
    await page.goto('/home/account');
    await page.waitForURL((u) => u.pathname === '/');
    // The deep link opens the login dialog by itself.
    const dialog = page.getByTestId('login-dialog');
    await settled(page.locator('.ant-modal', { has: dialog }));
    await dialog.getByPlaceholder('请输入手机号').fill(phone);
    await dialog.getByTestId('send-code').click();
    await dialog.getByPlaceholder('请输入验证码').fill(await codeFromOutbox(phone));
    await dialog.getByRole('button', { name: '登录 / 注册' }).click();
    await page.waitForURL((u) => u.pathname === '/home/account');
    await expect.poll(() => page.getByTestId('account-masked').textContent(), WAIT).toBe(masked(phone));
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('the session is an HttpOnly cookie: from /home log in, reload and stay in, page scripts never see the token, log out and stay out', async () => {
    const { page, errors } = await newPage();
    const phone = nextPhone();
    // What page scripts see, read once the page has settled (a read during a navigation is retried).
    const pageCookies = async (): Promise<string> => {
      for (let tries = 0; ; tries++) {
        await page.waitForLoadState();
        try {
          return await page.evaluate(() => document.cookie);
        } catch (e) {
          if (tries >= 4 || !/context was destroyed|navigat/i.test(String(e))) throw e;
        }
      }
    };
    await page.goto('/home');
    await page.waitForURL((u) => u.pathname === '/');
    const dialog = page.getByTestId('login-dialog');
    await settled(page.locator('.ant-modal', { has: dialog }));
    await dialog.getByPlaceholder('请输入手机号').fill(phone);
    await dialog.getByTestId('send-code').click();
    await dialog.getByPlaceholder('请输入验证码').fill(await codeFromOutbox(phone));
    await dialog.getByRole('button', { name: '登录 / 注册' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect.poll(() => page.getByTestId('user-account').first().textContent(), WAIT).toBe(masked(phone));

    const tokenCookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
    expect(tokenCookie?.httpOnly).toBe(true);
    expect(tokenCookie?.sameSite).toBe('Lax');
    expect(tokenCookie!.value.length).toBeGreaterThan(20);
    expect(await pageCookies()).not.toContain(tokenCookie!.value);
    expect(await pageCookies()).not.toContain('Admin-Token');
    expect(await pageCookies()).toMatch(/(^|; )Admin-Session=/);

    // A reload keeps the session: the app knows it from the marker and the cookie carries the token.
    await page.reload();
    await expect.poll(() => page.getByTestId('user-account').first().textContent(), WAIT).toBe(masked(phone));
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await pageCookies()).not.toContain(tokenCookie!.value);

    // Logout (clicks) clears both cookies on the server's answer; a reload stays signed out.
    await logoutToLanding(page);
    expect(await pageCookies()).not.toContain('Admin-Session');
    await page.reload();
    await expect
      .poll(
        () => page.locator('.bs-site-header').getByRole('button', { name: '登录', exact: true }).count(),
        WAIT,
      )
      .toBe(1);
    expect(await page.getByTestId('user-account').count()).toBe(0);
    // The old token is dead on the server too.
    const after = await suite.server.api.post(
      '/blade-system/client/get-userInfo',
      {},
      { token: tokenCookie!.value },
    );
    expect(after.status).toBe(401);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('WeChat QR login with the simulator: the dialog polls and logs in once the scene is confirmed', async () => {
    const { page, errors } = await newPage();
    await gotoReady(page, '/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('tab', { name: '微信登录' }).click();
    await dialog.getByTestId('wechat-qr').waitFor();
    const scene = (await dialog.getByTestId('wechat-scene-code').textContent())?.trim() ?? '';
    expect(scene).toMatch(/^[0-9a-f]{32}$/);
    const confirm = await suite.server.api.post('/dev/wechat/confirm', {
      code: scene,
      openid: `o-e2e-${Date.now()}`,
      nickname: '浏览器用户',
    });
    expect(confirm.status).toBe(200);
    await expect.poll(() => page.getByTestId('user-account').first().textContent(), WAIT).toMatch(/^wx_/);
    await logoutToLanding(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('a company administrator invites an employee, who accepts on the workbench; the removed employee is logged out at once', async () => {
    const adminPhone = nextPhone();
    await createCompany(suite.server.built.ctx.db, { name: '浏览器测试企业', phone: adminPhone, bids: 3 });
    const admin = await loginBySms(suite.server, adminPhone);
    const { page, errors } = await newPage(admin.token);
    await page.goto('/home/employees');
    await expect
      .poll(() => page.getByTestId('company-header').textContent(), WAIT)
      .toContain('浏览器测试企业');

    const empPhone = nextPhone();
    const form = page.getByTestId('employee-add-form');
    await form.getByPlaceholder('员工手机号').fill(empPhone);
    await form.getByPlaceholder('姓名（选填）').fill('赵六');
    await form.getByRole('button', { name: '邀请员工' }).click();
    const invitations = page.getByTestId('invitation-table');
    await expect.poll(() => invitations.getByText('赵六').count(), WAIT).toBe(1);
    expect(await invitations.textContent()).toContain('等待对方接受');
    const table = page.getByTestId('employee-table');
    // Not a member before saying yes.
    expect(await table.getByText('赵六').count()).toBe(0);

    // The invited person logs in and answers on the workbench.
    const employee = await loginBySms(suite.server, empPhone);
    const invited = await newPage(employee.token);
    await invited.page.goto('/home');
    const notice = invited.page.getByTestId('invitation-notice');
    await expect.poll(() => notice.textContent(), WAIT).toContain('「浏览器测试企业」邀请您加入企业账号');
    fs.mkdirSync(SHOTS, { recursive: true });
    await invited.page.screenshot({ path: path.join(SHOTS, 'invitation-notice.png') });
    await notice.getByRole('button', { name: /接\s*受/ }).click();
    const join = invited.page.getByRole('dialog').last();
    await settled(join);
    await join.getByRole('button', { name: '加入企业' }).click();
    await expect.poll(() => invited.page.getByTestId('invitation-notice').count(), WAIT).toBe(0);
    const info = await suite.server.api.post(
      '/blade-system/client/get-userInfo',
      {},
      { token: employee.token },
    );
    expect(info.body.data).toMatchObject({ isEmployee: 1, role: 'employee' });
    await invited.page.close();

    await page.reload();
    await expect.poll(() => table.getByText('赵六').count(), WAIT).toBe(1);
    expect(await table.textContent()).toContain(masked(empPhone));
    expect(await page.getByTestId('invitation-table').count()).toBe(0);

    // antd spaces two-character button labels: 移 除.
    await table
      .getByRole('row', { name: /赵六/ })
      .getByRole('button', { name: /^移\s*除$/ })
      .click();
    const confirm = page.getByRole('dialog').last();
    await settled(confirm);
    await confirm.getByRole('button', { name: /^移\s*除$/ }).click();
    await expect.poll(() => table.getByText('赵六').count(), WAIT).toBe(0);
    expect(
      (await suite.server.api.post('/blade-system/client/get-userInfo', {}, { token: employee.token }))
        .status,
    ).toBe(401);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
