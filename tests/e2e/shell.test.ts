import { describe, expect, it } from 'vitest';
import { LOGIN_REDIRECT_KEY } from '@bid/shared';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { gotoReady, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

/** Rendering waits on lazy chunks and API calls; the machine running the suite may be busy. */
const POLL = { timeout: 20_000 };

/** The web shell in a real Chromium against the built app served by a real server. */
describe('web shell (browser)', () => {
  // The customer-service channel comes from configuration.
  const suite = browserSuite((env) =>
    startTestServer({
      ...env,
      CUSTOMER_SERVICE_PHONE: '0571-8888 6666',
      CUSTOMER_SERVICE_WECHAT: 'bid-service',
    }),
  );
  const newPage = (token?: string) => suite.newPage(token);

  it('renders the landing page hero, steps and footer without console errors', async () => {
    const { page, errors } = await newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    const h1 = page.locator('h1');
    await expect.poll(() => h1.textContent(), POLL).toContain('智能投标文件写作');
    expect((await h1.innerText()).replace(/\s+/g, ' ')).toBe('标书 AI · 智能投标文件写作');
    for (const step of ['解析招标文件', 'AI 生成大纲与正文', '导出 Word']) {
      await expect.poll(() => page.getByRole('heading', { name: step, exact: true }).count(), POLL).toBe(1);
    }
    // Company name from POST /api/common/client/getClientConfig.
    await expect.poll(() => page.getByTestId('footer-company').textContent(), POLL).toContain('标书 AI');
    expect(await page.title()).toBe('标书 AI · 智能投标文件写作');
    await page.waitForLoadState('networkidle');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('sends a visitor without a token from /home/book to / and remembers where they wanted to go', async () => {
    const { page, errors } = await newPage();
    await page.goto('/home/book?id=9');
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.locator('h1').textContent(), POLL).toContain('智能投标文件写作');
    expect(await page.evaluate((k) => sessionStorage.getItem(k), LOGIN_REDIRECT_KEY)).toBe('/home/book?id=9');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('answers an unknown path with HTTP 404 and the page-not-found text', async () => {
    const { page, errors } = await newPage();
    const res = await page.goto('/no/such/page?x=1');
    expect(res?.status()).toBe(404);
    await expect
      .poll(() => page.getByText('Page Not Found: /no/such/page?x=1', { exact: true }).count(), POLL)
      .toBe(1);
    expect(await page.title()).toBe('页面不存在 - 标书 AI');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // The only error is the browser's own note about the document's 404 status.
    expect(unexpectedErrors(errors, [(e) => e.url.includes('/no/such/page') && /404/.test(e.text)])).toEqual(
      [],
    );
  });

  it('renders /more/partner.html, and scrolls to the top on the next page', async () => {
    const { page, errors } = await newPage();
    // Scrolled only once React has taken over the server's page: its first render scrolls to the top.
    await gotoReady(page, '/more/partner.html');
    await expect.poll(() => page.locator('h1').textContent(), POLL).toBe('合作伙伴');
    expect(await page.title()).toBe('合作伙伴 - 标书 AI');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBeGreaterThan(100);
    await page.locator('footer').getByRole('link', { name: '联系我们' }).click();
    await expect.poll(() => page.locator('h1').textContent(), POLL).toBe('联系我们');
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('opens the customer-service popover at the lower left', async () => {
    const { page } = await newPage();
    await page.goto('/demo');
    const button = page.getByTestId('customer-service');
    const box = await button.boundingBox();
    expect(box!.x).toBeLessThan(100);
    expect(box!.y).toBeGreaterThan(900 - 120);
    await button.click();
    const panel = page.getByTestId('customer-service-panel');
    await expect.poll(() => panel.textContent(), POLL).toContain('客服电话');
    expect(await panel.textContent()).toContain('0571-8888 6666');
    expect(await panel.textContent()).toContain('bid-service');
  });

  it('shows the /home shell with a token: menu, quota, masked account, active links', async () => {
    const user = await createUserWithSession(suite.server);
    const { page, errors } = await newPage(user.token);
    await page.goto('/home');
    await expect.poll(() => page.title(), POLL).toBe('工作台 - 标书 AI');
    await expect.poll(() => page.locator('.bs-shell__sider').count(), POLL).toBe(1);
    for (const entry of [
      '工作台',
      '新建标书',
      '我的标书',
      '历史标书',
      '招标文件解读',
      '标书查重',
      '知识库',
      '图片库',
      '邀请有礼',
    ]) {
      expect(
        await page.locator('.bs-shell__sider').getByRole('link', { name: entry, exact: true }).count(),
        entry,
      ).toBe(1);
    }
    // Masked account from get-userInfo (when that call exists); the shell renders either way.
    const masked = `${user.phone.slice(0, 3)}****${user.phone.slice(7)}`;
    await expect.poll(() => page.getByTestId('user-account').textContent(), POLL).toBe(masked);

    const bookLink = page.locator('.bs-shell__sider').getByRole('link', { name: '我的标书', exact: true });
    await bookLink.click();
    await page.waitForURL((u) => u.pathname === '/home/book');
    // The screen itself belongs to the bid work; the shell's part is the title and the link state.
    await expect.poll(() => page.title(), POLL).toBe('我的标书 - 标书 AI');
    await expect.poll(() => bookLink.getAttribute('class'), POLL).toContain('exact-active');
    expect(
      await page.locator('.bs-shell__nav').getByRole('link', { name: '工作台' }).getAttribute('class'),
    ).toBe('active');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('shows the corporate layout for a company employee', async () => {
    const user = await createUserWithSession(suite.server, { isEmployee: 1 });
    const { page, errors } = await newPage(user.token);
    await page.goto('/home');
    await expect
      .poll(() => page.locator('[data-layout]').getAttribute('data-layout'), POLL)
      .toBe('corporate');
    expect(await page.getByTestId('company-header').textContent()).toContain('企业');
    const employees = page.locator('.bs-shell__sider').getByRole('link', { name: '员工管理' });
    const href = (await employees.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/home\//);
    await employees.click();
    await page.waitForURL((u) => `${u.pathname}${u.hash}` === href);
    await expect.poll(() => employees.getAttribute('class'), POLL).toContain('active');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
