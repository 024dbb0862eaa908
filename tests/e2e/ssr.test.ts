import { describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { newPageWithErrors, unexpectedErrors, launchBrowser } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const POLL = { timeout: 20_000 };

/** Server-rendered public pages in a real Chromium: readable without JavaScript, hydrated without a mismatch. */
describe('server-rendered public site (browser)', () => {
  const suite = browserSuite();

  it('shows the landing page and a help article with JavaScript disabled', async () => {
    const browser = await launchBrowser();
    try {
      const { page, context } = await newPageWithErrors(browser, {
        baseURL: suite.server.baseUrl,
        javaScriptEnabled: false,
      });
      await page.goto('/');
      expect((await page.locator('h1').innerText()).replace(/\s+/g, ' ')).toBe('标书 AI · 智能投标文件写作');
      expect(await page.getByRole('heading', { name: '三步完成一份投标文件' }).isVisible()).toBe(true);
      // Styled by the inline antd styles and the stylesheet: the primary button has its colour.
      const cta = page.getByRole('button', { name: '免费开始写标书' });
      expect(await cta.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await page.goto('/help/getting-started.html');
      expect(await page.title()).toBe('五分钟上手标书 AI - 帮助中心 - 标书 AI');
      expect(await page.getByText('填写标书名称').first().isVisible()).toBe(true);
      // Search works without JavaScript: the box is a form whose results the server renders.
      await page.goto('/search.html');
      await page.getByLabel('搜索关键词').fill('导出');
      await page.getByLabel('搜索关键词').press('Enter');
      await page.waitForURL((u) => u.searchParams.get('q') === '导出');
      expect(await page.locator('a.bs-search-hit').count()).toBeGreaterThan(0);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('hydrates the landing page without errors, and a signed-in visitor goes on to the workbench', async () => {
    const user = await createUserWithSession(suite.server);
    const { page, errors } = await suite.newPage(user.token);
    // The server's <h1> as the parser made it, before any script ran: hydration must keep that very
    // node (a mismatch makes React throw the server's HTML away and render anew).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1');
      });
    });
    await page.goto('/');
    // The server rendered the signed-in header; hydration keeps it and makes it work.
    const enter = page.getByRole('button', { name: '进入工作台' });
    await enter.waitFor();
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { serverH1: Element | null }).serverH1;
        return kept !== null && kept === document.querySelector('h1') && kept.isConnected;
      }),
    ).toBe(true);
    await enter.click();
    await page.waitForURL((u) => u.pathname === '/home');
    await expect.poll(() => page.title(), POLL).toContain('工作台');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('hydrates an article and a missing article (404 page) without errors, and client navigation needs no content request', async () => {
    const { page, errors } = await suite.newPage();
    const contentCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/content/')) contentCalls.push(r.url());
    });
    const res = await page.goto('/help/getting-started.html');
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    // Hydrated from the page's payload: the article and the list beside it came with the HTML.
    expect(contentCalls).toEqual([]);
    await page.getByRole('link', { name: '如何上传或粘贴招标文件' }).first().click();
    await page.waitForURL((u) => u.pathname === '/help/upload-tender.html');
    await expect.poll(() => page.locator('h1').first().innerText(), POLL).toContain('如何上传或粘贴招标文件');

    const missing = await page.goto('/help/no-such-code.html');
    expect(missing?.status()).toBe(404);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('not-found').innerText()).toContain(
      'Page Not Found: /help/no-such-code.html',
    );
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // The 404 document itself is the only failed load.
    expect(unexpectedErrors(errors, [/status of 404/])).toEqual([]);
  });

  it('a button pressed before the page is interactive is not lost: the press is replayed once React has hydrated', async () => {
    // Pages that load the whole app at once (the island pages hand presses over from the entry on).
    for (const path of ['/demo', '/more/question.html']) {
      const { page, errors } = await suite.newPage();
      // The 2 KB entry runs; everything it loads next waits until the press has happened.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await page.route(/\/assets\/.+\.js$/, async (route) => {
        if (!/\/assets\/index-[^/]+\.js$/.test(route.request().url())) await released;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.querySelector('script[type="module"]') !== null);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
      await page.locator('.bs-site-header').getByRole('button', { name: '免费试用' }).click();
      release();
      await page.getByTestId('login-dialog').waitFor({ timeout: 20_000 });
      expect(unexpectedErrors(errors), path).toEqual([]);
    }
  });
});
